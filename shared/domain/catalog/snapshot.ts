import type {
  BusinessDay,
  EsimTariff,
  FastTrack,
  Image,
  Locale,
  Location,
  Lounge,
  Policy,
  TransportHub,
} from '../../schemas/catalog.ts';
import type {
  AmenityRecord,
  BusinessDayRecord,
  CatalogKind,
  CatalogRecords,
  FastTrackRecord,
  HubRecord,
  ImageRecord,
  LoungeRecord,
  PolicyRecord,
  TariffRecord,
} from './catalog-stored.ts';
import { type CatalogStamps, type RecordKind, stampKey } from './stamps.ts';

export interface CatalogItemByKind {
  lounges: Lounge;
  fast_tracks: FastTrack;
  tariffs: EsimTariff;
}

export interface CatalogRecordByKind {
  lounges: LoungeRecord;
  fast_tracks: FastTrackRecord;
  tariffs: TariffRecord;
}

/** One rendered item of a locale, with the lower-cased name the `name` filter searches. */
export interface RenderedEntry<K extends CatalogKind> {
  id: string;
  record: CatalogRecordByKind[K];
  searchName: string;
  item: CatalogItemByKind[K];
}

export interface ImageOwner {
  kind: 'lounges' | 'fast_tracks';
  record: LoungeRecord | FastTrackRecord;
  /** The image as this owner lists it (enabled, sort and title are per owner). */
  image: ImageRecord;
}

/** An image and every item that lists it: an uploaded image may illustrate several. */
export interface OwnedImage {
  id: string;
  blob: string;
  contentType: ImageRecord['content_type'];
  owners: ImageOwner[];
}

export const searchKey = (text: string, locale: Locale) => text.normalize('NFC').toLocaleLowerCase(locale);

/**
 * An immutable catalog version held in memory: records by id and, built once per locale on first use,
 * every item rendered and sorted by its localized name. Requests only filter and slice these.
 */
export class CatalogSnapshot {
  readonly version: string;
  /** When this version was published. */
  readonly updatedAt: Date;
  private readonly stamps: CatalogStamps;
  private readonly imageBaseUrl: string;
  private readonly hubs: Map<string, HubRecord>;
  private readonly amenities: Map<string, AmenityRecord>;
  private readonly images = new Map<string, OwnedImage>();
  private readonly byId: { [K in CatalogKind]: Map<string, CatalogRecordByKind[K]> };
  private readonly rendered = new Map<string, RenderedEntry<CatalogKind>[]>();

  constructor(input: {
    records: CatalogRecords;
    version: string;
    updatedAt: Date;
    imageBaseUrl: string;
    /** Per-record change times; a record without one changed at `updatedAt`. */
    stamps?: CatalogStamps;
  }) {
    this.version = input.version;
    this.updatedAt = input.updatedAt;
    this.stamps = input.stamps ?? {};
    this.imageBaseUrl = input.imageBaseUrl.replace(/\/+$/, '');
    this.hubs = new Map(input.records.hubs.map((hub) => [hub.id, hub]));
    this.amenities = new Map(input.records.amenities.map((amenity) => [amenity.id, amenity]));
    this.byId = {
      lounges: new Map(input.records.lounges.map((record) => [record.id, record])),
      fast_tracks: new Map(input.records.fast_tracks.map((record) => [record.id, record])),
      tariffs: new Map(input.records.tariffs.map((record) => [record.id, record])),
    };
    const owners = [
      ...input.records.lounges.map((record) => ({ kind: 'lounges' as const, record })),
      ...input.records.fast_tracks.map((record) => ({ kind: 'fast_tracks' as const, record })),
    ];
    for (const { kind, record } of owners) {
      for (const image of record.images) {
        let owned = this.images.get(image.id);
        if (!owned) {
          owned = { id: image.id, blob: image.blob, contentType: image.content_type, owners: [] };
          this.images.set(image.id, owned);
        }
        owned.owners.push({ kind, record, image });
      }
    }
  }

  record<K extends CatalogKind>(kind: K, id: string): CatalogRecordByKind[K] | undefined {
    return this.byId[kind].get(id);
  }

  /** Every record of a kind, listed or not (for Last-Modified: a deactivation changes the lists). */
  records<K extends CatalogKind>(kind: K): IterableIterator<CatalogRecordByKind[K]> {
    return this.byId[kind].values();
  }

  /** Partners see a record while it is active and, for lounges and fast-tracks, its hub is too. */
  isListed(kind: CatalogKind, record: CatalogRecordByKind[CatalogKind]): boolean {
    if (!record.is_active) return false;
    if (kind === 'tariffs' || !('hub_id' in record)) return true;
    return this.hubs.get(record.hub_id)?.is_active !== false;
  }

  /** When the record's rendered item last changed (its hub and amenities included). */
  changedAt(kind: RecordKind, id: string): Date {
    const stamp = this.stamps[stampKey(kind, id)];
    return stamp ? new Date(stamp.changedAt) : this.updatedAt;
  }

  /** When the record last entered, left or moved in the lists. */
  listedAt(kind: RecordKind, id: string): Date {
    const stamp = this.stamps[stampKey(kind, id)];
    return stamp ? new Date(stamp.listedAt) : this.updatedAt;
  }

  image(id: string): OwnedImage | undefined {
    return this.images.get(id);
  }

  /** Every item of a kind in the locale, sorted by name (then id), active or not. */
  entries<K extends CatalogKind>(kind: K, locale: Locale): readonly RenderedEntry<K>[] {
    const key = `${kind}|${locale}`;
    let entries = this.rendered.get(key);
    if (!entries) {
      const collator = new Intl.Collator(locale);
      const records: CatalogRecordByKind[K][] = [...this.byId[kind].values()];
      entries = records
        .map((record) => ({
          id: record.id,
          record,
          searchName: searchKey(record.name[locale], locale),
          item: this.render(kind, record, locale),
        }))
        .sort(
          (a, b) => collator.compare(a.record.name[locale], b.record.name[locale]) || (a.id < b.id ? -1 : 1),
        );
      this.rendered.set(key, entries);
    }
    return entries as RenderedEntry<K>[];
  }

  render<K extends CatalogKind>(
    kind: K,
    record: CatalogRecordByKind[K],
    locale: Locale,
  ): CatalogItemByKind[K] {
    const renderers: { [P in CatalogKind]: (value: CatalogRecordByKind[P]) => CatalogItemByKind[P] } = {
      lounges: (lounge) => this.lounge(lounge, locale),
      fast_tracks: (fastTrack) => this.fastTrack(fastTrack, locale),
      tariffs: (tariff) => tariffItem(tariff, locale),
    };
    return renderers[kind](record);
  }

  private lounge(lounge: LoungeRecord, locale: Locale): Lounge {
    const hub = this.hubOf(lounge.hub_id);
    return {
      id: lounge.id,
      name: lounge.name[locale],
      location: location(hub, locale, lounge.coordinates),
      hub: transportHub(hub, locale),
      ...(lounge.landside === undefined ? {} : { landside: lounge.landside }),
      ...(lounge.airside_zone === undefined ? {} : { airside_zone: lounge.airside_zone }),
      is_arrival_available: lounge.is_arrival_available,
      // A deactivated amenity is no longer offered: it leaves every lounge's list.
      amenities: lounge.amenities
        .filter(({ id }) => this.amenities.get(id)?.is_active !== false)
        .map(({ id, is_free }) => ({ id, name: this.amenities.get(id)?.name[locale] ?? id, is_free })),
      business_hours: lounge.business_hours.map((day) => businessDay(day, locale)),
      is_active: lounge.is_active,
      policy: policy(lounge.policy, locale),
      required_booking_info: [...lounge.required_booking_info],
      images: this.imageList(lounge.images, locale),
      direction_info: lounge.direction_info[locale],
    };
  }

  private fastTrack(fastTrack: FastTrackRecord, locale: Locale): FastTrack {
    const hub = this.hubOf(fastTrack.hub_id);
    return {
      id: fastTrack.id,
      name: fastTrack.name[locale],
      hub: transportHub(hub, locale),
      ...(fastTrack.terminal === undefined ? {} : { terminal: fastTrack.terminal }),
      direction: fastTrack.direction,
      location: location(hub, locale, fastTrack.coordinates),
      business_hours: fastTrack.business_hours.map((day) => businessDay(day, locale)),
      required_booking_info: [...fastTrack.required_booking_info],
      policy: policy(fastTrack.policy, locale),
      images: this.imageList(fastTrack.images, locale),
      is_active: fastTrack.is_active,
      description: fastTrack.description[locale],
    };
  }

  private hubOf(id: string): HubRecord {
    const hub = this.hubs.get(id);
    if (!hub) throw new Error(`Catalog ${this.version} names unknown hub ${id}`);
    return hub;
  }

  /** Only enabled images reach partners (docs/catalog-admin.md, Images). */
  private imageList(images: readonly ImageRecord[], locale: Locale): Image[] {
    return images
      .filter((image) => image.enabled)
      .sort((a, b) => a.sort - b.sort)
      .map((image) => ({
        url: `${this.imageBaseUrl}/v2/images/${image.id}`,
        sort: image.sort,
        ...(image.title ? { title: image.title[locale] } : {}),
      }));
  }
}

function location(hub: HubRecord, locale: Locale, coordinates = hub.coordinates): Location {
  return {
    city: hub.city[locale],
    country: hub.country,
    continent: hub.continent,
    coordinates: { latitude: coordinates.latitude, longitude: coordinates.longitude },
  };
}

function transportHub(hub: HubRecord, locale: Locale): TransportHub {
  return {
    id: hub.id,
    location: location(hub, locale),
    timezone: hub.timezone,
    kind: hub.kind,
    name: hub.name[locale],
    meta: { ...hub.meta },
  };
}

function businessDay(day: BusinessDayRecord, locale: Locale): BusinessDay {
  return day.times.type === 'STANDARD'
    ? { day: day.day, times: { type: 'STANDARD', detail: day.times.detail } }
    : { day: day.day, times: { type: 'SPECIAL', detail: day.times.detail[locale] } };
}

function policy(record: PolicyRecord, locale: Locale): Policy {
  const result: Policy = {};
  if (record.age) {
    result.age = {
      ...(record.age.min_age === undefined ? {} : { min_age: record.age.min_age }),
      ...(record.age.notes ? { notes: record.age.notes[locale] } : {}),
    };
  }
  if (record.stay) result.stay = { max_duration: record.stay.max_duration };
  return result;
}

function tariffItem(tariff: TariffRecord, locale: Locale): EsimTariff {
  return {
    id: tariff.id,
    name: tariff.name[locale],
    coverage: [...tariff.coverage],
    data_mb: tariff.data_mb,
    validity_days: tariff.validity_days,
    topup_allowed: tariff.topup_allowed,
    price: { amount: tariff.price.amount, currency: tariff.price.currency },
  };
}
