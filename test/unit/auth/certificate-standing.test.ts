import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CertificateStandingCache, fingerprintOfPem } from '../../../shared/auth/certificate-standing.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import { statusOf } from '../../../shared/http/problem.ts';

const der = Buffer.from('a certificate, DER encoded');
const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64')}\n-----END CERTIFICATE-----\n`;
const otherPem = `-----BEGIN CERTIFICATE-----\n${Buffer.from('another').toString('base64')}\n-----END CERTIFICATE-----\n`;
const fingerprint = createHash('sha256').update(der).digest('hex');

/** A cache over an account whose active fingerprints the test changes, with a clock it moves; counts the reads. */
function cacheOver(table: { active: string[] | undefined }, ttlMs = 60_000) {
  let now = 0;
  const reads: string[] = [];
  const cache = new CertificateStandingCache(
    async (accountId) => {
      reads.push(accountId);
      return table.active;
    },
    () => ttlMs,
    () => now,
  );
  return { cache, reads, advance: (ms: number) => (now += ms) };
}

const refusal = (promise: Promise<void>) => promise.then(() => undefined).catch((error: unknown) => error);

describe('the certificate standing cache', () => {
  it('fingerprints a PEM as SHA-256 over its DER, in lower-case hex', () => {
    expect(fingerprintOfPem(pem)).toBe(fingerprint);
    expect(fingerprintOfPem(pem.replaceAll('\n', '\r\n'))).toBe(fingerprint);
    expect(fingerprintOfPem('')).toBeUndefined();
  });

  it('reads an account once per bound and answers from memory in between', async () => {
    const { cache, reads, advance } = cacheOver({ active: [fingerprint] });

    await cache.requireActive('acc-1', pem);
    advance(59_999);
    await cache.requireActive('acc-1', pem);
    advance(1);
    await cache.requireActive('acc-1', pem);

    expect(reads).toEqual(['acc-1', 'acc-1']);
  });

  it('refuses a revoked certificate with 401 invalid_token once the bound has passed', async () => {
    const table = { active: [fingerprint] as string[] | undefined };
    const { cache, advance } = cacheOver(table, 5_000);
    await cache.requireActive('acc-1', pem);

    table.active = ['another'];
    const withinBound = await refusal(cache.requireActive('acc-1', pem));
    advance(5_000);
    const afterBound = await refusal(cache.requireActive('acc-1', pem));

    expect(withinBound).toBeUndefined();
    expect(afterBound).toBeInstanceOf(ApiError);
    expect(afterBound instanceof ApiError && statusOf(afterBound)).toBe(401);
    expect((afterBound as ApiError).headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    expect((afterBound as ApiError).details).toEqual({ reason: 'certificate_not_active' });
  });

  it('reads again once for a certificate it does not know, so one added a moment ago works at once', async () => {
    const table = { active: ['another'] as string[] | undefined };
    const { cache, reads } = cacheOver(table);
    await cache.requireActive('acc-1', otherPem).catch(() => undefined);
    table.active = ['another', fingerprint];

    const added = await refusal(cache.requireActive('acc-1', pem));

    expect(added).toBeUndefined();
    expect(reads).toHaveLength(2);
  });

  it('refuses an unknown certificate from memory after its own read, until the bound has passed', async () => {
    const { cache, reads, advance } = cacheOver({ active: ['another'] });

    const first = await refusal(cache.requireActive('acc-1', pem));
    const again = await refusal(cache.requireActive('acc-1', pem));
    advance(60_000);
    await refusal(cache.requireActive('acc-1', pem));

    expect(first).toBeInstanceOf(ApiError);
    expect(again).toBeInstanceOf(ApiError);
    expect(reads).toHaveLength(2);
  });

  it('refuses any certificate of an unknown account, and an empty one', async () => {
    const { cache } = cacheOver({ active: undefined });

    expect(await refusal(cache.requireActive('acc-9', pem))).toBeInstanceOf(ApiError);
    expect(await refusal(cache.requireActive('acc-9', ''))).toBeInstanceOf(ApiError);
  });
});
