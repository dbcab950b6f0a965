import { createHash } from 'node:crypto';
import type { AmenityRecord, CatalogRecords, HubRecord } from './catalog-stored.ts';

/** Every kind of record a catalog version holds. */
export type RecordKind = keyof CatalogRecords;
export const recordKinds: readonly RecordKind[] = ['hubs', 'amenities', 'lounges', 'fast_tracks', 'tariffs'];

/**
 * When a record last changed as partners see it, in two senses (ISO 8601):
 * - `changedAt`: anything of its rendered item changed, including its hub and amenities;
 * - `listedAt`: it entered or left the lists (created, activated, deactivated, its hub activated or
 *   deactivated) or moved in their order (renamed), which shifts every page of its kind.
 * A page's Last-Modified derives from these (docs/catalog.md, Conditional requests), so a publication
 * moves it only for the pages it changed.
 */
export interface RecordStamp {
  changedAt: string;
  listedAt: string;
}

/** Stamps of one catalog version by `stampKey(kind, id)`. */
export type CatalogStamps = Readonly<Record<string, RecordStamp>>;

export const stampKey = (kind: RecordKind, id: string): string => `${kind}#${id}`;

/** A published version as its publisher compares it with the next one. */
export interface StampedCatalog {
  records: CatalogRecords;
  /** Stamps of records published before stamps existed are missing: those fall back to `publishedAt`. */
  stamps: CatalogStamps;
  publishedAt: Date;
}

/** JSON with the keys of every object sorted: equal content, equal text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field !== null && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

/** The version names its content, stamps included: publishing the same catalog again changes nothing. */
export function catalogVersion(records: CatalogRecords, stamps: CatalogStamps): string {
  return createHash('sha256').update(canonicalJson({ records, stamps })).digest('hex').slice(0, 20);
}

/**
 * A change time at least one second after the previous one: Last-Modified has second precision, and
 * two changes within one second must still tell If-Modified-Since apart.
 */
export function changeTimeAfter(now: Date, previous: Date | undefined): Date {
  if (!previous) return now;
  const next = (Math.floor(previous.getTime() / 1000) + 1) * 1000;
  return now.getTime() >= next ? now : new Date(next);
}

interface Keys {
  content: string;
  listing: string;
}

/** What makes each record's rendered item (content) and its place in the lists (listing). */
function keysOf(records: CatalogRecords): Map<string, Keys> {
  const hubs = new Map<string, HubRecord>(records.hubs.map((hub) => [hub.id, hub]));
  const amenities = new Map<string, AmenityRecord>(records.amenities.map((amenity) => [amenity.id, amenity]));
  const keys = new Map<string, Keys>();
  const own = (kind: RecordKind, record: { id: string; name: unknown; is_active?: boolean }) => {
    keys.set(stampKey(kind, record.id), {
      content: canonicalJson(record),
      listing: canonicalJson([record.is_active !== false, record.name]),
    });
  };
  for (const hub of records.hubs) own('hubs', hub);
  for (const amenity of records.amenities) own('amenities', amenity);
  for (const tariff of records.tariffs) own('tariffs', tariff);
  const services = [
    ...records.lounges.map((record) => ({ kind: 'lounges' as const, record })),
    ...records.fast_tracks.map((record) => ({ kind: 'fast_tracks' as const, record })),
  ];
  for (const { kind, record } of services) {
    const hub = hubs.get(record.hub_id);
    const used =
      'amenities' in record ? record.amenities.map((amenity) => amenities.get(amenity.id) ?? null) : [];
    keys.set(stampKey(kind, record.id), {
      content: canonicalJson([record, hub ?? null, used]),
      listing: canonicalJson([record.is_active && hub?.is_active !== false, record.name]),
    });
  }
  return keys;
}

/**
 * The stamps of `next`, published at `publishedAt` over `previous`: a record whose content (or
 * listing) is what it was keeps its time, anything new or different takes `publishedAt`.
 */
export function stampCatalog(
  previous: StampedCatalog | undefined,
  next: CatalogRecords,
  publishedAt: Date,
): CatalogStamps {
  const at = publishedAt.toISOString();
  const before = previous ? keysOf(previous.records) : new Map<string, Keys>();
  const fallback = previous?.publishedAt.toISOString() ?? at;
  const stamps: Record<string, RecordStamp> = {};
  for (const [key, now] of keysOf(next)) {
    const then = before.get(key);
    const old = previous?.stamps[key] ?? { changedAt: fallback, listedAt: fallback };
    stamps[key] = {
      changedAt: then?.content === now.content ? old.changedAt : at,
      listedAt: then?.listing === now.listing ? old.listedAt : at,
    };
  }
  return stamps;
}
