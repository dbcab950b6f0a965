import type { Account } from '../accounts/model.ts';
import type { AuditLog } from '../audit/ports.ts';
import type { CatalogRecords, Contract, ContractTerms, ImageRecord } from '../catalog/catalog-stored.ts';
import type { CatalogVersions } from '../catalog/ports.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type { RecordKind, RecordOf } from './kinds.ts';

/** The working copy employees edit (docs/catalog-admin.md, Draft and publication). */
export interface CatalogDraft {
  /** Grows by one with every change; a change commits only on the revision it was checked against. */
  revision: number;
  /** ISO 8601 of the last change; null for a draft nobody changed yet. */
  updatedAt: string | null;
  /** Every record of the draft, inactive ones included. */
  records: CatalogRecords;
}

export type DraftEdit =
  | { kind: RecordKind; put: RecordOf[RecordKind] }
  | { kind: RecordKind; remove: string };

/**
 * Draft storage (shared/db/entities/catalog-draft.ts). The first use copies the published catalog
 * into it, so the draft always starts from what partners see.
 */
export interface CatalogDraftStore {
  /** The whole draft, strongly consistent. */
  load(): Promise<CatalogDraft>;
  find<K extends RecordKind>(kind: K, id: string): Promise<RecordOf[K] | undefined>;
  /** One kind in id order. */
  list<K extends RecordKind>(kind: K, page: PageRequest): Promise<Page<RecordOf[K]>>;
  /**
   * The writes of one change, on the condition that the draft is still at `revision`; when another
   * change came first, they fail with ConcurrentChangeError and the operation runs again on fresh reads.
   */
  change(revision: number, edits: readonly DraftEdit[], at: Date): StagedWrite[];
}

/** An uploaded (or seeded) image: its bytes live apart, named by their SHA-256. */
export interface StoredImage {
  imageId: string;
  sha256: string;
  contentType: ImageRecord['content_type'];
  bytes: number;
  /** null for seeded SVG illustrations, whose size is not in pixels. */
  width: number | null;
  height: number | null;
  createdAt: string;
}

/** Image storage: facts in the main table (shared/db/entities/catalog-image.ts), bytes in S3. */
export interface CatalogImageStore {
  find(imageIds: readonly string[]): Promise<Map<string, StoredImage>>;
  /** Stores the bytes. Content-addressed: a retry or a twin upload writes the same object again. */
  putBytes(image: StoredImage, bytes: Uint8Array): Promise<void>;
  /** The image's facts; never overwrites (a twin upload that won first: ConcurrentChangeError). */
  add(image: StoredImage): StagedWrite;
}

/** Where an employee puts an image file directly, past the API's request size (docs/catalog-admin.md, Images). */
export interface UploadTarget {
  /** Accepts one PUT of the file, with `headers`, until the grant expires. */
  url: string;
  headers: Record<string, string>;
}

/** A file that arrived through an upload URL, as storage describes it. */
export interface StagedUpload {
  bytes: number;
  /** The Content-Type it was put with (signed into the URL, so it is the granted one). */
  contentType: string | undefined;
}

/**
 * Staged uploads in the images bucket (shared/storage/image-uploads.ts), under a prefix of their
 * own that expires after a day: nothing there is served until `completeImageUpload` checked it.
 */
export interface ImageUploads {
  /** A URL that accepts exactly `bytes` bytes of `contentType` under `uploadId` until `expiresAt`. */
  grant(
    uploadId: string,
    contentType: string,
    bytes: number,
    expiresAt: Date,
    now: Date,
  ): Promise<UploadTarget>;
  /** What arrived under `uploadId`; undefined when nothing did (or it expired). */
  find(uploadId: string): Promise<StagedUpload | undefined>;
  read(uploadId: string): Promise<Uint8Array>;
}

/** Account contracts (shared/db/entities/catalog-contract.ts): what each account may see. */
export interface ContractStore {
  /** The account's own contract (not the default one), strongly consistent. */
  find(accountId: string): Promise<Contract | undefined>;
  /** A first contract; when the account has one already: 409 ContractAlreadyExists. */
  create(accountId: string, terms: ContractTerms, at: Date): StagedWrite;
  /** Replaces `current`, on the condition that nobody replaced it since it was read. */
  replace(accountId: string, current: Contract, terms: ContractTerms, at: Date): StagedWrite;
}

/** The accounts a contract can belong to (shared/db/entities/account.ts). */
export interface AccountDirectory {
  find(accountId: string): Promise<Account | undefined>;
}

export interface CatalogAdminPorts {
  drafts: CatalogDraftStore;
  versions: CatalogVersions;
  images: CatalogImageStore;
  uploads: ImageUploads;
  contracts: ContractStore;
  accounts: AccountDirectory;
  audit: AuditLog;
}
