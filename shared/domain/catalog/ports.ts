import type { StagedWrite } from '../unit-of-work.ts';
import type { CatalogRecords, Contract } from './catalog-stored.ts';
import type { CatalogSnapshot } from './snapshot.ts';
import type { CatalogStamps, StampedCatalog } from './stamps.ts';

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
}

/**
 * The bytes of catalog images (shared/storage/catalog-images.ts), kept per container: a port of its own
 * because only the catalog function serves images, so booking and eSIM, which read the catalog to
 * create, carry no image storage at all.
 */
export interface CatalogImages {
  imageBytes(blob: string): Promise<Uint8Array>;
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
