import type { CatalogQuery, Locale, Pagination } from '../../schemas/catalog.ts';
import { LruMap } from '../../util/lru-map.ts';
import { NotFoundError } from '../errors.ts';
import { netPrices } from '../pricing/prices.ts';
import { billingTermsOf, type CatalogKind } from './catalog-stored.ts';
import { entityTag, isNotModified, type Preconditions } from './conditional.ts';
import { imageIdFor } from './image-id.ts';
import { negotiateLocale } from './locale.ts';
import type { CatalogImages, CatalogView } from './ports.ts';
import {
  type CatalogItemByKind,
  type CatalogRecordByKind,
  type CatalogSnapshot,
  type RenderedEntry,
  searchKey,
} from './snapshot.ts';

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

const latest = (...times: Date[]): Date => new Date(Math.max(...times.map((time) => time.getTime())));

/**
 * The later of the catalog's publication and the contract's change: what every representation of
 * the account's view is at most as old as. Pages, items and images narrow the catalog's part to the
 * records they show (their stamps), so a publication that does not touch them leaves them alone.
 */
export function lastModifiedOf(view: CatalogView): Date {
  return latest(new Date(view.contract.updatedAt), view.snapshot.updatedAt);
}

function inContract(view: CatalogView, kind: CatalogKind): (id: string) => boolean {
  const scope = view.contract[kind];
  if (scope === 'all') return () => true;
  const allowed = new Set(scope);
  return (id) => allowed.has(id);
}

function visibility(view: CatalogView, kind: CatalogKind): (id: string) => boolean {
  const contracted = inContract(view, kind);
  return (id) => {
    const record = view.snapshot.record(kind, id);
    return record !== undefined && contracted(id) && view.snapshot.isListed(kind, record);
  };
}

/**
 * What every page of a kind shares within one contract scope and locale: the items the partner sees,
 * in list order, and when those lists last changed (an item added, deactivated or renamed moves the
 * total, the order and so every page; a filtered page counts these too, erring late, never early).
 * Both are a function of the snapshot, the scope and the locale, so a container works them out once:
 * a name filter no page cache holds then scans names alone.
 */
interface Listing {
  entries: readonly RenderedEntry<CatalogKind>[];
  listsChangedAt: number;
}

/** Listings kept per snapshot, one per kind, locale and contract scope (most contracts are `all`). */
const listingsPerSnapshot = 64;
const listings = new WeakMap<CatalogSnapshot, LruMap<string, Listing>>();

function listing(view: CatalogView, kind: CatalogKind, locale: Locale, scopeKey: string): Listing {
  const { snapshot } = view;
  let held = listings.get(snapshot);
  if (!held) {
    held = new LruMap(listingsPerSnapshot);
    listings.set(snapshot, held);
  }
  const key = `${kind}|${locale}|${scopeKey}`;
  let found = held.get(key);
  if (!found) {
    const visible = visibility(view, kind);
    const contracted = inContract(view, kind);
    let listsChangedAt = Number.NEGATIVE_INFINITY;
    for (const record of snapshot.records(kind)) {
      if (contracted(record.id))
        listsChangedAt = Math.max(listsChangedAt, snapshot.listedAt(kind, record.id).getTime());
    }
    found = { entries: snapshot.entries(kind, locale).filter((entry) => visible(entry.id)), listsChangedAt };
    held.set(key, found);
  }
  return found;
}

/** When a page's content last changed: its lists, an item on it, or the contract. */
function pageLastModified(
  view: CatalogView,
  kind: CatalogKind,
  lists: Listing,
  pageIds: readonly string[],
): Date {
  let time = Math.max(new Date(view.contract.updatedAt).getTime(), lists.listsChangedAt);
  for (const id of pageIds) time = Math.max(time, view.snapshot.changedAt(kind, id).getTime());
  return new Date(time);
}

/** The record when the account may see (and so book) it: active and in its contract. */
export function contractedRecord<K extends CatalogKind>(view: CatalogView, kind: K, id: string) {
  return visibility(view, kind)(id) ? view.snapshot.record(kind, id) : undefined;
}

/** The account's discount off rack prices (its contract's billing terms). */
const discountOf = (view: CatalogView): number => billingTermsOf(view.contract).discountPercent;

/**
 * The item as the account sees it: with its net price per guest (the rack prices less the
 * contract's discount), when it has rack prices; tariffs keep their own `price`.
 */
function withNetPrice<K extends CatalogKind>(
  item: CatalogItemByKind[K],
  record: CatalogRecordByKind[K],
  discountPercent: number,
): CatalogItemByKind[K] {
  if (!('prices' in record) || record.prices === undefined) return item;
  return { ...item, price: netPrices(record.prices, discountPercent) };
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
  lastModified: Date;
}

/** Rendered pages kept per snapshot: repeat polls (200 or 304) skip filtering, serializing and hashing. */
const pagesPerSnapshot = 500;
const renderedPages = new WeakMap<CatalogSnapshot, LruMap<string, RenderedPage>>();

/**
 * A snapshot never changes, so a page of it is a function of the contract's scope of that kind, the
 * locale and the effective query alone: those make the key. The contract's change time is part of the
 * page's Last-Modified, so it is in the key too (a rewritten contract with the same scope).
 */
function renderedPage(
  view: CatalogView,
  kind: CatalogKind,
  locale: Locale,
  scopeKey: string,
  effectiveQuery: string,
  render: () => RenderedPage,
): RenderedPage {
  let pages = renderedPages.get(view.snapshot);
  if (!pages) {
    pages = new LruMap(pagesPerSnapshot);
    renderedPages.set(view.snapshot, pages);
  }
  const key = JSON.stringify([
    kind,
    locale,
    effectiveQuery,
    scopeKey,
    discountOf(view),
    view.contract.updatedAt,
  ]);
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
  const scopeKey = JSON.stringify(view.contract[kind]);
  const page = renderedPage(view, kind, locale, scopeKey, effectiveQuery, () => {
    const lists = listing(view, kind, locale, scopeKey);
    const matching =
      needle === '' ? lists.entries : lists.entries.filter((entry) => entry.searchName.includes(needle));
    const entries = matching.slice(query.offset, query.offset + query.limit);
    const discount = discountOf(view);
    const data = entries.map((entry) => withNetPrice(entry.item, entry.record, discount));
    const body = { data, pagination: { count: data.length, offset: query.offset, total: matching.length } };
    const json = JSON.stringify(body);
    const lastModified = pageLastModified(
      view,
      kind,
      lists,
      entries.map((entry) => entry.id),
    );
    return { body, json, etag: entityTag(locale, effectiveQuery, json), lastModified };
  });
  const body = page.body as ListPage<K>;
  return { ...conditional(request, page.etag, page.lastModified, body, page.json), locale };
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
  const item = withNetPrice(view.snapshot.render(kind, record, locale), record, discountOf(view));
  const json = JSON.stringify(item);
  const etag = entityTag(locale, json);
  const lastModified = latest(new Date(view.contract.updatedAt), view.snapshot.changedAt(kind, id));
  return { ...conditional(request, etag, lastModified, item, json), locale };
}

export interface ImageBytes {
  contentType: string;
  bytes: Uint8Array;
}

export interface ImageRepresentation extends Representation<ImageBytes> {
  /** The id names these bytes for good (an uploaded image's id derives from its SHA-256). */
  immutable: boolean;
}

/**
 * An enabled image of a visible lounge or fast-track. The bytes are read only for a 200: a
 * revalidation is answered from the catalog alone.
 */
export async function getImage(
  images: CatalogImages,
  view: CatalogView,
  imageId: string,
  request: Preconditions,
): Promise<ImageRepresentation> {
  const owned = view.snapshot.image(imageId);
  const showing = (owned?.owners ?? []).filter(
    (owner) => owner.image.enabled && visibility(view, owner.kind)(owner.record.id),
  );
  if (!owned || showing.length === 0) {
    throw new NotFoundError('CatalogResourceNotFound', `No image ${imageId} in your catalog.`);
  }
  const etag = entityTag(owned.blob, owned.contentType);
  const lastModified = latest(
    new Date(view.contract.updatedAt),
    ...showing.map((owner) => view.snapshot.changedAt(owner.kind, owner.record.id)),
  );
  const immutable = imageIdFor(owned.blob) === owned.id;
  if (isNotModified(request, { etag, lastModified })) {
    return { notModified: true, etag, lastModified, immutable };
  }
  const bytes = await images.imageBytes(owned.blob);
  return {
    notModified: false,
    etag,
    lastModified,
    immutable,
    body: { contentType: owned.contentType, bytes },
  };
}
