import { type Stage, stages } from '../routes/types.ts';
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
  /** Validate every response body against the route table's schema (local and tests). */
  validateResponses: boolean;
}

export type SecretName =
  | 'signingKeys'
  | 'jwks'
  | 'partnerCa'
  | 'clientSecretPepper'
  | 'webhookEncryptionKey'
  | 'passSigningKeys'
  | 'idempotencyEncryptionKey';

/** The variable each secret id is read from: an ARN in AWS. */
const secretIdVariables: Record<SecretName, string> = {
  signingKeys: 'SIGNING_KEYS_SECRET_ID',
  jwks: 'JWKS_SECRET_ID',
  partnerCa: 'PARTNER_CA_SECRET_ID',
  clientSecretPepper: 'CLIENT_SECRET_PEPPER_SECRET_ID',
  webhookEncryptionKey: 'WEBHOOK_KEY_SECRET_ID',
  passSigningKeys: 'PASS_SIGNING_KEYS_SECRET_ID',
  idempotencyEncryptionKey: 'IDEMPOTENCY_KEY_SECRET_ID',
};

/** Secret ids when their variable is unset: the file names of the local stage's secret store. */
export const defaultSecretIds: Record<SecretName, string> = {
  signingKeys: 'signing-keys',
  jwks: 'jwks',
  partnerCa: 'partner-ca',
  clientSecretPepper: 'client-secret-pepper',
  webhookEncryptionKey: 'webhook-encryption-key',
  passSigningKeys: 'pass-signing-keys',
  idempotencyEncryptionKey: 'idempotency-encryption-key',
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
    validateResponses: process.env.VALIDATE_RESPONSES === 'true',
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

/** The stage name as a metrics dimension; metrics are written before `config()` may be complete. */
export function metricsStage(): string | undefined {
  return process.env.STAGE || undefined;
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
  logLevel: string;
  /** Local stage: DynamoDB Local and the SQS emulator, which serves S3 too. */
  endpoints?: { dynamodb: string; sqs: string; s3: string };
  validateResponses?: boolean;
  /** URLs of the queues the function uses. */
  queueUrls?: Partial<Record<QueueUrlVariable, string>>;
  /** Local stage: webhook receivers on loopback, with certificates of the stage CA. */
  localWebhooks?: { extraCaFile: string };
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
    ADMIN_AUDIENCE: `${settings.apiBaseUrl}/api/v1/admin`,
    API_BASE_URL: settings.apiBaseUrl,
    AUTH_BASE_URL: settings.authBaseUrl,
    POWERTOOLS_SERVICE_NAME: serviceName,
    LOG_LEVEL: settings.logLevel,
    ...(settings.validateResponses ? { VALIDATE_RESPONSES: 'true' } : {}),
    ...settings.queueUrls,
    ...(localWebhooks
      ? { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_EXTRA_CA_FILE: localWebhooks.extraCaFile }
      : {}),
  };
}
