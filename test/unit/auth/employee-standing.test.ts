import { describe, expect, it } from 'vitest';
import { EmployeeStandingCache } from '../../../shared/auth/employee-standing.ts';
import type { EmployeePrincipal } from '../../../shared/auth/principal.ts';
import type { EmployeeRevocation } from '../../../shared/domain/employees/model.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import { statusOf } from '../../../shared/http/problem.ts';

const revokedAt = '2030-06-01T12:00:00.000Z';
const revokedAtSeconds = Date.parse(revokedAt) / 1000;

const tokenOf = (issuedAt: number): EmployeePrincipal => ({
  kind: 'employee',
  subject: 'eve',
  scopes: [],
  tokenId: 't-1',
  issuedAt,
});

const revocation = (status: EmployeeRevocation['status']): EmployeeRevocation => ({
  employeeId: 'eve',
  status,
  revokedAt,
  revokedBy: 'ada',
  reason: 'left the company',
  reinstatedAt: status === 'Reinstated' ? '2030-06-02T09:00:00.000Z' : null,
  reinstatedBy: status === 'Reinstated' ? 'ada' : null,
});

/** A cache over a table the test changes, with a clock it moves; counts the reads. */
function cacheOver(table: { value: EmployeeRevocation | undefined }, ttlMs = 60_000) {
  let now = 0;
  const reads: string[] = [];
  const cache = new EmployeeStandingCache(
    async (employeeId) => {
      reads.push(employeeId);
      return table.value;
    },
    () => ttlMs,
    () => now,
  );
  return { cache, reads, advance: (ms: number) => (now += ms) };
}

const refusal = (promise: Promise<void>) => promise.then(() => undefined).catch((error: unknown) => error);

describe('the employee standing cache', () => {
  it('reads an employee once per bound and answers from memory in between', async () => {
    const { cache, reads, advance } = cacheOver({ value: undefined });

    await cache.requireNotRevoked(tokenOf(revokedAtSeconds));
    advance(59_999);
    await cache.requireNotRevoked(tokenOf(revokedAtSeconds));
    advance(1);
    await cache.requireNotRevoked(tokenOf(revokedAtSeconds));

    expect(reads).toEqual(['eve', 'eve']);
  });

  it('refuses a revoked employee’s token with 401 invalid_token once the bound has passed', async () => {
    const table = { value: undefined as EmployeeRevocation | undefined };
    const { cache, advance } = cacheOver(table, 5_000);
    const token = tokenOf(revokedAtSeconds - 60);
    await cache.requireNotRevoked(token);

    table.value = revocation('Revoked');
    const withinBound = await refusal(cache.requireNotRevoked(token));
    advance(5_000);
    const afterBound = await refusal(cache.requireNotRevoked(token));

    expect(withinBound).toBeUndefined();
    expect(afterBound).toBeInstanceOf(ApiError);
    expect(afterBound instanceof ApiError && statusOf(afterBound)).toBe(401);
    expect((afterBound as ApiError).code).toBe('Unauthorized');
    expect((afterBound as ApiError).headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  });

  it('refuses every token of a revoked employee, even one issued after the revocation', async () => {
    const { cache } = cacheOver({ value: revocation('Revoked') });

    expect(await refusal(cache.requireNotRevoked(tokenOf(revokedAtSeconds + 3600)))).toBeInstanceOf(ApiError);
  });

  it('after a lift, accepts new tokens and still refuses those issued before the revocation', async () => {
    const { cache } = cacheOver({ value: revocation('Reinstated') });

    const before = await refusal(cache.requireNotRevoked(tokenOf(revokedAtSeconds - 1)));
    const sameSecond = await refusal(cache.requireNotRevoked(tokenOf(revokedAtSeconds)));
    const after = await refusal(cache.requireNotRevoked(tokenOf(revokedAtSeconds + 1)));

    expect(before).toBeInstanceOf(ApiError);
    expect(sameSecond).toBeInstanceOf(ApiError);
    expect(after).toBeUndefined();
  });
});
