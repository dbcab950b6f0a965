import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '../../config/env.ts';
import { secretStore } from '../../secrets/store.ts';

/**
 * Webhook secrets are stored encrypted with AES-256-GCM. The key material comes from the secret store
 * (`webhook-encryption-key`: in AWS a Secrets Manager secret CDK generates, 64 hex digits), stretched
 * with HKDF-SHA256. Only the file backend of the local stage creates a missing key; in AWS a missing
 * key is a deployment error. The subscription id is the additional authenticated data, so a
 * ciphertext copied onto another subscription does not decrypt.
 */
const minKeyMaterialLength = 32;
const format = 'v1';

let cachedKey: Promise<Buffer> | undefined;

async function loadKey(): Promise<Buffer> {
  const { secretIds, secretsBackend } = config();
  const store = secretStore();
  let raw = await store.get(secretIds.webhookEncryptionKey);
  if (raw === undefined) {
    if (secretsBackend !== 'file') {
      throw new Error(`The secret ${secretIds.webhookEncryptionKey} (webhook encryption key) is missing`);
    }
    await store.put(secretIds.webhookEncryptionKey, randomBytes(32).toString('hex'));
    // Read back: if another process created it at the same moment, both use the one that landed.
    raw = await store.get(secretIds.webhookEncryptionKey);
  }
  const material = raw?.trim() ?? '';
  if (material.length < minKeyMaterialLength) {
    throw new Error(
      `The secret ${secretIds.webhookEncryptionKey} is shorter than ${minKeyMaterialLength} characters`,
    );
  }
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), 'webhook-secret-encryption-v1', 32),
  );
}

function encryptionKey(): Promise<Buffer> {
  cachedKey ??= loadKey().catch((error: unknown) => {
    cachedKey = undefined;
    throw error;
  });
  return cachedKey;
}

export async function encryptSecret(secret: string, webhookId: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(), iv);
  cipher.setAAD(Buffer.from(webhookId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [format, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export async function decryptSecret(sealed: string, webhookId: string): Promise<string> {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== format || !iv || !ciphertext || !tag) throw new Error('Unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(webhookId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** Tests and the local stage point the same process at another secret store. */
export function resetSecretCipher(): void {
  cachedKey = undefined;
}
