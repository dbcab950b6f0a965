import type { Account } from '../../../shared/domain/accounts/model.ts';
import type { AuditRecord } from '../../../shared/domain/audit/model.ts';
import type { AuditLog, AuditPage, AuditQuery } from '../../../shared/domain/audit/ports.ts';
import {
  type CatalogRecords,
  type Contract,
  type ContractTerms,
  termsOf,
} from '../../../shared/domain/catalog/catalog-stored.ts';
import type { CatalogVersions, PublishedVersion } from '../../../shared/domain/catalog/ports.ts';
import { type CatalogStamps, recordKinds } from '../../../shared/domain/catalog/stamps.ts';
import type { RecordKind, RecordOf } from '../../../shared/domain/catalog-admin/kinds.ts';
import type {
  CatalogAdminPorts,
  CatalogDraft,
  CatalogDraftStore,
  CatalogImageStore,
  ContractStore,
  DraftEdit,
  ImageUploads,
  StagedUpload,
  StoredImage,
  UploadTarget,
} from '../../../shared/domain/catalog-admin/ports.ts';
import { contractExists } from '../../../shared/domain/catalog-admin/service.ts';
import { ConcurrentChangeError, ValidationError } from '../../../shared/domain/errors.ts';
import type { Page, PageRequest } from '../../../shared/domain/ports.ts';
import { anAccount } from '../accounts/fakes.ts';
import { type FakeWrite, fakeWrite } from '../support/unit-of-work.ts';

const copy = <T>(value: T): T => structuredClone(value);

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const cursorOf = (kind: RecordKind, id: string) =>
  Buffer.from(JSON.stringify({ kind, id })).toString('base64url');

/** The id a cursor of this kind's list names; anything else is a 422, as the table's cursors are. */
function idOf(cursor: string, kind: RecordKind): string {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof decoded === 'object' &&
      decoded !== null &&
      'kind' in decoded &&
      'id' in decoded &&
      decoded.kind === kind &&
      typeof decoded.id === 'string'
    ) {
      return decoded.id;
    }
  } catch {}
  throw new ValidationError('The cursor is not valid: pass next_cursor from the previous page unchanged.', [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);
}

/** The draft in memory: one revision counter guards every change, as the head item does in DynamoDB. */
export class MemoryDraft implements CatalogDraftStore {
  revision = 0;
  updatedAt: string | null = null;
  records: CatalogRecords;

  constructor(records: CatalogRecords) {
    this.records = copy(records);
  }

  /** Each kind in id order, as the draft partition's sort key holds it. */
  async load(): Promise<CatalogDraft> {
    const records = copy(this.records);
    for (const kind of recordKinds) (records[kind] as RecordOf[RecordKind][]).sort(byId);
    return { revision: this.revision, updatedAt: this.updatedAt, records };
  }

  async find<K extends RecordKind>(kind: K, id: string): Promise<RecordOf[K] | undefined> {
    const found = (this.records[kind] as RecordOf[K][]).find((record) => record.id === id);
    return found ? copy(found) : undefined;
  }

  /** Resumes after the id the cursor names, so records added between pages are listed in their place. */
  async list<K extends RecordKind>(kind: K, page: PageRequest): Promise<Page<RecordOf[K]>> {
    const after = page.cursor === undefined ? undefined : idOf(page.cursor, kind);
    const sorted = [...(this.records[kind] as RecordOf[K][])]
      .sort(byId)
      .filter((record) => after === undefined || record.id > after);
    const items = sorted.slice(0, page.limit);
    const last = items.at(-1);
    return {
      items: copy(items),
      nextCursor: sorted.length > page.limit && last ? cursorOf(kind, last.id) : null,
    };
  }

  change(revision: number, edits: readonly DraftEdit[], at: Date): FakeWrite[] {
    return [
      fakeWrite(
        `draft revision ${revision + 1}`,
        () => {
          this.revision = revision + 1;
          this.updatedAt = at.toISOString();
          for (const edit of edits) {
            const list = this.records[edit.kind] as RecordOf[RecordKind][];
            const id = 'remove' in edit ? edit.remove : edit.put.id;
            const index = list.findIndex((record) => record.id === id);
            // Removing a record that is not there changes nothing, as a Delete of a missing item.
            if ('remove' in edit) {
              if (index >= 0) list.splice(index, 1);
            } else if (index >= 0) list[index] = copy(edit.put);
            else list.push(copy(edit.put));
          }
        },
        () => (this.revision === revision ? undefined : new ConcurrentChangeError('draft changed')),
      ),
    ];
  }
}

/** Published versions in memory: partitions by version and a pointer, as the main table holds them. */
export class MemoryVersions implements CatalogVersions {
  readonly partitions = new Map<string, { records: CatalogRecords; stamps: CatalogStamps }>();
  pointer: { version: string; previousVersion: string | undefined; publishedAt: Date } | undefined;
  readonly dropped: string[] = [];

  async current(): Promise<PublishedVersion | undefined> {
    if (!this.pointer) return undefined;
    const partition = this.partitions.get(this.pointer.version);
    if (!partition) throw new Error(`Version ${this.pointer.version} has no records`);
    // Each kind in id order, as the version's partition holds its records.
    const records = copy(partition.records);
    for (const kind of recordKinds) (records[kind] as RecordOf[RecordKind][]).sort(byId);
    return { ...this.pointer, records, stamps: copy(partition.stamps) };
  }

  async write(version: string, records: CatalogRecords, stamps: CatalogStamps): Promise<void> {
    this.partitions.set(version, copy({ records, stamps }));
  }

  async drop(version: string): Promise<void> {
    this.partitions.delete(version);
    this.dropped.push(version);
  }

  movePointer(from: string | undefined, to: { version: string; publishedAt: Date }): FakeWrite {
    return fakeWrite(
      `pointer -> ${to.version}`,
      () => {
        this.pointer = { version: to.version, previousVersion: from, publishedAt: to.publishedAt };
      },
      () =>
        this.pointer?.version === from
          ? undefined
          : new ConcurrentChangeError('another publication came first'),
    );
  }
}

export class MemoryImages implements CatalogImageStore {
  readonly images = new Map<string, StoredImage>();
  readonly objects = new Map<string, Uint8Array>();

  constructor(...images: StoredImage[]) {
    for (const image of images) this.images.set(image.imageId, image);
  }

  async find(imageIds: readonly string[]): Promise<Map<string, StoredImage>> {
    return new Map(
      imageIds.flatMap((id) => (this.images.has(id) ? [[id, this.images.get(id) as StoredImage]] : [])),
    );
  }

  async putBytes(image: StoredImage, bytes: Uint8Array): Promise<void> {
    this.objects.set(image.sha256, bytes);
  }

  add(image: StoredImage): FakeWrite {
    return fakeWrite(
      `image ${image.imageId}`,
      () => this.images.set(image.imageId, image),
      () => (this.images.has(image.imageId) ? new ConcurrentChangeError('stored meanwhile') : undefined),
    );
  }
}

/** Upload URLs as grants, and what an employee put through them (`put`), like the staging prefix. */
export class MemoryUploads implements ImageUploads {
  readonly grants = new Map<string, { contentType: string; bytes: number; expiresAt: Date }>();
  readonly files = new Map<string, { bytes: Uint8Array; contentType: string | undefined }>();

  async grant(uploadId: string, contentType: string, bytes: number, expiresAt: Date): Promise<UploadTarget> {
    this.grants.set(uploadId, { contentType, bytes, expiresAt });
    return {
      url: `https://uploads.example/${uploadId}`,
      headers: { 'Content-Type': contentType, 'Content-Length': String(bytes) },
    };
  }

  /** What storage holds after a PUT to the URL (the fake, like the local emulator, checks no signature). */
  put(uploadId: string, bytes: Uint8Array, contentType: string | undefined): void {
    this.files.set(uploadId, { bytes, contentType });
  }

  async find(uploadId: string): Promise<StagedUpload | undefined> {
    const file = this.files.get(uploadId);
    return file && { bytes: file.bytes.length, contentType: file.contentType };
  }

  async read(uploadId: string): Promise<Uint8Array> {
    const file = this.files.get(uploadId);
    if (!file) throw new Error(`nothing under ${uploadId}`);
    return file.bytes;
  }
}

export class MemoryContracts implements ContractStore {
  readonly contracts = new Map<string, Contract>();

  async find(accountId: string): Promise<Contract | undefined> {
    return this.contracts.get(accountId);
  }

  create(accountId: string, terms: ContractTerms, at: Date): FakeWrite {
    return fakeWrite(
      `contract ${accountId}`,
      () => this.contracts.set(accountId, { ...termsOf(terms), updatedAt: at.toISOString() }),
      () => (this.contracts.has(accountId) ? contractExists(accountId) : undefined),
    );
  }

  replace(accountId: string, current: Contract, terms: ContractTerms, at: Date): FakeWrite {
    return fakeWrite(
      `contract ${accountId} replaced`,
      () => this.contracts.set(accountId, { ...termsOf(terms), updatedAt: at.toISOString() }),
      () =>
        this.contracts.get(accountId)?.updatedAt === current.updatedAt
          ? undefined
          : new ConcurrentChangeError('replaced meanwhile'),
    );
  }
}

/** The audit table's sort key: newest first is descending `at`, then id. */
const auditKey = (record: AuditRecord) => `${record.at}#${record.id}`;

function matchesQuery(record: AuditRecord, query: AuditQuery): boolean {
  return (
    (query.actorId === undefined || record.actor.id === query.actorId) &&
    (query.actorType === undefined || record.actor.type === query.actorType) &&
    (query.targetId === undefined || record.target.id === query.targetId) &&
    (query.targetType === undefined || record.target.type === query.targetType) &&
    (query.action === undefined || record.action === query.action) &&
    (query.since === undefined || auditKey(record) >= query.since)
  );
}

/** The audit table in memory: append-only, read newest first through the same filters and cursors. */
export class MemoryAudit implements AuditLog {
  /** In the order they were appended. */
  readonly records: AuditRecord[] = [];

  append(record: AuditRecord): FakeWrite {
    return fakeWrite(
      `audit ${record.action}`,
      () => this.records.push(record),
      () =>
        this.records.some((stored) => auditKey(stored) === auditKey(record))
          ? new Error(`Audit record ${record.id} exists`)
          : undefined,
    );
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const after = query.cursor === undefined ? undefined : auditKeyOf(query.cursor);
    const newestFirst = this.records
      .filter((record) => matchesQuery(record, query) && (after === undefined || auditKey(record) < after))
      .sort((a, b) => (auditKey(a) < auditKey(b) ? 1 : -1));
    const items = newestFirst.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items: copy(items),
      nextCursor:
        newestFirst.length > query.limit && last
          ? Buffer.from(JSON.stringify({ key: auditKey(last) })).toString('base64url')
          : null,
    };
  }
}

function auditKeyOf(cursor: string): string {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof decoded === 'object' &&
      decoded !== null &&
      'key' in decoded &&
      typeof decoded.key === 'string'
    ) {
      return decoded.key;
    }
  } catch {}
  throw new ValidationError('The cursor is not valid: pass next_cursor from the previous page unchanged.', [
    { path: 'query.cursor', message: 'Invalid cursor' },
  ]);
}

export function memoryPorts(records: CatalogRecords, ...images: StoredImage[]) {
  const accounts = new Map<string, Account>([[anAccount().accountId, anAccount()]]);
  const ports = {
    drafts: new MemoryDraft(records),
    versions: new MemoryVersions(),
    images: new MemoryImages(...images),
    uploads: new MemoryUploads(),
    contracts: new MemoryContracts(),
    accounts: { find: async (accountId: string) => accounts.get(accountId) },
    audit: new MemoryAudit(),
  } satisfies CatalogAdminPorts;
  return ports;
}
