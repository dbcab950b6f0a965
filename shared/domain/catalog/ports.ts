import type { Contract } from './records.ts';
import type { CatalogSnapshot } from './snapshot.ts';

/** What one account sees: the current catalog version and the account's contract. */
export interface CatalogView {
  snapshot: CatalogSnapshot;
  contract: Contract;
}

export interface ViewOptions {
  /**
   * The oldest view the caller accepts, in milliseconds; never more than the reader's own bound.
   * 0 asks for a read now.
   */
  maxAgeMs?: number;
}

/**
 * The catalog's storage (shared/db/entities/catalog-reader.ts): served from the container's memory,
 * never older than its staleness bound (docs/catalog.md, "Served from memory").
 */
export interface CatalogReader {
  view(accountId: string, options?: ViewOptions): Promise<CatalogView>;
  imageBytes(blob: string): Promise<Uint8Array>;
}
