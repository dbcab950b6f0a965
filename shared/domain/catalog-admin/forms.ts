import type {
  AmenityRecord,
  FastTrackRecord,
  HubRecord,
  ImageRecord,
  LoungeRecord,
  TariffRecord,
} from '../catalog/catalog-stored.ts';
import type { FormOf, ItemOf, RecordKind, RecordOf } from './kinds.ts';

/**
 * The admin form and the stored record hold the same content: the form names references by id and
 * every flag explicitly, the record keeps what partners render. `toForm(fromForm(form))` is the form
 * and `fromForm(toForm(record))` the record, key for key, so saving an untouched item changes nothing
 * (no new version, no moved ETag or Last-Modified).
 */

/** What the catalog knows of an uploaded image that a record needs. */
export interface ImageFacts {
  sha256: string;
  contentType: ImageRecord['content_type'];
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

function imagesToForm(images: readonly ImageRecord[]) {
  return images.map((image) => ({
    image_id: image.id,
    sort: image.sort,
    enabled: image.enabled,
    ...optional('title', image.title),
  }));
}

function imagesFromForm(
  images: FormOf['lounges']['images'],
  facts: (imageId: string) => ImageFacts,
): ImageRecord[] {
  return images.map((image) => {
    const { sha256, contentType } = facts(image.image_id);
    return {
      id: image.image_id,
      blob: sha256,
      content_type: contentType,
      sort: image.sort,
      ...optional('title', image.title),
      enabled: image.enabled,
    };
  });
}

/** The fields lounges and fast tracks share, first in both their records and their forms. */
function serviceToForm(record: LoungeRecord | FastTrackRecord) {
  return {
    id: record.id,
    hub_id: record.hub_id,
    name: record.name,
    ...optional('coordinates', record.coordinates),
    business_hours: record.business_hours,
    required_booking_info: record.required_booking_info,
    policy: record.policy,
    images: imagesToForm(record.images),
    is_active: record.is_active,
    ...optional('prices', record.prices),
  };
}

function serviceFromForm(
  id: string,
  form: FormOf['lounges'] | FormOf['fast_tracks'],
  facts: (imageId: string) => ImageFacts,
) {
  return {
    id,
    hub_id: form.hub_id,
    name: form.name,
    ...optional('coordinates', form.coordinates),
    business_hours: form.business_hours,
    required_booking_info: form.required_booking_info,
    policy: form.policy,
    images: imagesFromForm(form.images, facts),
    is_active: form.is_active,
    prices: form.prices,
  };
}

type Converters = {
  [K in RecordKind]: {
    toForm: (record: RecordOf[K]) => ItemOf<K>;
    fromForm: (id: string, form: FormOf[K], facts: (imageId: string) => ImageFacts) => RecordOf[K];
  };
};

const converters: Converters = {
  hubs: {
    toForm: (record: HubRecord): ItemOf<'hubs'> => ({
      id: record.id,
      kind: record.kind,
      name: record.name,
      city: record.city,
      country: record.country,
      continent: record.continent,
      coordinates: record.coordinates,
      timezone: record.timezone,
      meta: record.meta,
      is_active: record.is_active !== false,
    }),
    fromForm: (id: string, form: FormOf['hubs']): HubRecord => ({
      id,
      kind: form.kind,
      name: form.name,
      city: form.city,
      country: form.country,
      continent: form.continent,
      coordinates: form.coordinates,
      timezone: form.timezone,
      meta: form.meta,
      // Absent means active: records published before hubs could be deactivated have no flag.
      ...(form.is_active ? {} : { is_active: false as const }),
    }),
  },
  amenities: {
    toForm: (record: AmenityRecord): ItemOf<'amenities'> => ({
      id: record.id,
      name: record.name,
      is_active: record.is_active !== false,
    }),
    fromForm: (id: string, form: FormOf['amenities']): AmenityRecord => ({
      id,
      name: form.name,
      ...(form.is_active ? {} : { is_active: false as const }),
    }),
  },
  lounges: {
    toForm: (record: LoungeRecord): ItemOf<'lounges'> => ({
      ...serviceToForm(record),
      ...optional('landside', record.landside),
      ...optional('airside_zone', record.airside_zone),
      is_arrival_available: record.is_arrival_available,
      amenity_ids: record.amenities.map((amenity) => amenity.id),
      paid_amenity_ids: record.amenities.filter((amenity) => !amenity.is_free).map((amenity) => amenity.id),
      direction_info: record.direction_info,
    }),
    fromForm: (id: string, form: FormOf['lounges'], facts: (imageId: string) => ImageFacts): LoungeRecord => {
      const paid = new Set(form.paid_amenity_ids);
      return {
        ...serviceFromForm(id, form, facts),
        ...optional('landside', form.landside),
        ...optional('airside_zone', form.airside_zone),
        is_arrival_available: form.is_arrival_available,
        amenities: form.amenity_ids.map((amenityId) => ({ id: amenityId, is_free: !paid.has(amenityId) })),
        direction_info: form.direction_info,
      };
    },
  },
  fast_tracks: {
    toForm: (record: FastTrackRecord): ItemOf<'fast_tracks'> => ({
      ...serviceToForm(record),
      ...optional('terminal', record.terminal),
      direction: record.direction,
      description: record.description,
    }),
    fromForm: (
      id: string,
      form: FormOf['fast_tracks'],
      facts: (imageId: string) => ImageFacts,
    ): FastTrackRecord => ({
      ...serviceFromForm(id, form, facts),
      ...optional('terminal', form.terminal),
      direction: form.direction,
      description: form.description,
    }),
  },
  tariffs: {
    toForm: (record: TariffRecord): ItemOf<'tariffs'> => ({ ...record }),
    fromForm: (id: string, form: FormOf['tariffs']): TariffRecord => ({
      id,
      name: form.name,
      coverage: form.coverage,
      data_mb: form.data_mb,
      validity_days: form.validity_days,
      topup_allowed: form.topup_allowed,
      price: form.price,
      is_active: form.is_active,
    }),
  },
};

export function toForm<K extends RecordKind>(kind: K, record: RecordOf[K]): ItemOf<K> {
  return converters[kind].toForm(record);
}

/** `toForm` for a kind known only at run time (diffs walk every kind). */
export function anyToForm(kind: RecordKind, record: RecordOf[RecordKind]): ItemOf<RecordKind> {
  const convert = converters[kind].toForm as (value: RecordOf[RecordKind]) => ItemOf<RecordKind>;
  return convert(record);
}

/** The record of a form whose references were checked (`facts` knows every image it names). */
export function fromForm<K extends RecordKind>(
  kind: K,
  id: string,
  form: FormOf[K],
  facts: (imageId: string) => ImageFacts,
): RecordOf[K] {
  return converters[kind].fromForm(id, form, facts);
}

/** The image ids a form names, in order. */
export function imageIdsOf<K extends RecordKind>(kind: K, form: FormOf[K]): string[] {
  if (kind !== 'lounges' && kind !== 'fast_tracks') return [];
  return (form as FormOf['lounges'] | FormOf['fast_tracks']).images.map((image) => image.image_id);
}

/** The item's names in both locales (every kind has one). */
export const nameOf = (record: RecordOf[RecordKind]) => record.name;

/** Whether partners may see the record itself (its hub's state aside). */
export const isActive = (record: RecordOf[RecordKind]): boolean => record.is_active !== false;
