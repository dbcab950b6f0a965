import type { RuntimeConfig } from '../../shared/config/env.ts';
import type { FunctionGroup } from '../../shared/routes/types.ts';
import type { Access } from '../constructs/api-function.ts';

export type SecretName = keyof RuntimeConfig['secretIds'];
export type TableName = 'main' | 'idempotency';

/** Functions that serve no route: schedules and stream or queue consumers. */
export const workers = [
  'key-rotation',
  'booking-processor',
  'booking-expiry',
  'webhook-dispatcher',
  'esim-expiry',
] as const;
export type Worker = (typeof workers)[number];
export type ServiceFunction = FunctionGroup | Worker;

export interface FunctionNeeds {
  tables?: Partial<Record<TableName, Access>>;
  secrets?: Partial<Record<SecretName, Access>>;
  memorySize?: 512 | 1024;
}

/**
 * Least privilege, declared once: a function gets exactly these grants and nothing else. Keyed by
 * every function group, so a new group in the route table does not compile until it declares its needs.
 */
export const functionNeeds: Record<ServiceFunction, FunctionNeeds> = {
  auth: {
    tables: { main: 'read' },
    secrets: { signingKeys: 'read', jwks: 'read', clientSecretPepper: 'read' },
    // Token issuing signs ES256 and hashes secrets on the hot path: more memory buys more CPU.
    memorySize: 1024,
  },
  meta: {},
  admin: {
    tables: { main: 'readWrite', idempotency: 'readWrite' },
    secrets: {
      jwks: 'read',
      partnerCa: 'read',
      clientSecretPepper: 'read',
      idempotencyEncryptionKey: 'read',
    },
    memorySize: 1024,
  },
  catalog: { tables: { main: 'read' }, secrets: { jwks: 'read' } },
  booking: {
    tables: { main: 'readWrite', idempotency: 'readWrite' },
    // Pass keys: GET /.well-known/pass-keys.json publishes their public half.
    secrets: { jwks: 'read', passSigningKeys: 'read', idempotencyEncryptionKey: 'read' },
  },
  // Orders, eSIMs, pool claims and their events in the main table (which also holds the catalog it
  // checks tariffs against); idempotency records for order and top-up. No pass or signing keys.
  esim: {
    tables: { main: 'readWrite', idempotency: 'readWrite' },
    secrets: { jwks: 'read', idempotencyEncryptionKey: 'read' },
  },
  webhooks: { tables: { main: 'readWrite' }, secrets: { jwks: 'read', webhookEncryptionKey: 'read' } },
  sandbox: { tables: { main: 'readWrite' }, secrets: { jwks: 'read' } },
  'key-rotation': { secrets: { signingKeys: 'readWrite', jwks: 'readWrite', passSigningKeys: 'readWrite' } },
  'booking-processor': { tables: { main: 'readWrite' }, secrets: { passSigningKeys: 'read' } },
  'booking-expiry': { tables: { main: 'readWrite' } },
  // Reads the expiry index and rewrites eSIMs with their outbox events: the main table only.
  'esim-expiry': { tables: { main: 'readWrite' } },
  'webhook-dispatcher': { tables: { main: 'readWrite' }, secrets: { webhookEncryptionKey: 'read' } },
};

/** The variable shared/config/env.ts reads each secret id from. */
export const secretEnvironmentVariables: Record<SecretName, string> = {
  signingKeys: 'SIGNING_KEYS_SECRET_ID',
  jwks: 'JWKS_SECRET_ID',
  partnerCa: 'PARTNER_CA_SECRET_ID',
  clientSecretPepper: 'CLIENT_SECRET_PEPPER_SECRET_ID',
  webhookEncryptionKey: 'WEBHOOK_KEY_SECRET_ID',
  passSigningKeys: 'PASS_SIGNING_KEYS_SECRET_ID',
  idempotencyEncryptionKey: 'IDEMPOTENCY_KEY_SECRET_ID',
};
