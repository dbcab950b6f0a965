import { type Stage, stages } from '../routes/types.ts';

/**
 * Runtime configuration, read from the environment once. CDK sets these on every function
 * (infra/constructs/api-function.ts); the local stage sets the same names (infra/local/stage.ts).
 */
export interface RuntimeConfig {
  stage: Stage;
  region: string;
  mainTableName: string;
  idempotencyTableName: string;
  /** Local stage only: DynamoDB Local, the SQS emulator. Unset in AWS. */
  dynamodbEndpoint: string | undefined;
  sqsEndpoint: string | undefined;
  /** `aws`: Secrets Manager; `file`: JSON files in `secretsDir` (local stage). */
  secretsBackend: 'aws' | 'file';
  secretsDir: string | undefined;
  secretIds: {
    signingKeys: string;
    jwks: string;
    partnerCa: string;
    clientSecretPepper: string;
    webhookEncryptionKey: string;
    passSigningKeys: string;
    idempotencyEncryptionKey: string;
  };
  tokenIssuer: string;
  partnerAudience: string;
  adminAudience: string;
  apiBaseUrl: string;
  authBaseUrl: string;
  /** Validate every response body against the route table's schema (local and tests). */
  validateResponses: boolean;
}

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
    dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    sqsEndpoint: process.env.SQS_ENDPOINT || undefined,
    secretsBackend: process.env.SECRETS_BACKEND === 'file' ? 'file' : 'aws',
    secretsDir: process.env.SECRETS_DIR || undefined,
    secretIds: {
      signingKeys: process.env.SIGNING_KEYS_SECRET_ID ?? 'signing-keys',
      jwks: process.env.JWKS_SECRET_ID ?? 'jwks',
      partnerCa: process.env.PARTNER_CA_SECRET_ID ?? 'partner-ca',
      clientSecretPepper: process.env.CLIENT_SECRET_PEPPER_SECRET_ID ?? 'client-secret-pepper',
      webhookEncryptionKey: process.env.WEBHOOK_KEY_SECRET_ID ?? 'webhook-encryption-key',
      passSigningKeys: process.env.PASS_SIGNING_KEYS_SECRET_ID ?? 'pass-signing-keys',
      idempotencyEncryptionKey: process.env.IDEMPOTENCY_KEY_SECRET_ID ?? 'idempotency-encryption-key',
    },
    tokenIssuer: required('TOKEN_ISSUER'),
    partnerAudience: required('PARTNER_AUDIENCE'),
    adminAudience: required('ADMIN_AUDIENCE'),
    apiBaseUrl: required('API_BASE_URL'),
    authBaseUrl: required('AUTH_BASE_URL'),
    validateResponses: process.env.VALIDATE_RESPONSES === 'true',
  };
  return cached;
}

/** Tests and the local stage change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}

/**
 * The webhook dispatcher's knobs as set (WEBHOOK_RETRY_SCHEDULE, WEBHOOK_TIMEOUT_MS, docs/webhooks.md),
 * apart from `config()` so that only the dispatcher carries them; it parses them.
 */
export function webhookDispatchConfig(): {
  retrySchedule: string | undefined;
  timeoutMs: string | undefined;
} {
  return { retrySchedule: process.env.WEBHOOK_RETRY_SCHEDULE, timeoutMs: process.env.WEBHOOK_TIMEOUT_MS };
}
