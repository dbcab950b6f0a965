import { config } from '../../config/env.ts';
import { onReset } from '../../config/reset.ts';
import type { CatalogView, RecentCatalogReader } from '../../domain/catalog/ports.ts';
import type { Contract } from '../../domain/catalog/records.ts';
import { CatalogSnapshot } from '../../domain/catalog/snapshot.ts';
import { readImageObject } from '../../storage/image-objects.ts';
import { LruMap } from '../../util/lru-map.ts';
import { type LoadedSnapshot, loadSnapshot, readCatalogState } from './catalog.ts';

const epoch = new Date(0);
/** No pointer yet (nothing published): an empty catalog, not an error. */
const emptyCatalog: LoadedSnapshot = {
  records: { hubs: [], amenities: [], lounges: [], fast_tracks: [], tariffs: [] },
  stamps: {},
};
/** No own contract and no default: the account sees nothing. */
const noContract: Contract = { lounges: [], fast_tracks: [], tariffs: [], updatedAt: epoch.toISOString() };

/** Image bytes kept per container; blobs are immutable (content-addressed), so never stale. */
const imageCacheBudgetBytes = 32 * 1024 * 1024;
/** Accounts whose last view a container remembers for callers that accept bounded staleness. */
const recentViewAccounts = 1000;

interface RecentView {
  view: CatalogView;
  /** When the read that produced it was sent (epoch ms): its age is measured from there. */
  readAt: number;
}

/**
 * The catalog cached in the Lambda container. Every `view` costs one BatchGetItem (pointer and
 * contracts); the snapshot is queried only when the pointer names a version not in memory, and image
 * bytes (S3) only the first time a container serves them. `recentView` answers the account's last view
 * without a read, for callers that accept its age (booking, never the catalog operations).
 */
export class DynamoCatalogReader implements RecentCatalogReader {
  private snapshot: CatalogSnapshot | undefined;
  private loading: Promise<CatalogSnapshot> | undefined;
  private readonly images = new Map<string, Uint8Array>();
  private imageBytesCached = 0;
  private readonly recent = new LruMap<string, RecentView>(recentViewAccounts);
  private recentSnapshot: CatalogSnapshot | undefined;

  async view(accountId: string): Promise<CatalogView> {
    const readAt = Date.now();
    const { pointer, contract } = await readCatalogState(accountId);
    const version = pointer?.version ?? 'empty';
    const view = {
      snapshot: await this.snapshotOf(version, pointer?.updatedAt ?? epoch),
      contract: contract ?? noContract,
    };
    this.remember(accountId, { view, readAt });
    return view;
  }

  recentView(accountId: string, maxAgeMs: number): CatalogView | undefined {
    const remembered = this.recent.get(accountId);
    if (!remembered) return undefined;
    const age = Date.now() - remembered.readAt;
    // A clock that stepped back cannot vouch for the age either.
    return age >= 0 && age <= maxAgeMs ? remembered.view : undefined;
  }

  private remember(accountId: string, recent: RecentView): void {
    // Views of a replaced snapshot are about to age out anyway; dropping them frees that snapshot.
    if (recent.view.snapshot !== this.recentSnapshot) {
      this.recent.clear();
      this.recentSnapshot = recent.view.snapshot;
    }
    const known = this.recent.get(accountId);
    if (!known || known.readAt <= recent.readAt) this.recent.set(accountId, recent);
  }

  async imageBytes(blob: string): Promise<Uint8Array> {
    const cached = this.images.get(blob);
    if (cached) {
      // Map order is insertion order: re-inserting makes this the most recently used.
      this.images.delete(blob);
      this.images.set(blob, cached);
      return cached;
    }
    const bytes = await readImageObject(blob);
    if (!bytes) throw new Error(`Catalog image object ${blob} is missing`);
    this.images.set(blob, bytes);
    this.imageBytesCached += bytes.byteLength;
    for (const [key, value] of this.images) {
      if (this.imageBytesCached <= imageCacheBudgetBytes) break;
      this.images.delete(key);
      this.imageBytesCached -= value.byteLength;
    }
    return bytes;
  }

  private async snapshotOf(version: string, updatedAt: Date): Promise<CatalogSnapshot> {
    if (this.snapshot?.version === version) return this.snapshot;
    if (this.loading) {
      const loaded = await this.loading;
      if (loaded.version === version) return loaded;
    }
    const loading = (async () => {
      const { records, stamps } = version === 'empty' ? emptyCatalog : await loadSnapshot(version);
      return new CatalogSnapshot({ records, stamps, version, updatedAt, imageBaseUrl: config().apiBaseUrl });
    })();
    this.loading = loading;
    try {
      const snapshot = await loading;
      this.snapshot = snapshot;
      return snapshot;
    } finally {
      if (this.loading === loading) this.loading = undefined;
    }
  }
}

let reader: DynamoCatalogReader | undefined;

/** Module-scope singleton: the cache lives as long as the container. */
export function catalogReader(): DynamoCatalogReader {
  reader ??= new DynamoCatalogReader();
  return reader;
}

/** Tests and the local stage point the same process at a new table. */
function resetCatalogReader(): void {
  reader = undefined;
}
onReset(resetCatalogReader);
