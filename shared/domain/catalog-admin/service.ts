import { createHash, randomUUID } from 'node:crypto';
import { type AuditActor, buildAuditRecord } from '../audit/model.ts';
import { uuidV7 } from '../booking/ids.ts';
import { type Contract, type ContractTerms, termsOf } from '../catalog/catalog-stored.ts';
import { imageIdFor } from '../catalog/image-id.ts';
import { publishCatalog } from '../catalog/publication.ts';
import { canonicalJson, changeTimeAfter, recordKinds } from '../catalog/stamps.ts';
import { type ApiError, ConflictError, type FieldError, NotFoundError, ValidationError } from '../errors.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { type CatalogDiff, catalogDiff, type FieldChange, fieldChanges } from './diff.ts';
import { fromForm, imageIdsOf, isActive, toForm } from './forms.ts';
import { type ImageContent, inspectImage, maxImageBytes, tooLarge } from './image-content.ts';
import {
  type FormOf,
  type ItemOf,
  kindLabels,
  type RecordKind,
  type RecordOf,
  recordTypes,
} from './kinds.ts';
import type { CatalogAdminPorts, StoredImage, UploadTarget } from './ports.ts';
import { conflictOf, loungesUsing, unknownReferences } from './rules.ts';

/** Who changes what, in which request: every change is audited in its own unit of work. */
export interface AdminChange {
  actor: AuditActor;
  /** The route's operation id. */
  action: string;
  requestId: string;
  now: Date;
  uow: UnitOfWork;
}

/**
 * Audit details hold no image bytes and stay readable at any depth: nested values of a field change
 * are kept as canonical JSON text (the audit record cuts deeper nesting).
 */
function auditedChanges(changes: readonly FieldChange[]) {
  const flat = (value: unknown) =>
    value !== null && typeof value === 'object' ? canonicalJson(value) : value;
  return changes.map((change) => ({
    path: change.path,
    ...('before' in change ? { before: flat(change.before) } : {}),
    ...('after' in change ? { after: flat(change.after) } : {}),
  }));
}

function audit(
  ports: Pick<CatalogAdminPorts, 'audit'>,
  change: AdminChange,
  target: { type: string; id: string },
  details: Record<string, unknown>,
): void {
  const record = buildAuditRecord(
    { actor: change.actor, action: change.action, target, requestId: change.requestId, details },
    uuidV7(change.now),
    change.now,
  );
  change.uow.stage(ports.audit.append(record));
}

const notFound = (kind: RecordKind, id: string) =>
  new NotFoundError('CatalogResourceNotFound', `No ${kindLabels[kind]} ${id} in the catalog draft.`);

export async function listItems<K extends RecordKind>(
  ports: Pick<CatalogAdminPorts, 'drafts'>,
  kind: K,
  page: PageRequest,
): Promise<Page<ItemOf<K>>> {
  const found = await ports.drafts.list(kind, page);
  return { items: found.items.map((record) => toForm(kind, record)), nextCursor: found.nextCursor };
}

export async function getItem<K extends RecordKind>(
  ports: Pick<CatalogAdminPorts, 'drafts'>,
  kind: K,
  id: string,
): Promise<ItemOf<K>> {
  const record = await ports.drafts.find(kind, id);
  if (!record) throw notFound(kind, id);
  return toForm(kind, record);
}

/**
 * Saves one item into the draft. The primary course: read the draft, check every reference (422 on
 * the field), build the record, check it duplicates nothing (409), then stage the record, the draft's
 * revision step and the audit record in the request's unit of work. Saving what is there already
 * writes nothing.
 */
async function saveItem<K extends RecordKind>(
  ports: CatalogAdminPorts,
  kind: K,
  id: string,
  form: FormOf[K],
  change: AdminChange,
  mode: 'create' | 'replace',
): Promise<ItemOf<K>> {
  const draft = await ports.drafts.load();
  const existing = (draft.records[kind] as RecordOf[K][]).find((record) => record.id === id);
  if (mode === 'replace' && !existing) throw notFound(kind, id);
  const imageIds = imageIdsOf(kind, form);
  const images = imageIds.length > 0 ? await ports.images.find(imageIds) : new Map<string, StoredImage>();
  const errors = unknownReferences(kind, form, draft.records, new Set(images.keys()));
  if (errors.length > 0) throw new ValidationError('The item names records that do not exist.', errors);
  const record = fromForm(kind, id, form, (imageId) => {
    const image = images.get(imageId);
    if (!image) throw new Error(`Image ${imageId} was checked but is missing`);
    return { sha256: image.sha256, contentType: image.contentType };
  });
  const conflict = conflictOf(kind, record, draft.records);
  if (conflict) throw conflict;
  const item = toForm(kind, record);
  if (existing && canonicalJson(existing) === canonicalJson(record)) return item;

  change.uow.stage(...ports.drafts.change(draft.revision, [{ kind, put: record }], change.now));
  const details = existing
    ? { changes: auditedChanges(fieldChanges(toForm(kind, existing), item)) }
    : { after: item };
  audit(ports, change, { type: recordTypes[kind], id }, details);
  return item;
}

export function createItem<K extends RecordKind>(
  ports: CatalogAdminPorts,
  kind: K,
  form: FormOf[K],
  change: AdminChange,
): Promise<ItemOf<K>> {
  return saveItem(ports, kind, randomUUID(), form, change, 'create');
}

export function replaceItem<K extends RecordKind>(
  ports: CatalogAdminPorts,
  kind: K,
  id: string,
  form: FormOf[K],
  change: AdminChange,
): Promise<ItemOf<K>> {
  return saveItem(ports, kind, id, form, change, 'replace');
}

/** Items are deactivated, never deleted; deactivating an inactive item changes nothing. */
export async function deactivateItem<K extends RecordKind>(
  ports: CatalogAdminPorts,
  kind: K,
  id: string,
  change: AdminChange,
): Promise<ItemOf<K>> {
  const draft = await ports.drafts.load();
  const existing = (draft.records[kind] as RecordOf[K][]).find((record) => record.id === id);
  if (!existing) throw notFound(kind, id);
  const before = toForm(kind, existing);
  if (!isActive(existing)) return before;
  const record = { ...existing, is_active: false } as RecordOf[K];
  change.uow.stage(...ports.drafts.change(draft.revision, [{ kind, put: record }], change.now));
  const after = toForm(kind, record);
  audit(
    ports,
    change,
    { type: recordTypes[kind], id },
    { changes: auditedChanges(fieldChanges(before, after)) },
  );
  return after;
}

/** An amenity no lounge of the draft lists may go; otherwise 409 AmenityResourceConflict. */
export async function deleteAmenity(
  ports: CatalogAdminPorts,
  id: string,
  change: AdminChange,
): Promise<void> {
  const draft = await ports.drafts.load();
  const existing = draft.records.amenities.find((record) => record.id === id);
  if (!existing) throw notFound('amenities', id);
  const users = loungesUsing(id, draft.records);
  if (users.length > 0) {
    throw new ConflictError(
      'AmenityResourceConflict',
      `${users.length} lounge(s) of the draft list amenity ${id}: remove it from them (or deactivate it).`,
      { details: { lounge_ids: users.slice(0, 50) } },
    );
  }
  change.uow.stage(...ports.drafts.change(draft.revision, [{ kind: 'amenities', remove: id }], change.now));
  audit(ports, change, { type: 'amenity', id }, { before: toForm('amenities', existing) });
}

const noChanges: CatalogDiff = { hasChanges: false, added: [], changed: [], deactivated: [], removed: [] };

export interface PublicationResult {
  version: string;
  publishedAt: Date;
  changed: boolean;
  previousVersion: string | undefined;
  diff: CatalogDiff;
}

/**
 * Makes the draft the published catalog (shared/domain/catalog/publication.ts: every record written
 * first, the pointer moved last in this request's unit of work, with the audit record). A draft that
 * is published already is answered 200 with the current version and `changed: false`.
 */
export async function publishDraft(
  ports: CatalogAdminPorts,
  change: AdminChange,
): Promise<PublicationResult> {
  const [draft, current] = await Promise.all([ports.drafts.load(), ports.versions.current()]);
  const diff = catalogDiff(current?.records, draft.records);
  const publication = await publishCatalog(ports.versions, draft.records, change.now, change.uow, {
    current,
  });
  if (publication.changed) {
    audit(
      ports,
      change,
      { type: 'catalog', id: publication.version },
      {
        version: publication.version,
        previous_version: publication.previousVersion ?? null,
        draft_revision: draft.revision,
        items: {
          added: diff.added.length,
          changed: diff.changed.length,
          deactivated: diff.deactivated.length,
          removed: diff.removed.length,
        },
      },
    );
  }
  return {
    version: publication.version,
    publishedAt: publication.publishedAt,
    changed: publication.changed,
    previousVersion: publication.previousVersion,
    diff: publication.changed ? diff : noChanges,
  };
}

export interface DraftSummary {
  publishedVersion: string | null;
  publishedAt: Date | null;
  revision: number;
  updatedAt: string | null;
  hasChanges: boolean;
  counts: Record<RecordKind, { total: number; active: number }>;
}

export async function draftSummary(ports: CatalogAdminPorts): Promise<DraftSummary> {
  const [draft, current] = await Promise.all([ports.drafts.load(), ports.versions.current()]);
  const counts = Object.fromEntries(
    recordKinds.map((kind) => {
      const records: RecordOf[RecordKind][] = draft.records[kind];
      return [kind, { total: records.length, active: records.filter(isActive).length }];
    }),
  ) as Record<RecordKind, { total: number; active: number }>;
  return {
    publishedVersion: current?.version ?? null,
    publishedAt: current?.publishedAt ?? null,
    revision: draft.revision,
    updatedAt: draft.updatedAt,
    hasChanges: catalogDiff(current?.records, draft.records).hasChanges,
    counts,
  };
}

export async function draftDiff(
  ports: CatalogAdminPorts,
): Promise<{ publishedVersion: string | null; diff: CatalogDiff }> {
  const [draft, current] = await Promise.all([ports.drafts.load(), ports.versions.current()]);
  return { publishedVersion: current?.version ?? null, diff: catalogDiff(current?.records, draft.records) };
}

/**
 * Stores an uploaded image. The id derives from the bytes, so the same image uploaded again is the
 * image stored before (`created: false`, nothing written). The bytes go to storage first; the image's
 * facts and the audit record (id, type, size, hash: never bytes) commit with the request.
 */
/** Stores checked bytes once: the id derives from them, so the same file is the same image. */
async function storeImage(
  ports: Pick<CatalogAdminPorts, 'images' | 'audit'>,
  bytes: Uint8Array,
  content: ImageContent,
  change: AdminChange,
  auditExtras: Record<string, unknown> = {},
): Promise<{ image: StoredImage; created: boolean }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const imageId = imageIdFor(sha256);
  const found = (await ports.images.find([imageId])).get(imageId);
  if (found) return { image: found, created: false };
  const image: StoredImage = {
    imageId,
    sha256,
    contentType: content.contentType,
    bytes: bytes.length,
    width: content.width,
    height: content.height,
    createdAt: change.now.toISOString(),
  };
  await ports.images.putBytes(image, bytes);
  change.uow.stage(ports.images.add(image));
  audit(
    ports,
    change,
    { type: 'image', id: imageId },
    {
      image_id: imageId,
      content_type: image.contentType,
      bytes: image.bytes,
      sha256,
      width: image.width,
      height: image.height,
      ...auditExtras,
    },
  );
  return { image, created: true };
}

export async function uploadImage(
  ports: CatalogAdminPorts,
  bytes: Uint8Array,
  declaredType: string | undefined,
  change: AdminChange,
): Promise<{ image: StoredImage; created: boolean }> {
  return storeImage(ports, bytes, await inspectImage(bytes, declaredType), change);
}

/** How long an upload URL accepts its file: long enough for a slow link, short for a leaked URL. */
export const uploadGrantLifetimeMs = 15 * 60 * 1000;

export interface UploadGrant extends UploadTarget {
  uploadId: string;
  expiresAt: Date;
}

/**
 * An upload URL for one file of the declared type and exact size (at most 5 MiB: the schema said so),
 * for images larger than a request body may carry. The grant is audited: it lets its holder write
 * into the images bucket, if only under a staging prefix nothing reads unchecked.
 */
export async function startImageUpload(
  ports: Pick<CatalogAdminPorts, 'uploads' | 'audit'>,
  request: { contentType: string; bytes: number },
  change: AdminChange,
): Promise<UploadGrant> {
  const uploadId = uuidV7(change.now);
  const expiresAt = new Date(change.now.getTime() + uploadGrantLifetimeMs);
  const target = await ports.uploads.grant(
    uploadId,
    request.contentType,
    request.bytes,
    expiresAt,
    change.now,
  );
  audit(
    ports,
    change,
    { type: 'image_upload', id: uploadId },
    { content_type: request.contentType, bytes: request.bytes, expires_at: expiresAt.toISOString() },
  );
  return { uploadId, expiresAt, ...target };
}

/**
 * The file put through an upload URL becomes an image after the same checks as a direct upload (422
 * on `upload`); nothing under the upload id is 404. Completing twice answers the same image (200).
 */
export async function completeImageUpload(
  ports: CatalogAdminPorts,
  uploadId: string,
  change: AdminChange,
): Promise<{ image: StoredImage; created: boolean }> {
  const staged = await ports.uploads.find(uploadId);
  if (!staged)
    throw new NotFoundError(
      'ResourceNotFound',
      `Nothing was uploaded for upload ${uploadId}: PUT the file to its upload URL first (it expires after 15 minutes).`,
    );
  // Checked before reading: storage never enforces the granted size on the local stage.
  if (staged.bytes > maxImageBytes)
    throw new ValidationError('The image is not accepted.', [
      { path: 'upload', message: tooLarge(staged.bytes) },
    ]);
  const bytes = await ports.uploads.read(uploadId);
  const content = await inspectImage(bytes, staged.contentType, 'upload');
  return storeImage(ports, bytes, content, change, { upload_id: uploadId });
}

const contractKinds = ['lounges', 'fast_tracks', 'tariffs'] as const;

/** The account must exist (404) and every listed id must be an item of the draft (422 on its path). */
async function checkContract(ports: CatalogAdminPorts, accountId: string, terms: ContractTerms) {
  if (!(await ports.accounts.find(accountId)))
    throw new NotFoundError('ResourceNotFound', `No account ${accountId}.`);
  const listed = contractKinds.filter((kind) => terms[kind] !== 'all');
  if (listed.length === 0) return;
  const draft = await ports.drafts.load();
  const errors: FieldError[] = [];
  for (const kind of listed) {
    const known = new Set(draft.records[kind].map((record) => record.id));
    const ids = terms[kind];
    if (ids === 'all') continue;
    ids.forEach((id, index) => {
      if (!known.has(id))
        errors.push({ path: `body.${kind}.${index}`, message: `No ${kindLabels[kind]} ${id}` });
    });
  }
  if (errors.length > 0) throw new ValidationError('The contract names items that do not exist.', errors);
}

const sameTerms = (a: ContractTerms, b: ContractTerms) =>
  canonicalJson(termsOf(a)) === canonicalJson(termsOf(b));

/**
 * An account's own contract; it replaces the default contract for that account. Partners see it from
 * their next catalog request (docs/catalog-admin.md, Contracts).
 */
export async function createContract(
  ports: CatalogAdminPorts,
  accountId: string,
  terms: ContractTerms,
  change: AdminChange,
): Promise<Contract> {
  await checkContract(ports, accountId, terms);
  if (await ports.contracts.find(accountId)) throw contractExists(accountId);
  const contract: Contract = { ...termsOf(terms), updatedAt: change.now.toISOString() };
  change.uow.stage(ports.contracts.create(accountId, terms, change.now));
  audit(ports, change, { type: 'contract', id: accountId }, { before: null, after: termsOf(terms) });
  return contract;
}

export function contractExists(accountId: string): ApiError {
  return new ConflictError(
    'ContractAlreadyExists',
    `Account ${accountId} has a contract already: replace it with PUT.`,
  );
}

export async function replaceContract(
  ports: CatalogAdminPorts,
  accountId: string,
  terms: ContractTerms,
  change: AdminChange,
): Promise<Contract> {
  await checkContract(ports, accountId, terms);
  const current = await ports.contracts.find(accountId);
  if (!current) throw noContract(accountId);
  if (sameTerms(current, terms)) return current;
  // Last-Modified has second precision: the replacement must be at least a second younger.
  const at = changeTimeAfter(change.now, new Date(current.updatedAt));
  change.uow.stage(ports.contracts.replace(accountId, current, terms, at));
  audit(
    ports,
    change,
    { type: 'contract', id: accountId },
    { before: termsOf(current), after: termsOf(terms) },
  );
  return { ...termsOf(terms), updatedAt: at.toISOString() };
}

function noContract(accountId: string): NotFoundError {
  return new NotFoundError(
    'ResourceNotFound',
    `Account ${accountId} has no contract of its own: the default contract applies. Create one with POST.`,
    { details: { default_contract_applies: true } },
  );
}

export async function getContract(ports: CatalogAdminPorts, accountId: string): Promise<Contract> {
  if (!(await ports.accounts.find(accountId)))
    throw new NotFoundError('ResourceNotFound', `No account ${accountId}.`);
  const contract = await ports.contracts.find(accountId);
  if (!contract) throw noContract(accountId);
  return contract;
}
