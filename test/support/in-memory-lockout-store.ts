import type { LockoutState, LockoutStore, LockRequest } from '../../shared/domain/quotas/ports.ts';
import { RecentMap } from '../../shared/domain/quotas/recent-map.ts';

/**
 * Lockout records in a Map, for the domain's unit tests: the same rules as the DynamoDB store, which
 * test/support/contracts/lockout-store.ts holds both to (expired records are ignored and replaced, a
 * write sets the expiry it is given), bounded in size: expired records are swept as new ones arrive, and
 * past `maxClients` the least recently touched goes.
 */
export class InMemoryLockoutStore implements LockoutStore {
  private readonly records: RecentMap<LockoutState>;

  constructor(maxClients = 100_000) {
    this.records = new RecentMap(maxClients);
  }

  async find(clientId: string, now: Date): Promise<LockoutState | undefined> {
    const state = this.live(clientId, now);
    return state && { ...state };
  }

  async addFailure(clientId: string, now: Date, expiresAt: number): Promise<LockoutState> {
    const state = this.live(clientId, now) ?? {
      clientId,
      failures: 0,
      lockouts: 0,
      lockedUntilMs: null,
      expiresAt,
    };
    if (!isLocked(state, now)) {
      state.failures += 1;
      state.expiresAt = expiresAt;
    }
    this.records.set(clientId, state);
    return { ...state };
  }

  async lock(clientId: string, request: LockRequest): Promise<boolean> {
    const state = this.live(clientId, request.now);
    if (!state || state.failures < request.threshold || isLocked(state, request.now)) return false;
    state.failures = 0;
    state.lockouts += 1;
    state.lockedUntilMs = request.lockedUntilMs;
    state.expiresAt = request.expiresAt;
    return true;
  }

  async clear(clientId: string): Promise<void> {
    this.records.delete(clientId);
  }

  get size(): number {
    return this.records.size;
  }

  private live(clientId: string, now: Date): LockoutState | undefined {
    const nowSeconds = now.getTime() / 1000;
    this.records.sweep((state) => state.expiresAt <= nowSeconds);
    const state = this.records.touch(clientId);
    if (state && state.expiresAt <= nowSeconds) {
      this.records.delete(clientId);
      return undefined;
    }
    return state;
  }
}

function isLocked(state: LockoutState, now: Date): boolean {
  return state.lockedUntilMs !== null && state.lockedUntilMs > now.getTime();
}
