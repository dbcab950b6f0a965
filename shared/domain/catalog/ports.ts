import type { StagedWrite } from '../unit-of-work.ts';
import type { CatalogRecords, Contract } from './records.ts';
import type { CatalogSnapshot } from './snapshot.ts';
import type { CatalogStamps, StampedCatalog } from './stamps.ts';

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

/** A published catalog version as its publisher sees it: records, stamps and the pointer's state. */
export interface PublishedVersion extends StampedCatalog {
  version: string;
  /** The version it replaced: kept for readers still loading it until the next publication. */
  previousVersion: string | undefined;
}

/**
 * Where catalog versions live (shared/db/entities/catalog.ts). A version is immutable once written and
 * invisible until the pointer names it, so readers never see half of one.
 */
export interface CatalogVersions {
  /** The version the pointer names (strongly consistent), with its records; undefined before the first. */
  current(): Promise<PublishedVersion | undefined>;
  /** Writes every record of a version (idempotent: the version names its content). */
  write(version: string, records: CatalogRecords, stamps: CatalogStamps): Promise<void>;
  /** Deletes a version no reader can still be loading. */
  drop(version: string): Promise<void>;
  /**
   * The staged pointer move, on the condition that it still names `from` (none: no pointer yet), so of
   * two concurrent publications one wins and the other runs again on fresh reads.
   */
  movePointer(from: string | undefined, to: { version: string; publishedAt: Date }): StagedWrite;
}
