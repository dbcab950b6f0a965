import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';

export const testIssuer = 'https://auth.test.invalid';
export const testPartnerAudience = 'https://api.test.invalid';

/**
 * Runtime configuration of a unit test: file secrets and signing key files in a fresh temporary
 * directory, no network
 * (DynamoDB calls go to an address nothing listens on unless a test mocks the client).
 */
export async function useLocalConfig(
  overrides: Record<string, string> = {},
): Promise<{ secretsDir: string; cleanUp: () => Promise<void> }> {
  const secretsDir = await mkdtemp(join(tmpdir(), 'pts-unit-'));
  const env: Record<string, string> = {
    STAGE: 'local',
    AWS_REGION: 'eu-west-1',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    MAIN_TABLE_NAME: 'main-test',
    IDEMPOTENCY_TABLE_NAME: 'idempotency-test',
    AUDIT_TABLE_NAME: 'audit-test',
    IMAGES_BUCKET_NAME: 'images-test',
    DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
    SECRETS_BACKEND: 'file',
    SECRETS_DIR: secretsDir,
    SIGNING_KEYS_BACKEND: 'local-files',
    LOCAL_SIGNING_KEYS_DIR: join(secretsDir, 'local-private-signing-keys'),
    TOKEN_ISSUER: testIssuer,
    PARTNER_AUDIENCE: testPartnerAudience,
    ADMIN_AUDIENCE: 'https://admin.test.invalid',
    API_BASE_URL: 'https://api.test.invalid',
    AUTH_BASE_URL: 'https://auth.test.invalid',
    ADMIN_BASE_URL: 'https://admin.test.invalid',
    VENUE_BASE_URL: 'https://venue.test.invalid',
    APPLE_PASS_TYPE_ID: 'pass.com.example.test',
    APPLE_TEAM_ID: 'A1B2C3D4E5',
    GOOGLE_WALLET_ISSUER_ID: '3388000000000000000',
    ...overrides,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  resetModuleCaches();
  return {
    secretsDir,
    cleanUp: async () => {
      vi.unstubAllEnvs();
      resetModuleCaches();
      // A handler may still be writing a lazily created secret when the test ends: retry, as rm -rf would.
      await rm(secretsDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}
