import type {
  ClientFailureWindow,
  LockoutKey,
  LockoutRecords,
  LockoutState,
  LockoutStore,
  LockRequest,
} from '../../shared/domain/quotas/ports.ts';
import { RecentMap } from '../../shared/domain/quotas/recent-map.ts';

const pairKey = ({ clientId, source }: LockoutKey) => `${clientId} ${source}`;

/**
 * Lockout records in Maps, for the domain's unit tests: the same rules as the DynamoDB store, which
 * test/support/contracts/lockout-store.ts holds both to (expired records are ignored and replaced, a
 * write sets the expiry it is given), bounded in size: expired records are swept as new ones arrive, and
 * past `maxRecords` the least recently touched goes.
 */
export class InMemoryLockoutStore implements LockoutStore {
  private readonly pairs: RecentMap<LockoutState>;
  private readonly clients: RecentMap<ClientFailureWindow>;

  constructor(maxRecords = 100_000) {
    this.pairs = new RecentMap(maxRecords);
    this.clients = new RecentMap(maxRecords);
  }

  async find(key: LockoutKey, now: Date): Promise<LockoutRecords> {
    const pair = this.livePair(key, now);
    const client = this.liveWindow(key.clientId, now);
    return { pair: pair && { ...pair }, client: client && { ...client } };
  }

  async addFailure(key: LockoutKey, now: Date, expiresAt: number): Promise<LockoutState> {
    const state = this.livePair(key, now) ?? {
      ...key,
      failures: 0,
      lockouts: 0,
      lockedUntilMs: null,
      expiresAt,
    };
    if (!isLocked(state, now)) {
      state.failures += 1;
      state.expiresAt = expiresAt;
    }
    this.pairs.set(pairKey(key), state);
    return { ...state };
  }

  async addClientFailure(clientId: string, now: Date, endsAt: number): Promise<ClientFailureWindow> {
    const window = this.liveWindow(clientId, now) ?? { clientId, failures: 0, endsAt };
    window.failures += 1;
    this.clients.set(clientId, window);
    return { ...window };
  }

  async lock(key: LockoutKey, request: LockRequest): Promise<boolean> {
    const state = this.livePair(key, request.now);
    if (!state || state.failures < request.threshold || isLocked(state, request.now)) return false;
    state.failures = 0;
    state.lockouts += 1;
    state.lockedUntilMs = request.lockedUntilMs;
    state.expiresAt = request.expiresAt;
    return true;
  }

  async clear(key: LockoutKey): Promise<void> {
    this.pairs.delete(pairKey(key));
  }

  get size(): number {
    return this.pairs.size + this.clients.size;
  }

  private livePair(key: LockoutKey, now: Date): LockoutState | undefined {
    return live(this.pairs, pairKey(key), now, (state) => state.expiresAt);
  }

  private liveWindow(clientId: string, now: Date): ClientFailureWindow | undefined {
    return live(this.clients, clientId, now, (window) => window.endsAt);
  }
}

function live<T>(
  records: RecentMap<T>,
  key: string,
  now: Date,
  expiry: (record: T) => number,
): T | undefined {
  const nowSeconds = now.getTime() / 1000;
  records.sweep((record) => expiry(record) <= nowSeconds);
  const record = records.touch(key);
  if (record && expiry(record) <= nowSeconds) {
    records.delete(key);
    return undefined;
  }
  return record;
}

function isLocked(state: LockoutState, now: Date): boolean {
  return state.lockedUntilMs !== null && state.lockedUntilMs > now.getTime();
}
