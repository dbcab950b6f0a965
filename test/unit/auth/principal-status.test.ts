import { describe, expect, it } from 'vitest';
import { parseDistinguishedName, sameDistinguishedName } from '../../../shared/auth/certificate-binding.ts';
import type { PartnerPrincipal } from '../../../shared/auth/principal.ts';
import { type ApplicationStanding, PrincipalStatusCache } from '../../../shared/auth/principal-status.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import { statusOf } from '../../../shared/http/problem.ts';

const principal: PartnerPrincipal = {
  kind: 'partner',
  accountId: 'acc-1',
  subject: 'pts_c',
  scopes: [],
  tokenId: 't-1',
  tokenGeneration: 0,
};

/** A cache over a table the test changes, with a clock it moves; counts the reads. */
function cacheOver(standing: { value: ApplicationStanding | undefined }, ttlMs = 60_000) {
  let now = 0;
  const reads: string[] = [];
  const cache = new PrincipalStatusCache(
    async (clientId) => {
      reads.push(clientId);
      return standing.value;
    },
    () => ttlMs,
    () => now,
  );
  return { cache, reads, advance: (ms: number) => (now += ms) };
}

const refusal = (promise: Promise<void>) => promise.then(() => undefined).catch((error: unknown) => error);

describe('the application status cache', () => {
  it('reads an application once per bound and answers from memory in between', async () => {
    const { cache, reads, advance } = cacheOver({
      value: { accountId: 'acc-1', active: true, tokenGeneration: 0 },
    });

    await cache.requireActive(principal);
    advance(59_999);
    await cache.requireActive(principal);
    advance(1);
    await cache.requireActive(principal);

    expect(reads).toEqual(['pts_c', 'pts_c']);
  });

  it('refuses a disabled application’s token with 401 invalid_token once the bound has passed', async () => {
    const table = {
      value: { accountId: 'acc-1', active: true, tokenGeneration: 0 } as ApplicationStanding | undefined,
    };
    const { cache, advance } = cacheOver(table, 5_000);
    await cache.requireActive(principal);

    table.value = { accountId: 'acc-1', active: false, tokenGeneration: 0 };
    const withinBound = await refusal(cache.requireActive(principal));
    advance(5_000);
    const afterBound = await refusal(cache.requireActive(principal));

    expect(withinBound).toBeUndefined();
    expect(afterBound).toBeInstanceOf(ApiError);
    expect(afterBound instanceof ApiError && statusOf(afterBound)).toBe(401);
    expect((afterBound as ApiError).headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  });

  it('refuses a token whose application no longer exists or belongs to another account', async () => {
    for (const value of [undefined, { accountId: 'acc-2', active: true, tokenGeneration: 0 }]) {
      const { cache } = cacheOver({ value });

      const refused = await refusal(cache.requireActive(principal));

      expect(refused instanceof ApiError && statusOf(refused)).toBe(401);
    }
  });

  it('refuses, once the bound has passed, a token of an older generation and takes one of a newer', async () => {
    const table = { value: { accountId: 'acc-1', active: true, tokenGeneration: 0 } };
    const { cache, advance } = cacheOver(table, 5_000);
    await cache.requireActive(principal);

    table.value = { ...table.value, tokenGeneration: 1 };
    const withinBound = await refusal(cache.requireActive(principal));
    const newerWithinBound = await refusal(cache.requireActive({ ...principal, tokenGeneration: 1 }));
    advance(5_000);
    const afterBound = await refusal(cache.requireActive(principal));
    const currentAfterBound = await refusal(cache.requireActive({ ...principal, tokenGeneration: 1 }));

    expect(withinBound).toBeUndefined();
    expect(newerWithinBound).toBeUndefined();
    expect(afterBound instanceof ApiError && statusOf(afterBound)).toBe(401);
    expect((afterBound as ApiError).headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    expect(currentAfterBound).toBeUndefined();
  });

  it('lets a failed read through as the failure, remembering nothing', async () => {
    let fail = true;
    const cache = new PrincipalStatusCache(
      async () => {
        if (fail) throw new Error('database down');
        return { accountId: 'acc-1', active: true, tokenGeneration: 0 };
      },
      () => 60_000,
      () => 0,
    );

    await expect(cache.requireActive(principal)).rejects.toThrow('database down');
    fail = false;
    await expect(cache.requireActive(principal)).resolves.toBeUndefined();
  });
});

describe('distinguished names', () => {
  it('compare attribute by attribute, whatever the order, spacing or case of the types', () => {
    expect(sameDistinguishedName('CN=a, OU=b, O=c', 'o=c,ou=b,cn=a')).toBe(true);
    expect(sameDistinguishedName('CN=a, OU=b', 'CN=a, OU=b, O=c')).toBe(false);
    expect(sameDistinguishedName('CN=a', 'CN=A')).toBe(false);
  });

  it('keep escaped separators inside values', () => {
    expect(parseDistinguishedName('CN=a\\, OU=b, O=c')).toEqual(['CN=a, OU=b', 'O=c']);
    expect(parseDistinguishedName('CN="x, y"+SERIALNUMBER=1')).toEqual(['CN=x, y', 'SERIALNUMBER=1']);
    expect(parseDistinguishedName('CN=caf\\c3\\a9')).toEqual(['CN=cafÃ©']);
  });

  it('are no name at all when empty or without a type', () => {
    expect(parseDistinguishedName('')).toBeUndefined();
    expect(parseDistinguishedName('just text')).toBeUndefined();
    expect(sameDistinguishedName('', '')).toBe(false);
  });
});
