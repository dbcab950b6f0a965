import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { defaultPartnerCaSubject } from '../shared/config/env.ts';
import type { Role } from '../shared/domain/employees/model.ts';
import { type Stage, stages } from '../shared/vocabulary/stage.ts';

/** Everything that differs between stages. Overridable per deploy with `-c <key>=<value>` (docs/deploy.md). */
export interface StageConfig {
  stage: Stage;
  /** Undefined: the account of the credentials that run `cdk deploy` (CDK_DEFAULT_ACCOUNT). */
  account: string | undefined;
  region: string;
  /** {base_url}: the partner API, mutual TLS. */
  apiDomainName: string;
  /** {auth_url}: token issuing and employee login, no client certificate. */
  authDomainName: string;
  /** {admin_url}: the employee admin API, no client certificate, behind a WAF web ACL. */
  adminDomainName: string;
  /** {venue_url}: the venue devices' API (scanners), no client certificate, behind a WAF web ACL. */
  venueDomainName: string;
  /** {es2plus_url}: GSMA SGP.22 ES2+ for the SM-DP+, mutual TLS against the SM-DP+ CA, behind a WAF web ACL. */
  es2plusDomainName: string;
  /** {console_url}'s host: the employee console (CloudFront), admitted by CORS on the auth and admin APIs. */
  consoleDomainName: string;
  /** {docs_url}'s host: the API reference (CloudFront), an origin of its own. */
  docsDomainName: string;
  /** {scanner_url}'s host: the venues' scanner app (CloudFront), admitted by CORS on the auth and venue hosts. */
  scannerDomainName: string;
  /**
   * {esim_page_url}'s host: the travellers' eSIM page (CloudFront), whose `/v2/esim-page/*` goes to the
   * page's read API on `esimPageApiDomainName` (docs/esim.md, Install help).
   */
  esimPageDomainName: string;
  /** The eSIM page's read API (regional, a WAF web ACL): CloudFront's origin for `/v2/esim-page/*`. */
  esimPageApiDomainName: string;
  /** Regional ACM certificates in `region`, one per domain (a wildcard certificate may serve several). */
  apiCertificateArn: string;
  authCertificateArn: string;
  adminCertificateArn: string;
  venueCertificateArn: string;
  es2plusCertificateArn: string;
  esimPageApiCertificateArn: string;
  /** CloudFront certificates: ACM in us-east-1, whatever the stage's region. */
  consoleCertificateArn: string;
  docsCertificateArn: string;
  scannerCertificateArn: string;
  esimPageCertificateArn: string;
  /** The stage's OpenID Provider for employee login (docs/employees.md, Identity provider per stage). */
  employeeLogin: EmployeeLoginSettings;
  /** Route 53 zone for the alias records; undefined when DNS lives elsewhere (CNAME the outputs). */
  hostedZone: { id: string; name: string } | undefined;
  /** S3 object version of the mTLS truststore; set after each CA bundle upload so the domain reloads it. */
  truststoreVersion: string | undefined;
  /** S3 object version of the SM-DP+ truststore (the supplier's CA bundle), set after each upload. */
  smdpTruststoreVersion: string | undefined;
  alarmEmail: string | undefined;
  logRetention: RetentionDays;
  /** Data stores survive `cdk destroy` and refuse deletion in prod; throwaway stages clean up. */
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  throttling: { rateLimit: number; burstLimit: number };
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  keyRotationInterval: Duration;
  /** Subject DN of the partner CA loaded into the `partner-ca` secret and the truststore (docs/deploy.md). */
  partnerCaSubject: string;
  /** SM-DP+ server named in every eSIM activation code (ESIM_SMDP_ADDRESS; docs/esim.md). */
  esimSmdpAddress: string;
  /** Apple Wallet pass type and team of the pass-type certificate in the `applePassCertificate` secret (docs/wallet.md). */
  applePassTypeIdentifier: string;
  appleTeamIdentifier: string;
  /** Google Wallet issuer id; the service-account key is the `googleWalletKey` secret (docs/wallet.md). */
  googleWalletIssuerId: string;
}

export interface EmployeeLoginSettings {
  /** The provider's issuer URL (its `/.well-known/openid-configuration` is read at the first login). */
  issuer: string;
  /** This service's client at the provider; the client secret is the `idpClientSecret` secret. */
  clientId: string;
  /** The claim (userinfo or ID token) that lists the employee's groups. */
  groupsClaim: string;
  /**
   * Provider group -> role. An employee in no mapped group gets no role and no token: every stage CDK
   * deploys maps strictly, so this table has no mapping mode (only the local stage may be lenient).
   */
  groupRoles: Readonly<Record<string, Role>>;
  /** The console's OAuth client id (the `client_id` claim of employee tokens). */
  consoleClientId: string;
  /** Exact redirect URIs the login accepts; empty: `https://<consoleDomainName>/callback` only. */
  redirectUris: readonly string[];
}

/**
 * Placeholders (example.com, account 000000000000) keep `npm run synth` offline and credential-free;
 * a deploy replaces them through context or by editing this table (docs/deploy.md).
 */
const placeholderCertificate =
  'arn:aws:acm:eu-west-1:000000000000:certificate/00000000-0000-0000-0000-000000000000';
/** CloudFront takes certificates from us-east-1 only. */
const placeholderGlobalCertificate =
  'arn:aws:acm:us-east-1:000000000000:certificate/00000000-0000-0000-0000-000000000000';
const placeholderZone = { id: 'Z00000000000000000000', name: 'partner-travel.example.com' };
const placeholderIssuer = 'https://login.example.com/partner-travel';
const placeholderAppleTeam = 'A1B2C3D4E5';
const placeholderGoogleIssuer = '3388000000000000000';

const employeeLoginDefaults: EmployeeLoginSettings = {
  issuer: placeholderIssuer,
  clientId: 'partner-travel-backend',
  groupsClaim: 'groups',
  groupRoles: { 'pts-admins': 'admin', 'pts-support': 'support' },
  consoleClientId: 'partner-travel-console',
  redirectUris: [],
};

type StageDefaults = Omit<StageConfig, 'stage'>;

const throwaway = {
  account: undefined,
  region: 'eu-west-1',
  apiCertificateArn: placeholderCertificate,
  authCertificateArn: placeholderCertificate,
  adminCertificateArn: placeholderCertificate,
  venueCertificateArn: placeholderCertificate,
  es2plusCertificateArn: placeholderCertificate,
  esimPageApiCertificateArn: placeholderCertificate,
  consoleCertificateArn: placeholderGlobalCertificate,
  docsCertificateArn: placeholderGlobalCertificate,
  scannerCertificateArn: placeholderGlobalCertificate,
  esimPageCertificateArn: placeholderGlobalCertificate,
  hostedZone: placeholderZone,
  truststoreVersion: undefined,
  smdpTruststoreVersion: undefined,
  alarmEmail: undefined,
  removalPolicy: RemovalPolicy.DESTROY,
  deletionProtection: false,
  throttling: { rateLimit: 50, burstLimit: 100 },
  logLevel: 'DEBUG',
  keyRotationInterval: Duration.days(30),
  partnerCaSubject: defaultPartnerCaSubject,
  // Placeholders of the formats Apple and Google give (a deploy sets its own: docs/wallet.md).
  appleTeamIdentifier: placeholderAppleTeam,
  googleWalletIssuerId: placeholderGoogleIssuer,
} satisfies Partial<StageDefaults>;

const defaults: Record<Stage, StageDefaults> = {
  local: {
    ...throwaway,
    apiDomainName: 'api.local.partner-travel.example.com',
    authDomainName: 'auth.local.partner-travel.example.com',
    adminDomainName: 'admin.local.partner-travel.example.com',
    venueDomainName: 'venue.local.partner-travel.example.com',
    es2plusDomainName: 'es2plus.local.partner-travel.example.com',
    consoleDomainName: 'console.local.partner-travel.example.com',
    docsDomainName: 'docs.local.partner-travel.example.com',
    scannerDomainName: 'scanner.local.partner-travel.example.com',
    esimPageDomainName: 'esim.local.partner-travel.example.com',
    esimPageApiDomainName: 'esim-page-api.local.partner-travel.example.com',
    employeeLogin: employeeLoginDefaults,
    esimSmdpAddress: 'smdp.local.partner-travel.example.com',
    applePassTypeIdentifier: 'pass.com.example.partner-travel.local',
    logRetention: RetentionDays.ONE_WEEK,
  },
  preview: {
    ...throwaway,
    apiDomainName: 'api.preview.partner-travel.example.com',
    authDomainName: 'auth.preview.partner-travel.example.com',
    adminDomainName: 'admin.preview.partner-travel.example.com',
    venueDomainName: 'venue.preview.partner-travel.example.com',
    es2plusDomainName: 'es2plus.preview.partner-travel.example.com',
    consoleDomainName: 'console.preview.partner-travel.example.com',
    docsDomainName: 'docs.preview.partner-travel.example.com',
    scannerDomainName: 'scanner.preview.partner-travel.example.com',
    esimPageDomainName: 'esim.preview.partner-travel.example.com',
    esimPageApiDomainName: 'esim-page-api.preview.partner-travel.example.com',
    employeeLogin: employeeLoginDefaults,
    esimSmdpAddress: 'smdp.preview.partner-travel.example.com',
    applePassTypeIdentifier: 'pass.com.example.partner-travel.preview',
    logRetention: RetentionDays.TWO_WEEKS,
  },
  stage: {
    ...throwaway,
    apiDomainName: 'api.stage.partner-travel.example.com',
    authDomainName: 'auth.stage.partner-travel.example.com',
    adminDomainName: 'admin.stage.partner-travel.example.com',
    venueDomainName: 'venue.stage.partner-travel.example.com',
    es2plusDomainName: 'es2plus.stage.partner-travel.example.com',
    consoleDomainName: 'console.stage.partner-travel.example.com',
    docsDomainName: 'docs.stage.partner-travel.example.com',
    scannerDomainName: 'scanner.stage.partner-travel.example.com',
    esimPageDomainName: 'esim.stage.partner-travel.example.com',
    esimPageApiDomainName: 'esim-page-api.stage.partner-travel.example.com',
    employeeLogin: employeeLoginDefaults,
    esimSmdpAddress: 'smdp.stage.partner-travel.example.com',
    applePassTypeIdentifier: 'pass.com.example.partner-travel.stage',
    logRetention: RetentionDays.ONE_MONTH,
    throttling: { rateLimit: 100, burstLimit: 200 },
    logLevel: 'INFO',
  },
  prod: {
    ...throwaway,
    apiDomainName: 'api.partner-travel.example.com',
    authDomainName: 'auth.partner-travel.example.com',
    adminDomainName: 'admin.partner-travel.example.com',
    venueDomainName: 'venue.partner-travel.example.com',
    es2plusDomainName: 'es2plus.partner-travel.example.com',
    consoleDomainName: 'console.partner-travel.example.com',
    docsDomainName: 'docs.partner-travel.example.com',
    scannerDomainName: 'scanner.partner-travel.example.com',
    esimPageDomainName: 'esim.partner-travel.example.com',
    esimPageApiDomainName: 'esim-page-api.partner-travel.example.com',
    employeeLogin: employeeLoginDefaults,
    esimSmdpAddress: 'smdp.partner-travel.example.com',
    applePassTypeIdentifier: 'pass.com.example.partner-travel',
    logRetention: RetentionDays.ONE_YEAR,
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
    throttling: { rateLimit: 500, burstLimit: 1000 },
    logLevel: 'INFO',
  },
};

/** Context keys a deploy may set with `-c key=value`; all strings, so they work from the command line. */
const overridable = [
  'account',
  'region',
  'apiDomainName',
  'authDomainName',
  'adminDomainName',
  'venueDomainName',
  'es2plusDomainName',
  'consoleDomainName',
  'docsDomainName',
  'scannerDomainName',
  'esimPageDomainName',
  'esimPageApiDomainName',
  'apiCertificateArn',
  'authCertificateArn',
  'adminCertificateArn',
  'venueCertificateArn',
  'es2plusCertificateArn',
  'consoleCertificateArn',
  'docsCertificateArn',
  'scannerCertificateArn',
  'esimPageCertificateArn',
  'esimPageApiCertificateArn',
  'truststoreVersion',
  'smdpTruststoreVersion',
  'alarmEmail',
  'partnerCaSubject',
  'esimSmdpAddress',
  'applePassTypeIdentifier',
  'appleTeamIdentifier',
  'googleWalletIssuerId',
] as const;

function stageFrom(value: unknown): Stage {
  const stage = stages.find((candidate) => candidate === value);
  if (!stage) {
    throw new Error(
      `Context "stage" must be one of ${stages.join(', ')} (cdk synth -c stage=prod), not ${String(value)}`,
    );
  }
  return stage;
}

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
}

/** The stage named by `-c stage=...` with its defaults and any context overrides. */
export function stageConfigFrom(node: Node): StageConfig {
  const stage = stageFrom(node.tryGetContext('stage'));
  const config: StageConfig = { stage, ...defaults[stage] };
  for (const key of overridable) {
    const value = contextString(node, key);
    if (value !== undefined) config[key] = value;
  }
  const zoneId = contextString(node, 'hostedZoneId');
  const zoneName = contextString(node, 'hostedZoneName');
  if (zoneId === 'none') config.hostedZone = undefined;
  else if (zoneId && zoneName) config.hostedZone = { id: zoneId, name: zoneName };
  const idpIssuer = contextString(node, 'idpIssuer');
  const idpClientId = contextString(node, 'idpClientId');
  config.employeeLogin = {
    ...config.employeeLogin,
    ...(idpIssuer ? { issuer: idpIssuer } : {}),
    ...(idpClientId ? { clientId: idpClientId } : {}),
  };
  return config;
}

/** The console's origin (its CloudFront alias): admitted by CORS on the auth and admin APIs. */
export function consoleOrigin(config: StageConfig): string {
  return `https://${config.consoleDomainName}`;
}

/** The scanner app's origin (its CloudFront alias), admitted by CORS on the auth and venue APIs. */
export function scannerOrigin(config: StageConfig): string {
  return `https://${config.scannerDomainName}`;
}

/** {esim_page_url}: the travellers' eSIM page (its CloudFront alias), where share links point. */
export function esimPageUrl(config: StageConfig): string {
  return `https://${config.esimPageDomainName}`;
}

/** The exact addresses the employee login may send the console back to. */
export function consoleRedirectUris(config: StageConfig): readonly string[] {
  const { redirectUris } = config.employeeLogin;
  return redirectUris.length > 0 ? redirectUris : [`https://${config.consoleDomainName}/callback`];
}

/** True while a setting still holds a placeholder: synth works, a deploy would fail. */
export function placeholdersIn(config: StageConfig): string[] {
  const found: string[] = [];
  if (config.apiCertificateArn === placeholderCertificate) found.push('apiCertificateArn');
  if (config.authCertificateArn === placeholderCertificate) found.push('authCertificateArn');
  if (config.adminCertificateArn === placeholderCertificate) found.push('adminCertificateArn');
  if (config.venueCertificateArn === placeholderCertificate) found.push('venueCertificateArn');
  if (config.es2plusCertificateArn === placeholderCertificate) found.push('es2plusCertificateArn');
  if (config.consoleCertificateArn === placeholderGlobalCertificate) found.push('consoleCertificateArn');
  if (config.docsCertificateArn === placeholderGlobalCertificate) found.push('docsCertificateArn');
  if (config.scannerCertificateArn === placeholderGlobalCertificate) found.push('scannerCertificateArn');
  if (config.esimPageCertificateArn === placeholderGlobalCertificate) found.push('esimPageCertificateArn');
  if (config.esimPageApiCertificateArn === placeholderCertificate) found.push('esimPageApiCertificateArn');
  if (config.employeeLogin.issuer === placeholderIssuer) found.push('idpIssuer');
  if (config.hostedZone?.id === placeholderZone.id) found.push('hostedZoneId');
  if (config.apiDomainName.endsWith('.example.com')) found.push('apiDomainName');
  if (config.authDomainName.endsWith('.example.com')) found.push('authDomainName');
  if (config.adminDomainName.endsWith('.example.com')) found.push('adminDomainName');
  if (config.venueDomainName.endsWith('.example.com')) found.push('venueDomainName');
  if (config.es2plusDomainName.endsWith('.example.com')) found.push('es2plusDomainName');
  if (config.consoleDomainName.endsWith('.example.com')) found.push('consoleDomainName');
  if (config.docsDomainName.endsWith('.example.com')) found.push('docsDomainName');
  if (config.scannerDomainName.endsWith('.example.com')) found.push('scannerDomainName');
  if (config.esimPageDomainName.endsWith('.example.com')) found.push('esimPageDomainName');
  if (config.esimPageApiDomainName.endsWith('.example.com')) found.push('esimPageApiDomainName');
  if (config.esimSmdpAddress.endsWith('.example.com')) found.push('esimSmdpAddress');
  if (config.applePassTypeIdentifier.includes('.example.')) found.push('applePassTypeIdentifier');
  if (config.appleTeamIdentifier === placeholderAppleTeam) found.push('appleTeamIdentifier');
  if (config.googleWalletIssuerId === placeholderGoogleIssuer) found.push('googleWalletIssuerId');
  return found;
}
