import { hkdfSync, randomBytes } from 'node:crypto';
import { config, type RuntimeConfig } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { secretStore } from './store.ts';

type SecretName = keyof RuntimeConfig['secretIds'];

const minimumMaterialLength = 32;
const cache = new Map<string, Promise<Buffer>>();

/**
 * A 256-bit key derived (HKDF-SHA256, one label per purpose) from key material in the secret store.
 * In AWS the stateful stack generates the material and a missing secret is a deployment error; only
 * the local stage's file backend creates it on first use.
 */
async function derive(name: SecretName, purpose: string): Promise<Buffer> {
  const { secretIds, secretsBackend } = config();
  const id = secretIds[name];
  const store = secretStore();
  let material = await store.get(id);
  if (material === undefined && secretsBackend === 'file') {
    await store.put(id, randomBytes(32).toString('hex'));
    // Read back: if two processes raced, both continue with the value that landed.
    material = await store.get(id);
  }
  const value = material?.trim() ?? '';
  if (value.length < minimumMaterialLength) throw new Error(`The secret ${id} is missing or too short`);
  return Buffer.from(hkdfSync('sha256', Buffer.from(value, 'utf8'), Buffer.alloc(0), purpose, 32));
}

export function dataKey(name: SecretName, purpose: string): Promise<Buffer> {
  const cacheKey = `${name}:${purpose}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = derive(name, purpose).catch((error: unknown) => {
      cache.delete(cacheKey);
      throw error;
    });
    cache.set(cacheKey, key);
  }
  return key;
}

/** Tests and the local stage point the same process at another secret store. */
function resetDataKeys(): void {
  cache.clear();
}
onReset(resetDataKeys);
