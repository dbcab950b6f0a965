import { afterEach, describe, expect, it } from 'vitest';
import {
  clientSecretPepper,
  generateClientId,
  generateClientSecret,
  hashClientSecret,
  isClientId,
  MalformedBasicCredentialsError,
  parseBasicCredentials,
  verifyClientSecret,
} from '../../../shared/auth/client-secrets.ts';
import type { SecretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from './local-config.ts';

const pepper = 'p'.repeat(43);

class MemoryStore implements SecretStore {
  readonly values = new Map<string, string>();
  async get(id: string) {
    return this.values.get(id);
  }
  async put(id: string, value: string) {
    this.values.set(id, value);
  }
}

const basic = (raw: string) => `Basic ${Buffer.from(raw).toString('base64')}`;

describe('client credentials', () => {
  let cleanUp: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanUp?.();
    cleanUp = undefined;
  });

  it('generate client ids in the documented format', () => {
    const clientId = generateClientId();

    expect(clientId).toMatch(/^pts_[A-Za-z0-9_-]{24}$/);
    expect(isClientId(clientId)).toBe(true);
    expect(isClientId(`${clientId}x`)).toBe(false);
    expect(isClientId('APPLICATION#x')).toBe(false);
  });

  it('generate secrets of 256 random bits, base64url, never twice the same', () => {
    const secrets = new Set(Array.from({ length: 100 }, generateClientSecret));

    expect(secrets.size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^ptss_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret.slice('ptss_'.length), 'base64url')).toHaveLength(32);
    }
  });

  it('store a keyed hash that verifies the secret and nothing else', () => {
    const secret = generateClientSecret();

    const stored = hashClientSecret(secret, pepper);

    expect(stored).not.toContain(secret.slice(5));
    expect(verifyClientSecret(secret, stored, pepper)).toBe(true);
    expect(verifyClientSecret(`${secret}x`, stored, pepper)).toBe(false);
    expect(verifyClientSecret(generateClientSecret(), stored, pepper)).toBe(false);
  });

  it('refuse a correct secret hashed under another pepper', () => {
    const secret = generateClientSecret();

    expect(verifyClientSecret(secret, hashClientSecret(secret, 'q'.repeat(43)), pepper)).toBe(false);
  });

  it('refuse, without throwing, a stored hash of the wrong length', () => {
    expect(verifyClientSecret('anything', 'c2hvcnQ', pepper)).toBe(false);
    expect(verifyClientSecret('anything', '', pepper)).toBe(false);
  });
});

describe('HTTP Basic client authentication (RFC 6749 section 2.3.1)', () => {
  it('form-urlencoded-decodes both parts after base64', () => {
    const credentials = parseBasicCredentials(basic('pts_id%3Awith%2Bcolon:se+cret%25%3A'));

    expect(credentials).toEqual({ clientId: 'pts_id:with+colon', clientSecret: 'se cret%:' });
  });

  it('accepts the scheme name in any case', () => {
    expect(parseBasicCredentials(`bAsIc ${Buffer.from('a:b').toString('base64')}`)).toEqual({
      clientId: 'a',
      clientSecret: 'b',
    });
  });

  it('ignores headers of other schemes and an absent header', () => {
    expect(parseBasicCredentials('Bearer abc.def.ghi')).toBeUndefined();
    expect(parseBasicCredentials(undefined)).toBeUndefined();
  });

  it('refuses Basic credentials without a colon or with broken percent-encoding', () => {
    expect(() => parseBasicCredentials(basic('no-colon'))).toThrow(MalformedBasicCredentialsError);
    expect(() => parseBasicCredentials(basic('id:%E0%A4%A'))).toThrow(MalformedBasicCredentialsError);
  });
});

describe('the client secret pepper', () => {
  let cleanUp: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanUp?.();
    cleanUp = undefined;
  });

  it('is created on first use by the file backend and then stays the same', async () => {
    ({ cleanUp } = await useLocalConfig());
    const store = new MemoryStore();

    const first = await clientSecretPepper(store);

    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(store.values.get('client-secret-pepper')).toBe(first);
    expect(await clientSecretPepper(store)).toBe(first);
  });

  it('is never invented in AWS: a missing pepper is a deployment error', async () => {
    ({ cleanUp } = await useLocalConfig({ SECRETS_BACKEND: 'aws' }));
    const store = new MemoryStore();

    await expect(clientSecretPepper(store)).rejects.toThrow(/client-secret-pepper is missing/);
    expect(store.values.size).toBe(0);
  });

  it('must be long enough to key an HMAC', async () => {
    ({ cleanUp } = await useLocalConfig({ SECRETS_BACKEND: 'aws' }));
    const store = new MemoryStore();
    await store.put('client-secret-pepper', 'short');

    await expect(clientSecretPepper(store)).rejects.toThrow(/at least 32/);
  });
});
