import { AsyncResource } from 'node:async_hooks';
import { catalogMaxStalenessOverrideMs, config } from '../../config/env.ts';
import { onReset } from '../../config/reset.ts';
import type { Contract } from '../../domain/catalog/catalog-stored.ts';
import { catalogMaxStalenessMs, catalogRefreshAfterMs } from '../../domain/catalog/freshness.ts';
import type { CatalogReader, CatalogView, ViewOptions } from '../../domain/catalog/ports.ts';
import { CatalogSnapshot } from '../../domain/catalog/snapshot.ts';
import { logger } from '../../observability/logger.ts';
import { processMillis } from '../../util/clock.ts';
import { LruMap } from '../../util/lru-map.ts';
import { type CatalogPointer, type LoadedSnapshot, loadSnapshot, readCatalogStates } from './catalog.ts';

const epoch = new Date(0);
/** No pointer yet (nothing published): an empty catalog, not an error. */
const emptyCatalog: LoadedSnapshot = {
  records: { hubs: [], amenities: [], lounges: [], fast_tracks: [], tariffs: [] },
  stamps: {},
};
/** No own contract and no default: the account sees nothing. */
const noContract: Contract = { lounges: [], fast_tracks: [], tariffs: [], updatedAt: epoch.toISOString() };

/** Accounts whose contract a container keeps; beyond them the least recently served is dropped. */
const cachedAccounts = 1000;

/**
 * The async context background reads run in: the module's, created at load time outside any request,
 * so nothing request-scoped (a trace, a request's counters) follows a read that no request waits for.
 */
const outsideRequests = new AsyncResource('CatalogBackgroundRefresh');

export interface CatalogReaderOptions {
  maxStalenessMs: number;
  refreshAfterMs: number;
  /** Epoch milliseconds; a test moves it. */
  clock: () => number;
}

/** The catalog-wide part: the pointer (and so the snapshot) and the default contract. */
interface SharedState {
  pointer: CatalogPointer | undefined;
  snapshot: CatalogSnapshot;
  defaultContract: Contract | undefined;
  /** When the read that produced it was sent: its age is measured from there. */
  readAt: number;
}

interface AccountState {
  /** The account's own contract; undefined when it has none (the default applies). */
  contract: Contract | undefined;
  readAt: number;
}

/**
 * The catalog served from the Lambda container's memory. A warm request costs no DynamoDB request:
 * the pointer, the default contract and each served account's contract are kept with the time they
 * were read. Past `refreshAfterMs` a view is still answered from memory and one BatchGetItem in the
 * background (pointer, default contract and the contracts of every account served meanwhile) brings
 * them up to date, loading the new snapshot when the pointer moved. Past `maxStalenessMs` (a container
 * that sat idle, a background read that failed) the request waits for that read itself, so no answer
 * is ever older than the bound. The pointer, the one key every request would otherwise read, is read
 * once per container per refresh instead of once per request. A publication (catalog admin) is so seen
 * by every container within the bound, without any signal between them. Snapshots are queried only when
 * the pointer names a version not in memory. Image bytes are not the reader's: the catalog function
 * reads them through shared/storage/catalog-images.ts.
 */
export class DynamoCatalogReader implements CatalogReader {
  private readonly options: CatalogReaderOptions;
  private shared: SharedState | undefined;
  private readonly accounts = new LruMap<string, AccountState>(cachedAccounts);
  /** Accounts served since the last read, whose contracts the next background read refreshes. */
  private readonly served = new Set<string>();
  private background: Promise<void> | undefined;
  private snapshot: CatalogSnapshot | undefined;
  private loading: { version: string; promise: Promise<CatalogSnapshot> } | undefined;

  constructor(options: Partial<CatalogReaderOptions> = {}) {
    this.options = {
      maxStalenessMs: catalogMaxStalenessMs,
      refreshAfterMs: catalogRefreshAfterMs,
      clock: processMillis,
      ...options,
    };
  }

  async view(accountId: string, options: ViewOptions = {}): Promise<CatalogView> {
    const maxAge = Math.min(options.maxAgeMs ?? this.options.maxStalenessMs, this.options.maxStalenessMs);
    const now = this.options.clock();
    let shared = this.shared;
    let account = this.accounts.get(accountId);
    if (!shared || !account || !young(shared, now, maxAge) || !young(account, now, maxAge)) {
      await this.read([accountId]);
      shared = this.shared;
      account = this.accounts.get(accountId);
      if (!shared || !account) throw new Error('The catalog read stored no state');
    } else if (
      !young(shared, now, this.options.refreshAfterMs) ||
      !young(account, now, this.options.refreshAfterMs)
    ) {
      this.served.add(accountId);
      this.refreshInBackground();
    } else {
      this.served.add(accountId);
    }
    return { snapshot: shared.snapshot, contract: account.contract ?? shared.defaultContract ?? noContract };
  }

  /** Reads the shared state and these accounts' contracts, then swaps them in together. */
  private async read(accountIds: readonly string[]): Promise<void> {
    const readAt = this.options.clock();
    const states = await readCatalogStates(accountIds);
    const snapshot = await this.snapshotOf(states.pointer);
    // A slower read that was sent earlier must not replace what a later one stored.
    if (!this.shared || this.shared.readAt <= readAt) {
      this.shared = { pointer: states.pointer, snapshot, defaultContract: states.defaultContract, readAt };
    }
    for (const [accountId, contract] of states.contracts) {
      const known = this.accounts.get(accountId);
      if (!known || known.readAt <= readAt) this.accounts.set(accountId, { contract, readAt });
    }
  }

  /** At most one background read at a time; a failure is logged and the bound takes over. */
  private refreshInBackground(): void {
    if (this.background) return;
    const accountIds = [...this.served];
    this.served.clear();
    this.background = outsideRequests
      .runInAsyncScope(() => this.read(accountIds))
      .catch((error: unknown) => {
        logger.warn('Background catalog refresh failed; the next request past the bound reads itself', {
          error,
        });
      })
      .finally(() => {
        this.background = undefined;
      });
  }

  /** The snapshot the pointer names: the one in memory, or loaded once however many reads ask. */
  private async snapshotOf(pointer: CatalogPointer | undefined): Promise<CatalogSnapshot> {
    const version = pointer?.version ?? 'empty';
    if (this.snapshot?.version === version) return this.snapshot;
    if (this.loading?.version !== version) {
      const promise = (async () => {
        const { records, stamps } = version === 'empty' ? emptyCatalog : await loadSnapshot(version);
        return new CatalogSnapshot({
          records,
          stamps,
          version,
          updatedAt: pointer?.updatedAt ?? epoch,
          imageBaseUrl: config().apiBaseUrl,
        });
      })();
      this.loading = { version, promise };
    }
    const { promise } = this.loading;
    try {
      const snapshot = await promise;
      this.snapshot = snapshot;
      return snapshot;
    } finally {
      if (this.loading?.promise === promise) this.loading = undefined;
    }
  }
}

/**
 * Read at most `maxAgeMs` ago (0: nothing read before now qualifies); a clock that stepped back cannot
 * vouch for the age either.
 */
function young(state: { readAt: number }, now: number, maxAgeMs: number): boolean {
  const age = now - state.readAt;
  return maxAgeMs > 0 && age >= 0 && age <= maxAgeMs;
}

let reader: DynamoCatalogReader | undefined;

/** Module-scope singleton: the cache lives as long as the container. */
export function catalogReader(): DynamoCatalogReader {
  const maxStalenessMs = catalogMaxStalenessOverrideMs();
  reader ??= new DynamoCatalogReader(
    maxStalenessMs === undefined
      ? {}
      : { maxStalenessMs, refreshAfterMs: Math.min(catalogRefreshAfterMs, maxStalenessMs) },
  );
  return reader;
}

/** Tests and the local stage point the same process at a new table. */
function resetCatalogReader(): void {
  reader = undefined;
}
onReset(resetCatalogReader);
