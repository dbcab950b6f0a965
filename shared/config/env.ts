import { type Stage, stages } from '../vocabulary/stage.ts';
import { onReset } from './reset.ts';

/**
 * Runtime configuration of the functions, read from the environment once. `runtimeEnvironment` below
 * writes the same variables: CDK puts them on every Lambda and the local stage into its process (both
 * through infra/functions.ts), so the names live in this file only.
 */
export interface RuntimeConfig {
  stage: Stage;
  region: string;
  mainTableName: string;
  idempotencyTableName: string;
  /** The append-only audit log (docs/employees.md, Audit log). */
  auditTableName: string;
  /** The bucket of catalog images (docs/catalog-admin.md, Images); unset where nothing reads it. */
  imagesBucketName: string | undefined;
  /** Local stage only: DynamoDB Local, the SQS emulator (which serves S3 too). Unset in AWS. */
  dynamodbEndpoint: string | undefined;
  sqsEndpoint: string | undefined;
  s3Endpoint: string | undefined;
  /** `aws`: Secrets Manager; `file`: JSON files in `secretsDir` (local stage). */
  secretsBackend: 'aws' | 'file';
  secretsDir: string | undefined;
  secretIds: Record<SecretName, string>;
  tokenIssuer: string;
  partnerAudience: string;
  adminAudience: string;
  apiBaseUrl: string;
  authBaseUrl: string;
  /** {admin_url}: the employee admin API. */
  adminBaseUrl: string;
  /** The employee console's origin: the only one CORS admits (undefined: no CORS answers at all). */
  consoleOrigin: string | undefined;
  /** Validate every response body against the route table's schema (local and tests). */
  validateResponses: boolean;
  /**
   * The subject DN of the partner CA: a client certificate must name it as its issuer (docs/accounts.md,
   * Certificate binding). RFC 4514 form, e.g. `CN=Partner Travel Services Partner CA`.
   */
  partnerCaSubject: string;
  /** How long a verifier trusts what it read about an application's and account's status (docs/accounts.md). */
  principalStatusTtlSeconds: number;
  /** SM-DP+ host named in eSIM activation codes, as configured; `esimSmdpAddress()` (esim.ts) resolves it. */
  esimSmdpAddress: string | undefined;
}

/** The subject of the partner CA docs/deploy.md creates, when a stage names none. */
export const defaultPartnerCaSubject = 'CN=Partner Travel Services Partner CA';
/** A disabled application's or account's tokens are refused within this bound. */
export const defaultPrincipalStatusTtlSeconds = 60;

function nonNegativeInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of seconds`);
  return value;
}

export type SecretName =
  | 'signingKeys'
  | 'jwks'
  | 'partnerCa'
  | 'clientSecretPepper'
  | 'webhookEncryptionKey'
  | 'passSigningKeys'
  | 'passKeysPublic'
  | 'idempotencyEncryptionKey'
  | 'usageKeySecret'
  | 'idpClientSecret'
  | 'loginStateKey';

/** The variable each secret id is read from: an ARN in AWS. */
const secretIdVariables: Record<SecretName, string> = {
  signingKeys: 'SIGNING_KEYS_SECRET_ID',
  jwks: 'JWKS_SECRET_ID',
  partnerCa: 'PARTNER_CA_SECRET_ID',
  clientSecretPepper: 'CLIENT_SECRET_PEPPER_SECRET_ID',
  webhookEncryptionKey: 'WEBHOOK_KEY_SECRET_ID',
  passSigningKeys: 'PASS_SIGNING_KEYS_SECRET_ID',
  passKeysPublic: 'PASS_KEYS_PUBLIC_SECRET_ID',
  idempotencyEncryptionKey: 'IDEMPOTENCY_KEY_SECRET_ID',
  usageKeySecret: 'USAGE_KEY_SECRET_ID',
  idpClientSecret: 'IDP_CLIENT_SECRET_SECRET_ID',
  loginStateKey: 'LOGIN_STATE_KEY_SECRET_ID',
};

/** Secret ids when their variable is unset: the file names of the local stage's secret store. */
export const defaultSecretIds: Record<SecretName, string> = {
  signingKeys: 'signing-keys',
  jwks: 'jwks',
  partnerCa: 'partner-ca',
  clientSecretPepper: 'client-secret-pepper',
  webhookEncryptionKey: 'webhook-encryption-key',
  passSigningKeys: 'pass-signing-keys',
  passKeysPublic: 'pass-keys-public',
  idempotencyEncryptionKey: 'idempotency-encryption-key',
  usageKeySecret: 'usage-key-secret',
  idpClientSecret: 'idp-client-secret',
  loginStateKey: 'employee-login-state-key',
};

export const secretNames = Object.keys(secretIdVariables) as SecretName[];

/** Variables that carry the URL of a queue a function consumes or sends to (named in infra/functions.ts). */
export type QueueUrlVariable = 'WEBHOOK_QUEUE_URL' | 'WEBHOOK_DLQ_URL';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

function stageFrom(value: string): Stage {
  const stage = stages.find((candidate) => candidate === value);
  if (!stage) throw new Error(`STAGE must be one of ${stages.join(', ')}, not ${value}`);
  return stage;
}

let cached: RuntimeConfig | undefined;

export function config(): RuntimeConfig {
  cached ??= {
    stage: stageFrom(required('STAGE')),
    region: required('AWS_REGION'),
    mainTableName: required('MAIN_TABLE_NAME'),
    idempotencyTableName: required('IDEMPOTENCY_TABLE_NAME'),
    auditTableName: required('AUDIT_TABLE_NAME'),
    imagesBucketName: process.env.IMAGES_BUCKET_NAME || undefined,
    dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    sqsEndpoint: process.env.SQS_ENDPOINT || undefined,
    s3Endpoint: process.env.S3_ENDPOINT || undefined,
    secretsBackend: process.env.SECRETS_BACKEND === 'file' ? 'file' : 'aws',
    secretsDir: process.env.SECRETS_DIR || undefined,
    secretIds: Object.fromEntries(
      secretNames.map((name) => [name, process.env[secretIdVariables[name]] ?? defaultSecretIds[name]]),
    ) as Record<SecretName, string>,
    tokenIssuer: required('TOKEN_ISSUER'),
    partnerAudience: required('PARTNER_AUDIENCE'),
    adminAudience: required('ADMIN_AUDIENCE'),
    apiBaseUrl: required('API_BASE_URL'),
    authBaseUrl: required('AUTH_BASE_URL'),
    adminBaseUrl: required('ADMIN_BASE_URL'),
    consoleOrigin: process.env.CONSOLE_ORIGIN || undefined,
    validateResponses: process.env.VALIDATE_RESPONSES === 'true',
    partnerCaSubject: process.env.PARTNER_CA_SUBJECT || defaultPartnerCaSubject,
    principalStatusTtlSeconds: nonNegativeInteger(
      'PRINCIPAL_STATUS_TTL_SECONDS',
      defaultPrincipalStatusTtlSeconds,
    ),
    esimSmdpAddress: process.env.ESIM_SMDP_ADDRESS || undefined,
  };
  return cached;
}
onReset(() => {
  cached = undefined;
});

/** The URL of a queue the function uses; configured on the functions that declare the queue. */
export function queueUrl(variable: QueueUrlVariable): string {
  return required(variable);
}

/** The identity provider and the console as the employee login sees them (docs/employees.md). */
export interface EmployeeLoginConfig {
  /** The OpenID Provider's issuer identifier (its discovery document is read from it). */
  issuer: string;
  /** This service's client at the provider; its secret is the `idpClientSecret` secret. */
  clientId: string;
  scope: string | undefined;
  groupsClaim: string | undefined;
  /** Provider group -> employee role name. */
  groupRoles: Record<string, string>;
  /** Always `strict` in prod, whatever the variable says. */
  roleMapping: 'strict' | 'lenient';
  /** The admin console: its client id and the exact redirect URIs the login accepts. */
  consoleClientId: string;
  redirectUris: string[];
  /** Local stage: a CA (PEM file) trusted for the provider's HTTPS besides the public ones. */
  extraCaFile: string | undefined;
}

function jsonVariable<T>(name: string, check: (value: unknown) => value is T): T {
  const raw = required(name);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} must be JSON`);
  }
  if (!check(parsed)) throw new Error(`${name} does not have the expected shape`);
  return parsed;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

let employeeLogin: EmployeeLoginConfig | undefined;

/** Read on the first login request (only the auth function logs employees in). */
export function employeeLoginConfig(): EmployeeLoginConfig {
  employeeLogin ??= {
    issuer: required('IDP_ISSUER'),
    clientId: required('IDP_CLIENT_ID'),
    scope: process.env.IDP_SCOPE || undefined,
    groupsClaim: process.env.IDP_GROUPS_CLAIM || undefined,
    groupRoles: jsonVariable('IDP_GROUP_ROLES', isStringRecord),
    roleMapping:
      config().stage === 'prod' || process.env.EMPLOYEE_ROLE_MAPPING !== 'lenient' ? 'strict' : 'lenient',
    consoleClientId: required('CONSOLE_CLIENT_ID'),
    redirectUris: jsonVariable('CONSOLE_REDIRECT_URIS', isStringList),
    extraCaFile: process.env.IDP_EXTRA_CA_FILE || undefined,
  };
  return employeeLogin;
}
onReset(() => {
  employeeLogin = undefined;
});

/** The stage name as a metrics dimension; metrics are written before `config()` may be complete. */
export function metricsStage(): string | undefined {
  return process.env.STAGE || undefined;
}

/**
 * API Gateway's side of the rate limit plans (AWS only; set by CDK on the functions that need them):
 * USAGE_PLAN_NAMES (`{"sandbox": "<usage plan name>", ...}`) for the functions that move keys between
 * plans or read usage, STAFF_API_KEY_ID for the authorizer. Undefined where unset.
 */
export function usagePlanSettings(): {
  usagePlanNames: Record<string, string> | undefined;
  staffApiKeyId: string | undefined;
} {
  const names = process.env.USAGE_PLAN_NAMES;
  let usagePlanNames: Record<string, string> | undefined;
  if (names) {
    const parsed: unknown = JSON.parse(names);
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      !Object.values(parsed).every((value) => typeof value === 'string')
    ) {
      throw new Error('USAGE_PLAN_NAMES must be a JSON object of usage plan names by plan');
    }
    usagePlanNames = parsed as Record<string, string>;
  }
  return { usagePlanNames, staffApiKeyId: process.env.STAFF_API_KEY_ID || undefined };
}

/** JSON overrides of the token endpoint's limits (TOKEN_ENDPOINT_LIMITS, docs/quotas.md); unset in AWS. */
export function tokenEndpointLimitsOverride(): string | undefined {
  return process.env.TOKEN_ENDPOINT_LIMITS || undefined;
}

/** The logger's service name (POWERTOOLS_SERVICE_NAME) on every stage. */
const serviceName = 'partner-travel-services';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

/** Read when the logger is created, before anything else is configured: no variable is required. */
export function loggerConfig(): { serviceName: string; logLevel: LogLevel } {
  return {
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? serviceName,
    logLevel: (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'INFO',
  };
}

/** How long a new booking's hold lasts, when a stage shortens it (BOOKING_HOLD_SECONDS); else the default. */
export function bookingHoldSecondsOverride(): number | undefined {
  const configured = Number(process.env.BOOKING_HOLD_SECONDS);
  return Number.isInteger(configured) && configured > 0 ? configured : undefined;
}

/**
 * The catalog's staleness bound in milliseconds when a stage or a test sets it (CATALOG_MAX_STALENESS_MS,
 * 0: every request reads); else the stated default (docs/catalog.md, "Served from memory"). Never set
 * in a deployed stage: partners are told the default in Cache-Control.
 */
export function catalogMaxStalenessOverrideMs(): number | undefined {
  const raw = process.env.CATALOG_MAX_STALENESS_MS;
  if (raw === undefined || raw === '') return undefined;
  const configured = Number(raw);
  return Number.isInteger(configured) && configured >= 0 ? configured : undefined;
}

/** The webhook dispatcher's knobs (docs/webhooks.md, Configuration); unset means the documented defaults. */
export function webhookDeliveryConfig(): { timeoutMs: number; retrySchedule: string | undefined } {
  const timeoutMs = Number(process.env.WEBHOOK_TIMEOUT_MS ?? 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error('WEBHOOK_TIMEOUT_MS must be a positive integer');
  return { timeoutMs, retrySchedule: process.env.WEBHOOK_RETRY_SCHEDULE };
}

/**
 * How far webhook deliveries may reach beyond the strict defaults: loopback targets and an extra CA
 * (the local stage), and names pinned to addresses (`name=address,...`), honoured on the local stage only.
 */
export function outboundConfig(): {
  local: boolean;
  allowLoopback: boolean;
  extraCaFile: string | undefined;
  resolve: string | undefined;
} {
  return {
    local: process.env.STAGE === 'local',
    allowLoopback: process.env.WEBHOOK_ALLOW_LOOPBACK === 'true',
    extraCaFile: process.env.WEBHOOK_EXTRA_CA_FILE || undefined,
    resolve: process.env.WEBHOOK_RESOLVE,
  };
}

/** The values behind a function's environment, as CDK (tokens, ARNs) or the local stage (endpoints, files) knows them. */
export interface RuntimeSettings {
  stage: Stage;
  tables: { main: string; idempotency: string; audit: string };
  buckets: { images: string };
  secrets: { backend: 'aws' | 'file'; ids: Record<SecretName, string>; dir?: string };
  apiBaseUrl: string;
  authBaseUrl: string;
  adminBaseUrl: string;
  /** The console's origin, admitted by CORS; absent: no console on the stage. */
  consoleOrigin?: string;
  /** Absent: the stage has no identity provider, and employee login answers 500. */
  employeeLogin?: EmployeeLoginConfig;
  logLevel: string;
  /** Local stage: DynamoDB Local and the SQS emulator, which serves S3 too. */
  endpoints?: { dynamodb: string; sqs: string; s3: string };
  validateResponses?: boolean;
  /** False: no EMF metric lines (the local stage, where nothing turns them into metrics). */
  metrics?: boolean;
  /** The SM-DP+ host of eSIM activation codes (the stage configuration's); unset: the stage's placeholder. */
  esimSmdpAddress?: string;
  /** URLs of the queues the function uses. */
  queueUrls?: Partial<Record<QueueUrlVariable, string>>;
  /** Local stage: webhook receivers on loopback, with certificates of the stage CA. */
  localWebhooks?: { extraCaFile: string };
  /** The partner CA's subject DN; default `defaultPartnerCaSubject`. */
  partnerCaSubject?: string;
}

function employeeLoginEnvironment(login: EmployeeLoginConfig): Record<string, string> {
  return {
    IDP_ISSUER: login.issuer,
    IDP_CLIENT_ID: login.clientId,
    ...(login.scope ? { IDP_SCOPE: login.scope } : {}),
    ...(login.groupsClaim ? { IDP_GROUPS_CLAIM: login.groupsClaim } : {}),
    IDP_GROUP_ROLES: JSON.stringify(login.groupRoles),
    EMPLOYEE_ROLE_MAPPING: login.roleMapping,
    CONSOLE_CLIENT_ID: login.consoleClientId,
    CONSOLE_REDIRECT_URIS: JSON.stringify(login.redirectUris),
    ...(login.extraCaFile ? { IDP_EXTRA_CA_FILE: login.extraCaFile } : {}),
  };
}

/** The inverse of `config()`: the variables that configure a function to these settings. */
export function runtimeEnvironment(settings: RuntimeSettings): Record<string, string> {
  const { secrets, endpoints, localWebhooks } = settings;
  return {
    STAGE: settings.stage,
    MAIN_TABLE_NAME: settings.tables.main,
    IDEMPOTENCY_TABLE_NAME: settings.tables.idempotency,
    AUDIT_TABLE_NAME: settings.tables.audit,
    IMAGES_BUCKET_NAME: settings.buckets.images,
    ...(endpoints
      ? { DYNAMODB_ENDPOINT: endpoints.dynamodb, SQS_ENDPOINT: endpoints.sqs, S3_ENDPOINT: endpoints.s3 }
      : {}),
    SECRETS_BACKEND: secrets.backend,
    ...(secrets.dir ? { SECRETS_DIR: secrets.dir } : {}),
    ...Object.fromEntries(secretNames.map((name) => [secretIdVariables[name], secrets.ids[name]])),
    TOKEN_ISSUER: settings.authBaseUrl,
    PARTNER_AUDIENCE: settings.apiBaseUrl,
    ADMIN_AUDIENCE: settings.adminBaseUrl,
    API_BASE_URL: settings.apiBaseUrl,
    AUTH_BASE_URL: settings.authBaseUrl,
    ADMIN_BASE_URL: settings.adminBaseUrl,
    ...(settings.consoleOrigin ? { CONSOLE_ORIGIN: settings.consoleOrigin } : {}),
    ...(settings.employeeLogin ? employeeLoginEnvironment(settings.employeeLogin) : {}),
    ...(settings.esimSmdpAddress ? { ESIM_SMDP_ADDRESS: settings.esimSmdpAddress } : {}),
    POWERTOOLS_SERVICE_NAME: serviceName,
    LOG_LEVEL: settings.logLevel,
    ...(settings.validateResponses ? { VALIDATE_RESPONSES: 'true' } : {}),
    ...(settings.partnerCaSubject ? { PARTNER_CA_SUBJECT: settings.partnerCaSubject } : {}),
    ...(settings.metrics === false ? { POWERTOOLS_METRICS_DISABLED: 'true' } : {}),
    ...settings.queueUrls,
    ...(localWebhooks
      ? { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_EXTRA_CA_FILE: localWebhooks.extraCaFile }
      : {}),
  };
}

/** The pass keys' secrets (shared/pki/pass-signing.ts): the private set and its published JWKS. */
export function passKeySecretIds(): { privateSet: string; publicJwks: string } {
  const { passSigningKeys, passKeysPublic } = config().secretIds;
  return { privateSet: passSigningKeys, publicJwks: passKeysPublic };
}
