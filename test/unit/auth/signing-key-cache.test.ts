import { describe, expect, it } from 'vitest';
import type { SigningKeySet } from '../../../shared/auth/keys.ts';
import { SigningKeyCache } from '../../../shared/auth/signing-key-cache.ts';
import { signingKeySet } from '../../support/employee-tokens.ts';

const now = new Date('2026-05-01T10:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

async function setWithSuccessor(activatesAt: Date): Promise<SigningKeySet> {
  const [current] = (await signingKeySet('current')).keys;
  const [next] = (await signingKeySet('next')).keys;
  if (!current || !next) throw new Error('no key');
  return { keys: [{ ...next, activates_at: activatesAt.toISOString() }, current] };
}

describe('SigningKeyCache', () => {
  it('reads the key set once per cache period', async () => {
    let loads = 0;
    const set = await signingKeySet();
    const cache = new SigningKeyCache(async () => {
      loads++;
      return set;
    }, 60_000);
    await cache.current(now);
    await cache.current(later(59));
    expect(loads).toBe(1);
    await cache.current(later(60));
    expect(loads).toBe(2);
  });

  it('switches to a pre-published key the moment it activates, whatever the cache period', async () => {
    const set = await setWithSuccessor(later(30));
    const cache = new SigningKeyCache(async () => set, 300_000);
    expect((await cache.current(now)).kid).toBe('current');
    expect((await cache.current(later(29))).kid).toBe('current');
    expect((await cache.current(later(30))).kid).toBe('next');
  });

  it('fails plainly when no key was ever made', async () => {
    const cache = new SigningKeyCache(async () => undefined);
    await expect(cache.current(now)).rejects.toThrow(/No signing keys/);
  });
});
