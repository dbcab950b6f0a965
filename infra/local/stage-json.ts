import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Role, rolesFor } from '../../shared/domain/employees/model.ts';
import type { Host } from '../../shared/routes/types.ts';
import type { ConsoleSites } from './console-sites.ts';
import type { Gateway } from './gateway.ts';
import { type LocalEmployee, localRoleGroups, type RunningIdentityProvider } from './identity-provider.ts';
import type { LocalPki } from './pki.ts';
import type { ScannerSite } from './scanner-site.ts';
import { clientFiles, partnerSlug, type SeedFile } from './seed.ts';
import type { StageVenue } from './seed-venues.ts';

export const region = 'eu-west-1';

/** The console's client id at this service (stage.json's employee_login). */
export const localConsoleClientId = 'pts-admin-console';

export interface StageClient {
  client_id: string;
  client_secret: string;
  client_cert: string;
  client_key: string;
}

/** A seeded employee of the local identity provider, and the role the stage's mapping gives them. */
export interface StageEmployee {
  username: string;
  password: string;
  groups: string[];
  /** Under the stage's mapping: `strict` leaves an employee in no mapped group without a role. */
  role: Role | null;
}

/** `<stateDir>/stage.json`, the contract with whoever drives the stage (tests, the seed's own checks). */
export interface StageJson {
  base_url: string;
  auth_url: string;
  /** The employee admin API (no client certificate). */
  admin_url: string;
  /** The venue devices' API (no client certificate; DPoP-bound device tokens). */
  venue_url: string;
  /** The employee console (single-page app); the login sends the browser back to it. */
  console_url: string;
  /** GSMA SGP.22 ES2+ for the SM-DP+ (mutual TLS against the SM-DP+ CA, `smdp_ca_cert`; docs/esim.md). */
  es2plus_url: string;
  /** The travellers' eSIM page and its read, where share links point (docs/esim.md, Install help). */
  esim_page_url: string;
  /** The venues' scanner app (offline-capable single-page app; docs/venues.md). */
  scanner_url: string;
  /** The API reference (a static page rendered from the OpenAPI document), on its own origin. */
  docs_url: string;
  /** The console's OAuth client: its id and a whitelisted redirect_uri. */
  employee_login: { client_id: string; redirect_uri: string };
  /** The local identity provider and its seeded employees. */
  idp: { issuer: string; employees: StageEmployee[] };
  ca_cert: string;
  /** The simulated SM-DP+'s own CA, the truststore of es2plus_url (absolute path; never the partner CA). */
  smdp_ca_cert: string;
  /** The simulated SM-DP+'s client certificate and key (absolute paths), for tests that call ES2+ themselves. */
  smdp_client: { cert: string; key: string };
  /** A localhost server certificate signed by the stage CA, for local webhook receivers (absolute paths). */
  webhook_receiver: { cert: string; key: string };
  operator: StageClient;
  partners: (StageClient & { account_id: string })[];
  /** Seeded venues, each with an unused enrollment code minted at this start (docs/venues.md). */
  venues: StageVenue[];
  /**
   * Wallet passes (docs/wallet.md): the stage's identifiers, the root of its stand-in Apple chain (a pass's
   * signature verifies against it) and the public key of its stand-in Google Wallet service account.
   */
  wallet: {
    pass_type_identifier: string;
    team_identifier: string;
    google_issuer_id: string;
    apple_root_cert: string;
    google_public_key: string;
  };
}

/** `<stateDir>/endpoints.json`: internals for tests and `npm run invoke`, never part of stage.json. */
export interface StageEndpoints {
  region: string;
  dynamodb: string;
  sqs: string;
  tables: { main: string; idempotency: string; audit: string; requestLog: string };
  /** The S3 emulator (the SQS emulator's address) and its buckets. */
  s3: string;
  buckets: { images: string };
  mainStreamArn: string;
  queues: Record<string, { url: string; arn: string; deadLetterUrl: string }>;
  /** The environment every in-process function runs with. */
  environment: Record<string, string>;
}

/** The employee login as the stage set it up: the provider, its employees and the console's address. */
export interface LocalEmployeeLogin {
  idp: RunningIdentityProvider;
  employees: (LocalEmployee & { role: Role | null })[];
  clientSecret: string;
  redirectUri: string;
  roles: 'strict' | 'lenient';
}

/** The API Gateway stand-ins, one per host of the route table. */
export type LocalGateways = Record<Host, Gateway>;

export function stageJsonOf(
  stateDir: string,
  {
    gateways,
    consoleSites,
    scannerSite,
    login,
  }: {
    gateways: LocalGateways;
    consoleSites: ConsoleSites;
    scannerSite: ScannerSite;
    login: LocalEmployeeLogin;
  },
  pki: LocalPki,
  seeded: SeedFile,
  venues: StageVenue[],
): StageJson {
  const mapping = { groups: localRoleGroups, mode: login.roles };
  const withFiles = (slug: string, client: { client_id: string; client_secret: string }): StageClient => {
    const files = clientFiles(stateDir, slug);
    return {
      client_id: client.client_id,
      client_secret: client.client_secret,
      client_cert: files.cert,
      client_key: files.key,
    };
  };
  return {
    base_url: gateways.api.url,
    auth_url: gateways.auth.url,
    admin_url: gateways.admin.url,
    venue_url: gateways.venue.url,
    es2plus_url: gateways.es2plus.url,
    esim_page_url: gateways['esim-page'].url,
    console_url: consoleSites.console.url,
    scanner_url: scannerSite.site.url,
    docs_url: consoleSites.docs.url,
    employee_login: { client_id: localConsoleClientId, redirect_uri: login.redirectUri },
    idp: {
      issuer: login.idp.issuer,
      employees: login.employees.map((employee) => ({
        username: employee.username,
        password: employee.password,
        groups: [...employee.groups],
        role: rolesFor(employee.groups, mapping)[0] ?? null,
      })),
    },
    ca_cert: pki.caCertPath,
    smdp_ca_cert: pki.smdp.caCertPath,
    smdp_client: pki.smdp.clientFiles,
    webhook_receiver: pki.serverFiles,
    operator: withFiles('operator', seeded.operator),
    partners: seeded.partners.map((partner, index) => ({
      account_id: partner.account_id,
      ...withFiles(partnerSlug(index), partner),
    })),
    venues,
    wallet: {
      pass_type_identifier: pki.wallet.identifiers.passTypeIdentifier,
      team_identifier: pki.wallet.identifiers.teamIdentifier,
      google_issuer_id: pki.wallet.identifiers.googleIssuerId,
      apple_root_cert: pki.wallet.rootCertPath,
      google_public_key: pki.wallet.google.publicKeyPath,
    },
  };
}

export async function writeStageFiles(
  stateDir: string,
  stageJson: StageJson,
  endpoints: StageEndpoints,
): Promise<void> {
  await writeJson(join(stateDir, 'stage.json'), stageJson);
  await writeJson(join(stateDir, 'endpoints.json'), endpoints);
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}
