import { resolve } from 'node:path';
import { resetModuleCaches } from '../../shared/config/reset.ts';

/**
 * Settings of everything around the deployed functions, from the environment: the local stage
 * (`LOCAL_*`), the scripts, the bench and the CDK app. Also the ways those tools configure their own
 * process, since the functions they run in it read the environment (shared/config/env.ts).
 */

/** Where the local stage keeps its state: LOCAL_STATE_DIR, default `.local`, absolute. */
export function localStateDir(): string {
  return resolve(process.env.LOCAL_STATE_DIR ?? '.local');
}

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
}

export interface LocalPorts {
  /** {base_url}, mutual TLS: LOCAL_API_PORT, default 8443. */
  api: number;
  /** {auth_url}: LOCAL_AUTH_PORT, default 8444. */
  auth: number;
  /** {admin_url}, no client certificate: LOCAL_ADMIN_PORT, default 8445. */
  admin: number;
  /** The local identity provider (oidc-provider): LOCAL_IDP_PORT, default 8446. */
  idp: number;
  /** {console_url}: LOCAL_CONSOLE_PORT, default 8447. */
  console: number;
  /** {docs_url}, the API reference: LOCAL_DOCS_PORT, default 8448. */
  docs: number;
  /** {venue_url}, venue devices, no client certificate: LOCAL_VENUE_PORT, default 8449. */
  venue: number;
  /** {scanner_url}, the venues' scanner app: LOCAL_SCANNER_PORT, default 8450. */
  scanner: number;
  /** {es2plus_url}, GSMA SGP.22 ES2+ for the SM-DP+ (mutual TLS, SM-DP+ CA): LOCAL_ES2PLUS_PORT, default 8452. */
  es2plus: number;
  /** {esim_page_url}, the travellers' eSIM page and its read: LOCAL_ESIM_PAGE_PORT, default 8451. */
  esimPage: number;
}

/** The listeners of `npm start`; 0 picks a free port. */
export function localPorts(): LocalPorts {
  return {
    api: port('LOCAL_API_PORT', 8443),
    auth: port('LOCAL_AUTH_PORT', 8444),
    admin: port('LOCAL_ADMIN_PORT', 8445),
    idp: port('LOCAL_IDP_PORT', 8446),
    console: port('LOCAL_CONSOLE_PORT', 8447),
    docs: port('LOCAL_DOCS_PORT', 8448),
    venue: port('LOCAL_VENUE_PORT', 8449),
    scanner: port('LOCAL_SCANNER_PORT', 8450),
    es2plus: port('LOCAL_ES2PLUS_PORT', 8452),
    esimPage: port('LOCAL_ESIM_PAGE_PORT', 8451),
  };
}

/**
 * How the local stage maps identity provider groups to roles: LOCAL_EMPLOYEE_ROLES=strict refuses an
 * employee in no mapped group, as production does; anything else treats them as admin.
 */
export function localEmployeeRoles(): 'strict' | 'lenient' {
  return process.env.LOCAL_EMPLOYEE_ROLES === 'strict' ? 'strict' : 'lenient';
}

/** What `npm start` says first about the role mapping, because lenient mapping exists on no other stage. */
export function employeeRolesNotice(mode: 'strict' | 'lenient'): string {
  return mode === 'lenient'
    ? 'employee roles map leniently: an identity provider user in no mapped group signs in as admin ' +
        '(local stage only; every deployed stage maps strictly; LOCAL_EMPLOYEE_ROLES=strict to refuse them)'
    : 'employee roles map strictly, as on every deployed stage: a user in no mapped group gets no token';
}

/** How long `npm start` keeps its queue emulator down on SIGUSR2: LOCAL_QUEUE_OUTAGE_MS, default 2000. */
export function localQueueOutageMs(): number {
  const value = Number(process.env.LOCAL_QUEUE_OUTAGE_MS ?? 2000);
  if (!Number.isInteger(value) || value < 0) throw new Error('LOCAL_QUEUE_OUTAGE_MS must be milliseconds');
  return value;
}

/** LOG_LEVEL given to a tool: it wins over the level the stage's functions run with. */
export function logLevelOverride(): string | undefined {
  return process.env.LOG_LEVEL || undefined;
}

/** True when this process is already configured as a function (`npm run seed` against AWS). */
export function hasFunctionEnvironment(): boolean {
  return Boolean(process.env.MAIN_TABLE_NAME);
}

/** Defaults of `npm run webhooks:listen`: WEBHOOK_LISTEN_PORT and WEBHOOK_SECRET. */
export function webhookListenerDefaults(): { port: string; secrets: string[] } {
  const secret = process.env.WEBHOOK_SECRET;
  return { port: process.env.WEBHOOK_LISTEN_PORT ?? '9443', secrets: secret ? [secret] : [] };
}

/**
 * Server URLs of `npm run openapi` other than the published ones: API_BASE_URL, AUTH_BASE_URL,
 * ADMIN_BASE_URL, VENUE_BASE_URL.
 */
export function documentUrlOverrides(): {
  apiBaseUrl: string | undefined;
  authBaseUrl: string | undefined;
  adminBaseUrl: string | undefined;
  venueBaseUrl: string | undefined;
} {
  return {
    apiBaseUrl: process.env.API_BASE_URL,
    authBaseUrl: process.env.AUTH_BASE_URL,
    adminBaseUrl: process.env.ADMIN_BASE_URL,
    venueBaseUrl: process.env.VENUE_BASE_URL,
  };
}

/** The account of the credentials that run `cdk` (CDK_DEFAULT_ACCOUNT, set by the CLI). */
export function cdkDefaultAccount(): string | undefined {
  return process.env.CDK_DEFAULT_ACCOUNT;
}

/**
 * `npm run bench`: BENCH_QUICK=1 (smoke run), BENCH_ONLY=2,5 (those sections), BENCH_FUNCTIONS=venue,auth
 * (the cold starts of those functions only), BENCH_OUTPUT (results file).
 */
export function benchOptions(): {
  quick: boolean;
  only: string[] | undefined;
  functions: string[] | undefined;
  output: string | undefined;
} {
  const list = (value: string | undefined) => value?.split(',').map((part) => part.trim());
  return {
    quick: process.env.BENCH_QUICK === '1',
    only: list(process.env.BENCH_ONLY),
    functions: list(process.env.BENCH_FUNCTIONS),
    output: process.env.BENCH_OUTPUT,
  };
}

/**
 * `npm run bench:profile`: PROFILE_CALLS (calls profiled per operation), PROFILE_DIR (where to keep the
 * raw .cpuprofile files, for DevTools), PROFILE_ONLY (operations whose name contains one of these).
 */
export function profileOptions(): {
  calls: number | undefined;
  dir: string | undefined;
  only: string[] | undefined;
} {
  const calls = Number.parseInt(process.env.PROFILE_CALLS ?? '', 10);
  return {
    calls: Number.isInteger(calls) && calls > 0 ? calls : undefined,
    dir: process.env.PROFILE_DIR,
    only: process.env.PROFILE_ONLY?.split(',').map((part) => part.trim()),
  };
}

/**
 * The local stage's limit overrides (docs/quotas.md): RATE_LIMIT_PLANS (JSON over the stage's plans)
 * and TOKEN_ENDPOINT_LIMITS (JSON over the token endpoint's flood rules and lockout), from the stage's
 * own environment overrides first, then this process's environment.
 */
export function localLimitOverrides(overrides: Record<string, string> = {}): {
  plans: string | undefined;
  tokenEndpoint: string | undefined;
} {
  return {
    plans: overrides.RATE_LIMIT_PLANS ?? process.env.RATE_LIMIT_PLANS,
    tokenEndpoint: overrides.TOKEN_ENDPOINT_LIMITS ?? process.env.TOKEN_ENDPOINT_LIMITS,
  };
}

/** LOCAL_METRICS=1 prints the functions' EMF metric lines on the local stage (off: they drown the log). */
export function localMetricsEnabled(): boolean {
  return process.env.LOCAL_METRICS === '1';
}

/** The PATH a child process needs to find its tools. */
export function inheritedPath(): string {
  return process.env.PATH ?? '/usr/bin:/bin';
}

/** Region and static credentials: the AWS SDK then never looks for them on the instance metadata service. */
export function offlineAwsEnvironment(
  region: string,
  credentials = { accessKeyId: 'local', secretAccessKey: 'local' },
): Record<string, string> {
  return {
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  };
}

/** Sets these AWS variables and drops the ones that would send the SDK to a profile or a session. */
export function useOfflineAws(environment: Record<string, string>): void {
  Object.assign(process.env, environment);
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
}

/** Keeps the SDK off the instance metadata service unless the caller decided otherwise. */
export function disableInstanceMetadata(): void {
  process.env.AWS_EC2_METADATA_DISABLED ??= 'true';
}

/**
 * Configures this process as a function (the local stage runs them in process) and forgets every
 * cached client, key and setting, which were read from the previous environment.
 */
export function applyEnvironment(variables: Record<string, string>): void {
  Object.assign(process.env, variables);
  resetModuleCaches();
}
