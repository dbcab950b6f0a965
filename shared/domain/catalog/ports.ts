import type { Contract } from './records.ts';
import type { CatalogSnapshot } from './snapshot.ts';

/** What one account sees: the current catalog version and the account's contract. */
export interface CatalogView {
  snapshot: CatalogSnapshot;
  contract: Contract;
}

/** The catalog's storage (shared/db/entities/catalog-reader.ts); one round trip per warm read. */
export interface CatalogReader {
  view(accountId: string): Promise<CatalogView>;
  imageBytes(blob: string): Promise<Uint8Array>;
}

/** A reader that also remembers each account's last view, for a caller that accepts bounded staleness. */
export interface RecentCatalogReader extends CatalogReader {
  /** The account's last view read at most `maxAgeMs` ago, without a round trip; undefined when none is. */
  recentView(accountId: string, maxAgeMs: number): CatalogView | undefined;
}
