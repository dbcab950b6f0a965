import { type Stage, stages } from '../vocabulary/stage.ts';
import { onReset } from './reset.ts';

/*
 * Every environment variable of the functions, in one table: how its value parses, its default,
 * whether a read without it fails, and which functions `runtimeEnvironment` (through
 * infra/functions.ts, for CDK and the local stage) gives it to, from which stage setting. Readers
 * below parse on first read; a value that does not parse fails there, naming the variable.
 */

/** Turns a set value (never empty) into the variable's value, or throws a reason the caller prefixes with the name. */
type Parser<T> = (raw: string) => T;

class MalformedValue extends Error {}

export const text: Parser<string> = (raw) => raw;

export function wholeNumber(min: number, unit: string): Parser<number> {
  return (raw) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min)
      throw new MalformedValue(`must be a whole number of ${unit}, at least ${min}, not "${raw}"`);
    return value;
  };
}

export const flag: Parser<boolean> = (raw) => {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new MalformedValue(`must be true or false, not "${raw}"`);
};

/** An absolute URL, kept as written: issuers and audiences compare as strings. */
export const url: Parser<string> = (raw) => {
  if (!URL.canParse(raw)) throw new MalformedValue(`must be an absolute URL, not "${raw}"`);
  return raw;
};

const hostNamePattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * An SQS queue URL. Not the WHATWG parser: the local queue emulator names hosts such as
 * `sqs.eu-west-1.127.0.0.1`, which it refuses (a host ending in a number must be an IPv4 address).
 */
export const queueUrlValue: Parser<string> = (raw) => {
  if (!/^https?:\/\/[^\s/]+\/\S+$/.test(raw)) throw new MalformedValue(`must be a queue URL, not "${raw}"`);
  return raw;
};

export const hostName: Parser<string> = (raw) => {
  if (!hostNamePattern.test(raw)) throw new MalformedValue(`is not a host name: ${raw}`);
  return raw;
};

export function oneOf<const T extends string>(values: readonly T[]): Parser<T> {
  return (raw) => {
    const value = values.find((candidate) => candidate === raw);
    if (value === undefined) throw new MalformedValue(`must be one of ${values.join(', ')}, not "${raw}"`);
    return value;
  };
}

export function json<T>(shape: string, check: (value: unknown) => value is T): Parser<T> {
  return (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new MalformedValue(`must be JSON (${shape})`);
    }
    if (!check(parsed)) throw new MalformedValue(`must be ${shape}`);
    return parsed;
  };
}

/** A span of TCP ports, both ends included. */
export interface PortRange {
  from: number;
  to: number;
}

/** Ports and spans of ports, comma-separated: `8443,9443` or `1024-65535`. */
export const portRanges: Parser<PortRange[]> = (raw) =>
  raw.split(',').map((entry) => {
    const match = /^\s*(\d{1,5})(?:\s*-\s*(\d{1,5}))?\s*$/.exec(entry);
    const from = Number(match?.[1]);
    const to = match?.[2] === undefined ? from : Number(match[2]);
    if (!match || from < 1 || to > 65535 || from > to)
      throw new MalformedValue(`must be ports or port ranges (1 to 65535), comma-separated, not "${raw}"`);
    return { from, to };
  });

const noPorts: PortRange[] = [];

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

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
  | 'loginStateKey'
  | 'applePassCertificate'
  | 'googleWalletKey'
  | 'esimShareLinkKey';

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
  applePassCertificate: 'apple-pass-certificate',
  googleWalletKey: 'google-wallet-key',
  esimShareLinkKey: 'esim-share-link-key',
};

export const secretNames = Object.keys(defaultSecretIds) as SecretName[];

/**
 * Functions other functions invoke synchronously (Lambda Invoke): workers of infra/functions.ts with an
 * `invoke` trigger, named here because the variables below route callers to them.
 */
export const invocableFunctions = ['certificate-signing'] as const;
export type InvocableFunction = (typeof invocableFunctions)[number];

/** Variables that carry the URL of a queue a function consumes or sends to (named in infra/functions.ts). */
export type QueueUrlVariable = 'WEBHOOK_QUEUE_URL' | 'WEBHOOK_DLQ_URL';

export const logLevels = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
export type LogLevel = (typeof logLevels)[number];

/** The subject of the partner CA docs/deploy.md creates, when a stage names none. */
export const defaultPartnerCaSubject = 'CN=Partner Travel Services Partner CA';
/** A disabled application's or account's tokens are refused within this bound. */
export const defaultPrincipalStatusTtlSeconds = 60;
/** The logger's service name (POWERTOOLS_SERVICE_NAME) on every stage. */
const serviceName = 'partner-travel-services';

/** What the function registry (infra/functions.ts) declares about a function that decides its environment. */
export interface FunctionProfile {
  secrets?: Partial<Record<SecretName, unknown>>;
  buckets?: Partial<Record<'images', unknown>>;
  tables?: Partial<Record<'requestLog', unknown>>;
  /** Signs with, or manages, the service's private signing keys. */
  signingKeys?: unknown;
  /** The functions it invokes. */
  invokes?: readonly InvocableFunction[];
  /** The variables of the queues it uses. */
  queueUrlVariables: readonly QueueUrlVariable[];
}

/** The values behind a function's environment, as CDK (tokens, ARNs) or the local stage (endpoints, files) knows them. */
export interface RuntimeSettings {
  stage: Stage;
  tables: { main: string; idempotency: string; audit: string; requestLog: string };
  buckets: { images: string };
  secrets: { backend: 'aws' | 'file'; ids: Record<SecretName, string>; dir?: string };
  /** Where private signing keys live: KMS (the default), or key files in `dir` (the local stage). */
  signingKeys?: { backend: 'kms' } | { backend: 'local-files'; dir: string };
  apiBaseUrl: string;
  authBaseUrl: string;
  adminBaseUrl: string;
  /** {venue_url}: the venue devices' API, the audience of their tokens. */
  venueBaseUrl: string;
  /** The console's origin, admitted by CORS; absent: no console on the stage. */
  consoleOrigin?: string;
  /** The venues' scanner app's origin, admitted by CORS on the auth and venue hosts; absent: no scanner. */
  scannerOrigin?: string;
  /** {esim_page_url}: the travellers' eSIM page, which share links point to; absent: no share links. */
  esimPageUrl?: string;
  /** Absent: the stage has no identity provider, and employee login answers 500. */
  employeeLogin?: EmployeeLoginConfig;
  logLevel: LogLevel;
  /** Local stage: DynamoDB Local, the SQS emulator, which serves S3 too, and the stage's Lambda Invoke listener. */
  endpoints?: {
    dynamodb: string;
    sqs: string;
    s3: string;
    lambda: string;
    /** The simulated SM-DP+ the sandbox asks for profile reports (infra/local/smdp-simulator.ts). */
    smdpSimulator?: string;
  };
  /** The deployed names of the functions others invoke (a CDK token in AWS). */
  functionNames?: Partial<Record<InvocableFunction, string>>;
  validateResponses?: boolean;
  /** False: no EMF metric lines (the local stage, where nothing turns them into metrics). */
  metrics?: boolean;
  /** The SM-DP+ host of eSIM activation codes (the stage configuration's); unset: the stage's placeholder. */
  esimSmdpAddress?: string;
  /** Apple and Google Wallet identifiers of the stage (docs/wallet.md); unset: the stage has no wallet passes. */
  wallet?: WalletConfig;
  /** URLs of the queues the function uses. */
  queueUrls?: Partial<Record<QueueUrlVariable, string>>;
  /** Local stage: webhook receivers on loopback, with certificates of the stage CA. */
  localWebhooks?: { extraCaFile: string };
  /** The partner CA's subject DN; default `defaultPartnerCaSubject`. */
  partnerCaSubject?: string;
}

interface Variable<T> {
  parse: Parser<T>;
  /** A read without a value fails (a variable with a default never does). */
  required?: true;
  default?: T;
  /** Where `runtimeEnvironment` takes the value from; absent: set by someone else (`setBy`). */
  from?: (settings: RuntimeSettings) => string | undefined;
  /** The functions `runtimeEnvironment` gives it to; default every function. */
  to?: (fn: FunctionProfile) => boolean;
  /** Who sets a variable `runtimeEnvironment` does not write. */
  setBy?: string;
}

function variable<T, const S extends Omit<Variable<T>, 'parse'>>(
  parse: Parser<T>,
  spec: S & Omit<Variable<T>, 'parse'>,
): S & { parse: Parser<T> } {
  return { ...spec, parse };
}

const granted = (secret: SecretName) => (fn: FunctionProfile) => fn.secrets?.[secret] !== undefined;
const usesSigningKeys = (fn: FunctionProfile) => fn.signingKeys !== undefined;
const invokes = (target: InvocableFunction) => (fn: FunctionProfile) => fn.invokes?.includes(target) ?? false;
const invokesAny = (fn: FunctionProfile) => (fn.invokes?.length ?? 0) > 0;
const usesQueue = (name: QueueUrlVariable) => (fn: FunctionProfile) => fn.queueUrlVariables.includes(name);
/** The functions that log employees in: the ones that can read the identity provider's client secret. */
const logsEmployeesIn = granted('idpClientSecret');
/** The functions that answer eSIMs with their share link: the ones that can read its key. */
const signsShareLinks = granted('esimShareLinkKey');
const fromLogin =
  (field: (login: EmployeeLoginConfig) => string | undefined) => (settings: RuntimeSettings) =>
    settings.employeeLogin ? field(settings.employeeLogin) : undefined;
/** A secret's id (an ARN in AWS); every function gets it, IAM decides what it may read. */
const secretId = (secret: SecretName) =>
  variable(text, { default: defaultSecretIds[secret], from: (settings) => settings.secrets.ids[secret] });
/** The id of a secret whose very location only its readers learn: the partner CA's (docs/operations.md, Keys). */
const readersOnlySecretId = (secret: SecretName) =>
  variable(text, {
    default: defaultSecretIds[secret],
    from: (settings) => settings.secrets.ids[secret],
    to: granted(secret),
  });

/** The table. Grouped by who reads it; docs/operations.md points here rather than repeating it. */
export const variables = {
  // The runtime config every function reads (`config()`).
  STAGE: variable(oneOf(stages), { required: true, from: (settings) => settings.stage }),
  AWS_REGION: variable(text, { required: true, setBy: 'the Lambda runtime; the local stage' }),
  MAIN_TABLE_NAME: variable(text, { required: true, from: (settings) => settings.tables.main }),
  IDEMPOTENCY_TABLE_NAME: variable(text, { required: true, from: (settings) => settings.tables.idempotency }),
  AUDIT_TABLE_NAME: variable(text, { required: true, from: (settings) => settings.tables.audit }),
  REQUEST_LOG_TABLE_NAME: variable(text, {
    from: (settings) => settings.tables.requestLog,
    to: (fn) => fn.tables?.requestLog !== undefined,
  }),
  IMAGES_BUCKET_NAME: variable(text, {
    from: (settings) => settings.buckets.images,
    to: (fn) => fn.buckets?.images !== undefined,
  }),
  DYNAMODB_ENDPOINT: variable(url, { from: (settings) => settings.endpoints?.dynamodb }),
  SQS_ENDPOINT: variable(url, { from: (settings) => settings.endpoints?.sqs }),
  S3_ENDPOINT: variable(url, { from: (settings) => settings.endpoints?.s3 }),
  LAMBDA_ENDPOINT: variable(url, { from: (settings) => settings.endpoints?.lambda, to: invokesAny }),
  /** Local stage only: the simulated SM-DP+, which calls ES2+ over mutual TLS (docs/esim.md, Profile state). */
  SMDP_SIMULATOR_ENDPOINT: variable(url, { from: (settings) => settings.endpoints?.smdpSimulator }),
  /** Where the admin function sends CSRs: the one function that can read the partner CA (docs/operations.md). */
  CERTIFICATE_SIGNING_FUNCTION_NAME: variable(text, {
    required: true,
    from: (settings) => settings.functionNames?.['certificate-signing'],
    to: invokes('certificate-signing'),
  }),
  SECRETS_BACKEND: variable(oneOf(['aws', 'file']), {
    default: 'aws',
    from: (settings) => settings.secrets.backend,
  }),
  SECRETS_DIR: variable(text, { from: (settings) => settings.secrets.dir }),
  /** KMS keys sign access tokens and passes; the local stage signs with key files (shared/crypto/signing-key-vault.ts). */
  SIGNING_KEYS_BACKEND: variable(oneOf(['kms', 'local-files']), {
    default: 'kms',
    from: (settings) => settings.signingKeys?.backend,
    to: usesSigningKeys,
  }),
  LOCAL_SIGNING_KEYS_DIR: variable(text, {
    from: (settings) =>
      settings.signingKeys?.backend === 'local-files' ? settings.signingKeys.dir : undefined,
    to: usesSigningKeys,
  }),
  SIGNING_KEYS_SECRET_ID: secretId('signingKeys'),
  JWKS_SECRET_ID: secretId('jwks'),
  PARTNER_CA_SECRET_ID: readersOnlySecretId('partnerCa'),
  CLIENT_SECRET_PEPPER_SECRET_ID: secretId('clientSecretPepper'),
  WEBHOOK_KEY_SECRET_ID: secretId('webhookEncryptionKey'),
  PASS_SIGNING_KEYS_SECRET_ID: secretId('passSigningKeys'),
  PASS_KEYS_PUBLIC_SECRET_ID: secretId('passKeysPublic'),
  IDEMPOTENCY_KEY_SECRET_ID: secretId('idempotencyEncryptionKey'),
  USAGE_KEY_SECRET_ID: secretId('usageKeySecret'),
  IDP_CLIENT_SECRET_SECRET_ID: secretId('idpClientSecret'),
  LOGIN_STATE_KEY_SECRET_ID: secretId('loginStateKey'),
  APPLE_PASS_CERTIFICATE_SECRET_ID: readersOnlySecretId('applePassCertificate'),
  GOOGLE_WALLET_KEY_SECRET_ID: readersOnlySecretId('googleWalletKey'),
  ESIM_SHARE_LINK_KEY_SECRET_ID: secretId('esimShareLinkKey'),
  TOKEN_ISSUER: variable(url, { required: true, from: (settings) => settings.authBaseUrl }),
  PARTNER_AUDIENCE: variable(url, { required: true, from: (settings) => settings.apiBaseUrl }),
  ADMIN_AUDIENCE: variable(url, { required: true, from: (settings) => settings.adminBaseUrl }),
  API_BASE_URL: variable(url, { required: true, from: (settings) => settings.apiBaseUrl }),
  AUTH_BASE_URL: variable(url, { required: true, from: (settings) => settings.authBaseUrl }),
  ADMIN_BASE_URL: variable(url, { required: true, from: (settings) => settings.adminBaseUrl }),
  /** {venue_url}: the venue devices' API; device tokens carry it as `aud`, proofs as the origin of `htu`. */
  VENUE_BASE_URL: variable(url, { required: true, from: (settings) => settings.venueBaseUrl }),
  /** The employee console's origin: CORS admits it on the auth and admin hosts (unset: nowhere). */
  CONSOLE_ORIGIN: variable(url, { from: (settings) => settings.consoleOrigin }),
  /** The scanner app's origin: CORS admits it on the auth and venue hosts only (unset: nowhere). */
  SCANNER_ORIGIN: variable(url, { from: (settings) => settings.scannerOrigin }),
  /** {esim_page_url}: eSIM share links (`activation.share_url`) point to it (unset: share_url is null). */
  ESIM_PAGE_URL: variable(url, { from: (settings) => settings.esimPageUrl, to: signsShareLinks }),
  /** Validate every response body against the route table's schema (local and tests). */
  VALIDATE_RESPONSES: variable(flag, {
    default: false,
    from: (settings) => (settings.validateResponses ? 'true' : undefined),
  }),
  /** RFC 4514 subject DN a client certificate must name as its issuer (docs/accounts.md). */
  PARTNER_CA_SUBJECT: variable(text, {
    default: defaultPartnerCaSubject,
    from: (settings) => settings.partnerCaSubject,
  }),
  PRINCIPAL_STATUS_TTL_SECONDS: variable(wholeNumber(0, 'seconds'), {
    default: defaultPrincipalStatusTtlSeconds,
    setBy: 'a test',
  }),
  /** SM-DP+ host of eSIM activation codes; esim.ts requires it in prod and defaults it elsewhere. */
  ESIM_SMDP_ADDRESS: variable(hostName, { from: (settings) => settings.esimSmdpAddress }),

  // Wallet passes (`walletConfig()`, docs/wallet.md), on the functions that sign them.
  APPLE_PASS_TYPE_ID: variable(text, {
    required: true,
    from: (settings) => settings.wallet?.passTypeIdentifier,
    to: granted('applePassCertificate'),
  }),
  APPLE_TEAM_ID: variable(text, {
    required: true,
    from: (settings) => settings.wallet?.teamIdentifier,
    to: granted('applePassCertificate'),
  }),
  GOOGLE_WALLET_ISSUER_ID: variable(text, {
    required: true,
    from: (settings) => settings.wallet?.googleIssuerId,
    to: granted('googleWalletKey'),
  }),

  // Employee login (`employeeLoginConfig()`), on the functions that log employees in.
  IDP_ISSUER: variable(url, {
    required: true,
    from: fromLogin((login) => login.issuer),
    to: logsEmployeesIn,
  }),
  IDP_CLIENT_ID: variable(text, {
    required: true,
    from: fromLogin((login) => login.clientId),
    to: logsEmployeesIn,
  }),
  IDP_SCOPE: variable(text, { from: fromLogin((login) => login.scope), to: logsEmployeesIn }),
  IDP_GROUPS_CLAIM: variable(text, { from: fromLogin((login) => login.groupsClaim), to: logsEmployeesIn }),
  /** Provider group -> employee role name. */
  IDP_GROUP_ROLES: variable(json('a JSON object of role names by group', isStringRecord), {
    required: true,
    from: fromLogin((login) => JSON.stringify(login.groupRoles)),
    to: logsEmployeesIn,
  }),
  /** Read on the local stage only: every other stage maps strictly, whatever the variable says. */
  EMPLOYEE_ROLE_MAPPING: variable(oneOf(['strict', 'lenient']), {
    default: 'strict',
    from: fromLogin((login) => login.roleMapping),
    to: logsEmployeesIn,
  }),
  CONSOLE_CLIENT_ID: variable(text, {
    required: true,
    from: fromLogin((login) => login.consoleClientId),
    to: logsEmployeesIn,
  }),
  CONSOLE_REDIRECT_URIS: variable(json('a JSON array of URIs', isStringList), {
    required: true,
    from: fromLogin((login) => JSON.stringify(login.redirectUris)),
    to: logsEmployeesIn,
  }),
  /** Local stage: a CA (PEM file) trusted for the provider's HTTPS besides the public ones. */
  IDP_EXTRA_CA_FILE: variable(text, { from: fromLogin((login) => login.extraCaFile), to: logsEmployeesIn }),

  // Logs and metrics, read before anything else: never required.
  POWERTOOLS_SERVICE_NAME: variable(text, { default: serviceName, from: () => serviceName }),
  LOG_LEVEL: variable((raw) => oneOf(logLevels)(raw.toUpperCase()), {
    default: 'INFO',
    from: (settings) => settings.logLevel,
  }),
  /** Read by Powertools' Metrics itself. */
  POWERTOOLS_METRICS_DISABLED: variable(flag, {
    default: false,
    from: (settings) => (settings.metrics === false ? 'true' : undefined),
  }),

  // Queues, on the functions that use them.
  WEBHOOK_QUEUE_URL: variable(queueUrlValue, {
    required: true,
    from: (settings) => settings.queueUrls?.WEBHOOK_QUEUE_URL,
    to: usesQueue('WEBHOOK_QUEUE_URL'),
  }),
  WEBHOOK_DLQ_URL: variable(queueUrlValue, {
    required: true,
    from: (settings) => settings.queueUrls?.WEBHOOK_DLQ_URL,
    to: usesQueue('WEBHOOK_DLQ_URL'),
  }),

  // Knobs a stage or a test turns; documented defaults where unset.
  /** How long a new booking's hold lasts (default: the domain's 30 minutes). */
  BOOKING_HOLD_SECONDS: variable(wholeNumber(1, 'seconds'), { setBy: 'a test or the local stage' }),
  /** The catalog's staleness bound (0: every request reads); never set in AWS, Cache-Control states the default. */
  CATALOG_MAX_STALENESS_MS: variable(wholeNumber(0, 'milliseconds'), { setBy: 'a test or the local stage' }),
  WEBHOOK_TIMEOUT_MS: variable(wholeNumber(1, 'milliseconds'), {
    default: 30_000,
    setBy: 'a test or the local stage',
  }),
  /** Comma-separated seconds; the dispatcher parses it (shared/domain/webhooks/retry.ts). */
  WEBHOOK_RETRY_SCHEDULE: variable(text, { setBy: 'a test or the local stage' }),
  /** JSON over the token endpoint's limits; the auth function parses it (docs/quotas.md). */
  TOKEN_ENDPOINT_LIMITS: variable(text, { setBy: 'the local stage' }),
  WEBHOOK_ALLOW_LOOPBACK: variable(flag, {
    default: false,
    from: (settings) => (settings.localWebhooks ? 'true' : undefined),
  }),
  WEBHOOK_EXTRA_CA_FILE: variable(text, { from: (settings) => settings.localWebhooks?.extraCaFile }),
  /**
   * Ports other than 443 a webhook may target (shared/net/port.ts). The local stage allows every
   * unprivileged port: its tests' receivers listen on ports the system picks.
   */
  WEBHOOK_ALLOWED_PORTS: variable(portRanges, {
    default: noPorts,
    from: (settings) => (settings.localWebhooks ? '1024-65535' : undefined),
  }),
  /** `name=address,...` pinned resolutions, honoured on the local stage only (shared/net/policy.ts). */
  WEBHOOK_RESOLVE: variable(text, { setBy: 'a test or the local stage' }),
  /** API Gateway's side of the rate limit plans (docs/quotas.md). */
  USAGE_PLAN_NAMES: variable(json('a JSON object of usage plan names by plan', isStringRecord), {
    setBy: 'infra/constructs/rate-limiting.ts, on the functions that move keys or read usage',
  }),
  STAFF_API_KEY_ID: variable(text, { setBy: 'infra/constructs/rate-limiting.ts, on the authorizer' }),
};

type Variables = typeof variables;
export type VariableName = keyof Variables;
type Parsed<N extends VariableName> = ReturnType<Variables[N]['parse']>;
/** A required variable or one with a default always has a value; any other may be unset. */
type Value<N extends VariableName> = Variables[N] extends { required: true } | { default: unknown }
  ? Parsed<N>
  : Parsed<N> | undefined;

const specOf = (name: VariableName): Variable<unknown> => variables[name];

/** The parsed value of a variable that is set (an empty value counts as unset), else undefined. */
function lookup<N extends VariableName>(name: N): Parsed<N> | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    return specOf(name).parse(raw) as Parsed<N>;
  } catch (error) {
    if (error instanceof MalformedValue) throw new Error(`${name} ${error.message}`);
    throw error;
  }
}

/** A variable's value: parsed, else its default; a required one without a value throws, naming it. */
export function read<N extends VariableName>(name: N): Value<N> {
  const value = lookup(name);
  if (value !== undefined) return value;
  const spec = specOf(name);
  if (spec.required) throw new Error(`Missing environment variable ${name}`);
  return spec.default as Value<N>;
}

/** Parses every variable that is set, so a malformed value stops a function at init, naming it. */
export function checkEnvironment(): void {
  for (const name of Object.keys(variables) as VariableName[]) lookup(name);
}
checkEnvironment();

/** The variables that configure a function of this profile to these settings: the inverse of the readers. */
export function runtimeEnvironment(settings: RuntimeSettings, fn: FunctionProfile): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of Object.keys(variables) as VariableName[]) {
    const { from, to } = specOf(name);
    const value = from && (to?.(fn) ?? true) ? from(settings) : undefined;
    if (value !== undefined) environment[name] = value;
  }
  return environment;
}

/** The variables `runtimeEnvironment` gives a function of this profile when every setting is present. */
export function variablesOf(fn: FunctionProfile): VariableName[] {
  return (Object.keys(variables) as VariableName[]).filter((name) => {
    const { from, to } = specOf(name);
    return from !== undefined && (to?.(fn) ?? true);
  });
}

/** The variable each secret id is read from. */
const secretIdVariables = {
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
  applePassCertificate: 'APPLE_PASS_CERTIFICATE_SECRET_ID',
  googleWalletKey: 'GOOGLE_WALLET_KEY_SECRET_ID',
  esimShareLinkKey: 'ESIM_SHARE_LINK_KEY_SECRET_ID',
} as const satisfies Record<SecretName, VariableName>;

/** Runtime configuration of the functions, read from the environment once per container. */
export interface RuntimeConfig {
  stage: Stage;
  region: string;
  mainTableName: string;
  idempotencyTableName: string;
  /** The append-only audit log (docs/employees.md, Audit log). */
  auditTableName: string;
  /** The request log (docs/support.md); unset where nothing reads or writes it. */
  requestLogTableName: string | undefined;
  /** The bucket of catalog images (docs/catalog-admin.md, Images); unset where nothing reads it. */
  imagesBucketName: string | undefined;
  /** Local stage only: DynamoDB Local, the SQS emulator (which serves S3 too). Unset in AWS. */
  dynamodbEndpoint: string | undefined;
  sqsEndpoint: string | undefined;
  s3Endpoint: string | undefined;
  /** Local stage only: the stage's Lambda Invoke listener (infra/local/invoke.ts). */
  lambdaEndpoint: string | undefined;
  /** Local stage only: the simulated SM-DP+ (infra/local/smdp-simulator.ts); unset in AWS. */
  smdpSimulatorEndpoint: string | undefined;
  /** `aws`: Secrets Manager; `file`: JSON files in `secretsDir` (local stage). */
  secretsBackend: 'aws' | 'file';
  secretsDir: string | undefined;
  signingKeysBackend: 'kms' | 'local-files';
  /** The local stage's private key files (`local-files` only). */
  localSigningKeysDir: string | undefined;
  secretIds: Record<SecretName, string>;
  tokenIssuer: string;
  partnerAudience: string;
  adminAudience: string;
  apiBaseUrl: string;
  authBaseUrl: string;
  /** {admin_url}: the employee admin API. */
  adminBaseUrl: string;
  /** {venue_url}: the venue devices' API and the audience of their tokens. */
  venueBaseUrl: string;
  consoleOrigin: string | undefined;
  scannerOrigin: string | undefined;
  esimPageUrl: string | undefined;
  validateResponses: boolean;
  partnerCaSubject: string;
  /** How long a verifier trusts what it read about an application's and account's status (docs/accounts.md). */
  principalStatusTtlSeconds: number;
  /** As configured; `esimSmdpAddress()` (esim.ts) resolves it. */
  esimSmdpAddress: string | undefined;
}

let cached: RuntimeConfig | undefined;

export function config(): RuntimeConfig {
  cached ??= {
    stage: read('STAGE'),
    region: read('AWS_REGION'),
    mainTableName: read('MAIN_TABLE_NAME'),
    idempotencyTableName: read('IDEMPOTENCY_TABLE_NAME'),
    auditTableName: read('AUDIT_TABLE_NAME'),
    requestLogTableName: read('REQUEST_LOG_TABLE_NAME'),
    imagesBucketName: read('IMAGES_BUCKET_NAME'),
    dynamodbEndpoint: read('DYNAMODB_ENDPOINT'),
    sqsEndpoint: read('SQS_ENDPOINT'),
    s3Endpoint: read('S3_ENDPOINT'),
    lambdaEndpoint: read('LAMBDA_ENDPOINT'),
    smdpSimulatorEndpoint: read('SMDP_SIMULATOR_ENDPOINT'),
    secretsBackend: read('SECRETS_BACKEND'),
    secretsDir: read('SECRETS_DIR'),
    signingKeysBackend: read('SIGNING_KEYS_BACKEND'),
    localSigningKeysDir: read('LOCAL_SIGNING_KEYS_DIR'),
    secretIds: Object.fromEntries(secretNames.map((name) => [name, read(secretIdVariables[name])])) as Record<
      SecretName,
      string
    >,
    tokenIssuer: read('TOKEN_ISSUER'),
    partnerAudience: read('PARTNER_AUDIENCE'),
    adminAudience: read('ADMIN_AUDIENCE'),
    apiBaseUrl: read('API_BASE_URL'),
    authBaseUrl: read('AUTH_BASE_URL'),
    adminBaseUrl: read('ADMIN_BASE_URL'),
    venueBaseUrl: read('VENUE_BASE_URL'),
    consoleOrigin: read('CONSOLE_ORIGIN'),
    scannerOrigin: read('SCANNER_ORIGIN'),
    esimPageUrl: read('ESIM_PAGE_URL'),
    validateResponses: read('VALIDATE_RESPONSES'),
    partnerCaSubject: read('PARTNER_CA_SUBJECT'),
    principalStatusTtlSeconds: read('PRINCIPAL_STATUS_TTL_SECONDS'),
    esimSmdpAddress: read('ESIM_SMDP_ADDRESS'),
  };
  return cached;
}
onReset(() => {
  cached = undefined;
});

/** The URL of a queue the function uses; configured on the functions that declare the queue. */
export function queueUrl(variable: QueueUrlVariable): string {
  return read(variable);
}

/** The deployed name of a function this one invokes; configured on the functions that declare it. */
export function invokedFunctionName(target: InvocableFunction): string {
  const names = { 'certificate-signing': 'CERTIFICATE_SIGNING_FUNCTION_NAME' } as const satisfies Record<
    InvocableFunction,
    VariableName
  >;
  return read(names[target]);
}

/** The identity provider and the console as the employee login sees them (docs/employees.md). */
export interface EmployeeLoginConfig {
  /** The OpenID Provider's issuer identifier (its discovery document is read from it). */
  issuer: string;
  /** This service's client at the provider; its secret is the `idpClientSecret` secret. */
  clientId: string;
  scope: string | undefined;
  groupsClaim: string | undefined;
  groupRoles: Record<string, string>;
  roleMapping: 'strict' | 'lenient';
  /** The admin console: its client id and the exact redirect URIs the login accepts. */
  consoleClientId: string;
  redirectUris: string[];
  extraCaFile: string | undefined;
}

let employeeLogin: EmployeeLoginConfig | undefined;

/** Read on the first login request (only the auth function logs employees in). */
export function employeeLoginConfig(): EmployeeLoginConfig {
  employeeLogin ??= {
    issuer: read('IDP_ISSUER'),
    clientId: read('IDP_CLIENT_ID'),
    scope: read('IDP_SCOPE'),
    groupsClaim: read('IDP_GROUPS_CLAIM'),
    groupRoles: read('IDP_GROUP_ROLES'),
    roleMapping: config().stage === 'local' ? read('EMPLOYEE_ROLE_MAPPING') : 'strict',
    consoleClientId: read('CONSOLE_CLIENT_ID'),
    redirectUris: read('CONSOLE_REDIRECT_URIS'),
    extraCaFile: read('IDP_EXTRA_CA_FILE'),
  };
  return employeeLogin;
}
onReset(() => {
  employeeLogin = undefined;
});

/** The stage name as a metrics dimension; metrics are written before `config()` may be complete. */
export function metricsStage(): string | undefined {
  return lookup('STAGE');
}

/** API Gateway's side of the rate limit plans (AWS only). Undefined where unset. */
export function usagePlanSettings(): {
  usagePlanNames: Record<string, string> | undefined;
  staffApiKeyId: string | undefined;
} {
  return { usagePlanNames: read('USAGE_PLAN_NAMES'), staffApiKeyId: read('STAFF_API_KEY_ID') };
}

export function tokenEndpointLimitsOverride(): string | undefined {
  return read('TOKEN_ENDPOINT_LIMITS');
}

/** Read when the logger is created, before anything else is configured: no variable is required. */
export function loggerConfig(): { serviceName: string; logLevel: LogLevel } {
  return { serviceName: read('POWERTOOLS_SERVICE_NAME'), logLevel: read('LOG_LEVEL') };
}

export function bookingHoldSecondsOverride(): number | undefined {
  return read('BOOKING_HOLD_SECONDS');
}

export function catalogMaxStalenessOverrideMs(): number | undefined {
  return read('CATALOG_MAX_STALENESS_MS');
}

/** The webhook dispatcher's knobs (docs/webhooks.md, Configuration); unset means the documented defaults. */
export function webhookDeliveryConfig(): { timeoutMs: number; retrySchedule: string | undefined } {
  return { timeoutMs: read('WEBHOOK_TIMEOUT_MS'), retrySchedule: read('WEBHOOK_RETRY_SCHEDULE') };
}

/**
 * How far webhook deliveries may reach beyond the strict defaults: loopback targets, ports other than
 * 443 and an extra CA (the local stage), and names pinned to addresses (`name=address,...`), honoured on the local stage only.
 */
export function outboundConfig(): {
  local: boolean;
  allowLoopback: boolean;
  allowedPorts: PortRange[];
  extraCaFile: string | undefined;
  resolve: string | undefined;
} {
  return {
    local: lookup('STAGE') === 'local',
    allowLoopback: read('WEBHOOK_ALLOW_LOOPBACK'),
    allowedPorts: read('WEBHOOK_ALLOWED_PORTS'),
    extraCaFile: read('WEBHOOK_EXTRA_CA_FILE'),
    resolve: read('WEBHOOK_RESOLVE'),
  };
}

/** The identifiers a stage's wallet passes carry (docs/wallet.md); the signing material is in secrets. */
export interface WalletConfig {
  /** Apple: the pass type identifier of the certificate (`pass.com.example...`). */
  passTypeIdentifier: string;
  /** Apple: the team identifier of the developer account that owns the pass type. */
  teamIdentifier: string;
  /** Google Wallet: the issuer id of the Google Pay and Wallet Console account. */
  googleIssuerId: string;
}

let wallet: WalletConfig | undefined;

/** Read on the first wallet pass (only the booking function makes them). */
export function walletConfig(): WalletConfig {
  wallet ??= {
    passTypeIdentifier: read('APPLE_PASS_TYPE_ID'),
    teamIdentifier: read('APPLE_TEAM_ID'),
    googleIssuerId: read('GOOGLE_WALLET_ISSUER_ID'),
  };
  return wallet;
}
onReset(() => {
  wallet = undefined;
});

/** The pass keys' secrets (shared/pki/pass-signing.ts): the key set (key references, public halves) and its published JWKS. */
export function passKeySecretIds(): { keySet: string; publicJwks: string } {
  const { passSigningKeys, passKeysPublic } = config().secretIds;
  return { keySet: passSigningKeys, publicJwks: passKeysPublic };
}
