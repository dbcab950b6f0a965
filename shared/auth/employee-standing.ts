import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import { dynamoEmployeeRevocationStore } from '../db/entities/employee-revocation.ts';
import { type EmployeeRevocation, refusesToken } from '../domain/employees/model.ts';
import { UnauthorizedError } from '../domain/errors.ts';
import { processMillis } from '../util/clock.ts';
import { LruMap } from '../util/lru-map.ts';
import type { EmployeePrincipal } from './principal.ts';

/**
 * An employee token stays valid for its hour, but its employee can be revoked meanwhile
 * (docs/employees.md, Revocation). Every admin API verifier asks for the employee's revocation and
 * remembers the answer per employee for the same bound as partner standings
 * (PRINCIPAL_STATUS_TTL_SECONDS, default 60 s), so a revocation reaches every container within it.
 */
export type RevocationReader = (employeeId: string) => Promise<EmployeeRevocation | undefined>;

const readRevocation: RevocationReader = (employeeId) =>
  dynamoEmployeeRevocationStore({ tableName: config().mainTableName }).find(employeeId);

/** Employees remembered per container: far more than the staff; the least recently used go first. */
const cacheCapacity = 1000;

interface Remembered {
  revocation: EmployeeRevocation | undefined;
  until: number;
}

export class EmployeeStandingCache {
  private readonly remembered = new LruMap<string, Remembered>(cacheCapacity);

  constructor(
    private readonly read: RevocationReader = readRevocation,
    private readonly ttlMs: () => number = () => config().principalStatusTtlSeconds * 1000,
    private readonly clock: () => number = processMillis,
  ) {}

  private async revocation(employeeId: string): Promise<EmployeeRevocation | undefined> {
    const now = this.clock();
    const known = this.remembered.get(employeeId);
    if (known && now < known.until) return known.revocation;
    const revocation = await this.read(employeeId);
    this.remembered.set(employeeId, { revocation, until: now + this.ttlMs() });
    return revocation;
  }

  /** Refuses (401 invalid_token) a token of a revoked employee, or one issued before their revocation. */
  async requireNotRevoked(principal: EmployeePrincipal): Promise<void> {
    if (refusesToken(await this.revocation(principal.subject), principal.issuedAt)) {
      throw new UnauthorizedError('The access token is no longer valid: its employee was revoked.', {
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      });
    }
  }

  clear(): void {
    this.remembered.clear();
  }
}

export const employeeStanding = new EmployeeStandingCache();
onReset(() => employeeStanding.clear());
