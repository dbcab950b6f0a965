import type { CatalogQuery, Locale, Pagination } from '../../schemas/catalog.ts';
import { LruMap } from '../../util/lru-map.ts';
import { NotFoundError } from '../errors.ts';
import { entityTag, isNotModified, type Preconditions } from './conditional.ts';
import { negotiateLocale } from './locale.ts';
import type { CatalogReader, CatalogView } from './ports.ts';
import type { CatalogKind } from './records.ts';
import { type CatalogItemByKind, type CatalogSnapshot, searchKey } from './snapshot.ts';

/** A conditional read: 304 when `notModified`, otherwise the body (or bytes) with its validators. */
export interface Representation<T> {
  notModified: boolean;
  etag: string;
  lastModified: Date;
  body?: T;
  /** `body` serialized once, as its ETag was computed from it: the response reuses these bytes. */
  json?: string;
}

export interface LocalizedRepresentation<T> extends Representation<T> {
  locale: Locale;
}

export interface CatalogRequest extends Preconditions {
  acceptLanguage?: string | undefined;
}

const kindLabel: Record<CatalogKind, string> = {
  lounges: 'lounge',
  fast_tracks: 'fast-track',
  tariffs: 'eSIM tariff',
};

/** Either part can move the answer, so Last-Modified is the later of the two. */
export function lastModifiedOf(view: CatalogView): Date {
  const contract = new Date(view.contract.updatedAt);
  return contract > view.snapshot.updatedAt ? contract : view.snapshot.updatedAt;
}

function visibility(view: CatalogView, kind: CatalogKind): (id: string) => boolean {
  const scope = view.contract[kind];
  const allowed = scope === 'all' ? undefined : new Set(scope);
  return (id) => {
    const record = view.snapshot.record(kind, id);
    return record?.is_active === true && (allowed === undefined || allowed.has(id));
  };
}

/** The record when the account may see (and so book) it: active and in its contract. */
export function contractedRecord<K extends CatalogKind>(view: CatalogView, kind: K, id: string) {
  return visibility(view, kind)(id) ? view.snapshot.record(kind, id) : undefined;
}

function conditional<T>(
  request: Preconditions,
  etag: string,
  lastModified: Date,
  body: T,
  json: string,
): Representation<T> {
  if (isNotModified(request, { etag, lastModified })) return { notModified: true, etag, lastModified };
  return { notModified: false, etag, lastModified, body, json };
}

type ListPage<K extends CatalogKind> = { data: CatalogItemByKind[K][]; pagination: Pagination };

interface RenderedPage {
  body: ListPage<CatalogKind>;
  json: string;
  etag: string;
}

/** Rendered pages kept per snapshot: repeat polls (200 or 304) skip filtering, serializing and hashing. */
const pagesPerSnapshot = 500;
const renderedPages = new WeakMap<CatalogSnapshot, LruMap<string, RenderedPage>>();

/**
 * A snapshot never changes, so a page of it is a function of the contract's scope of that kind, the
 * locale and the effective query alone: those make the key. Last-Modified is not part of the page.
 */
function renderedPage(
  view: CatalogView,
  kind: CatalogKind,
  locale: Locale,
  effectiveQuery: string,
  render: () => RenderedPage,
): RenderedPage {
  let pages = renderedPages.get(view.snapshot);
  if (!pages) {
    pages = new LruMap(pagesPerSnapshot);
    renderedPages.set(view.snapshot, pages);
  }
  const key = JSON.stringify([kind, locale, effectiveQuery, view.contract[kind]]);
  let page = pages.get(key);
  if (!page) {
    page = render();
    pages.set(key, page);
  }
  return page;
}

/**
 * A page of one catalog: active items of the contract, in the negotiated locale, filtered by name
 * (case-insensitive substring of the localized name), then sliced. The ETag covers the page bytes,
 * the locale and the effective query, so it moves exactly when this partner's page moves.
 */
export function listCatalog<K extends CatalogKind>(
  view: CatalogView,
  kind: K,
  query: CatalogQuery,
  request: CatalogRequest,
): LocalizedRepresentation<ListPage<K>> {
  const locale = negotiateLocale(request.acceptLanguage);
  const needle = query.name ? searchKey(query.name, locale) : '';
  const effectiveQuery = JSON.stringify([query.limit, query.offset, needle]);
  const page = renderedPage(view, kind, locale, effectiveQuery, () => {
    const visible = visibility(view, kind);
    const matching = view.snapshot
      .entries(kind, locale)
      .filter((entry) => visible(entry.id) && (needle === '' || entry.searchName.includes(needle)));
    const data = matching.slice(query.offset, query.offset + query.limit).map((entry) => entry.item);
    const body = { data, pagination: { count: data.length, offset: query.offset, total: matching.length } };
    const json = JSON.stringify(body);
    return { body, json, etag: entityTag(locale, effectiveQuery, json) };
  });
  const body = page.body as ListPage<K>;
  return { ...conditional(request, page.etag, lastModifiedOf(view), body, page.json), locale };
}

/** One item of the contract; anything else (unknown, inactive, not contracted) is the same 404. */
export function getCatalogItem<K extends CatalogKind>(
  view: CatalogView,
  kind: K,
  id: string,
  request: CatalogRequest,
): LocalizedRepresentation<CatalogItemByKind[K]> {
  const record = contractedRecord(view, kind, id);
  if (!record)
    throw new NotFoundError('CatalogResourceNotFound', `No ${kindLabel[kind]} ${id} in your catalog.`);
  const locale = negotiateLocale(request.acceptLanguage);
  const item = view.snapshot.render(kind, record, locale);
  const json = JSON.stringify(item);
  const etag = entityTag(locale, json);
  return { ...conditional(request, etag, lastModifiedOf(view), item, json), locale };
}

export interface ImageBytes {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * An enabled image of a visible lounge or fast-track. The bytes are read only for a 200: a
 * revalidation is answered from the catalog alone.
 */
export async function getImage(
  reader: CatalogReader,
  view: CatalogView,
  imageId: string,
  request: Preconditions,
): Promise<Representation<ImageBytes>> {
  const owned = view.snapshot.image(imageId);
  if (!owned?.image.enabled || !visibility(view, owned.ownerKind)(owned.owner.id)) {
    throw new NotFoundError('CatalogResourceNotFound', `No image ${imageId} in your catalog.`);
  }
  const { image } = owned;
  const etag = entityTag(image.blob, image.content_type);
  const lastModified = lastModifiedOf(view);
  if (isNotModified(request, { etag, lastModified })) return { notModified: true, etag, lastModified };
  const bytes = await reader.imageBytes(image.blob);
  return { notModified: false, etag, lastModified, body: { contentType: image.content_type, bytes } };
}
