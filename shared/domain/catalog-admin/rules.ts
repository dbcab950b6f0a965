import type { CatalogRecords, HubRecord } from '../catalog/catalog-stored.ts';
import { locales } from '../catalog/locale.ts';
import { ConflictError, type FieldError } from '../errors.ts';
import { imageIdsOf } from './forms.ts';
import { type FormOf, kindLabels, type RecordKind, type RecordOf } from './kinds.ts';

/**
 * Rules that span records, checked against the whole draft (the draft's revision guards the check
 * until the write commits, docs/catalog-admin.md): an item may not duplicate another (409
 * CatalogResourceConflict) and may only name records that exist (422 on the field).
 */

/** How names compare: Unicode NFC, spaces collapsed, case folded in the name's own locale. */
export function nameKey(name: string, locale: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase(locale);
}

/** A hub's codes as `<field>:<value>`: IATA, ICAO, UIC and ESR each name one hub at most. */
function hubCodes(hub: HubRecord): { field: string; value: string }[] {
  const meta: Record<string, string | undefined> = { ...hub.meta };
  return ['iata', 'icao', 'uic', 'esr'].flatMap((field) => {
    const value = meta[field];
    return value === undefined ? [] : [{ field, value }];
  });
}

function conflict(kind: RecordKind, message: string, field: string, conflictingId: string): ConflictError {
  return new ConflictError('CatalogResourceConflict', message, {
    details: { field, conflicting_id: conflictingId, conflicting_type: kindLabels[kind] },
  });
}

/**
 * The conflict `record` would create among the draft's records of its kind, if any. Inactive items
 * count: they still exist, and activating one again must not make two of the same.
 */
export function conflictOf<K extends RecordKind>(
  kind: K,
  record: RecordOf[K],
  draft: CatalogRecords,
): ConflictError | undefined {
  const others = (draft[kind] as RecordOf[K][]).filter((other) => other.id !== record.id);
  if (kind === 'hubs') {
    const codes = hubCodes(record as HubRecord);
    for (const other of others as HubRecord[]) {
      for (const code of hubCodes(other)) {
        const same = codes.find((mine) => mine.field === code.field && mine.value === code.value);
        if (same) {
          return conflict(
            kind,
            `The ${code.field.toUpperCase()} code ${code.value} belongs to hub ${other.id} already.`,
            `meta.${code.field}`,
            other.id,
          );
        }
      }
    }
    return undefined;
  }
  // Lounges and fast-tracks are unique by name at their hub; tariffs and amenities by name.
  const hubOf = (item: RecordOf[RecordKind]) => ('hub_id' in item ? item.hub_id : undefined);
  for (const other of others) {
    if (hubOf(other) !== hubOf(record)) continue;
    for (const locale of locales) {
      if (nameKey(other.name[locale], locale) === nameKey(record.name[locale], locale)) {
        const where = hubOf(record) === undefined ? '' : ' at this hub';
        return conflict(
          kind,
          `A ${kindLabels[kind]} named "${record.name[locale]}" exists${where} already (${other.id}).`,
          `name.${locale}`,
          other.id,
        );
      }
    }
  }
  return undefined;
}

/** Field errors for references to records the draft (or the image store) does not hold. */
export function unknownReferences<K extends RecordKind>(
  kind: K,
  form: FormOf[K],
  draft: CatalogRecords,
  knownImages: ReadonlySet<string>,
): FieldError[] {
  const errors: FieldError[] = [];
  if (kind === 'lounges' || kind === 'fast_tracks') {
    const service = form as FormOf['lounges'] | FormOf['fast_tracks'];
    if (!draft.hubs.some((hub) => hub.id === service.hub_id))
      errors.push({ path: 'body.hub_id', message: `No hub ${service.hub_id}` });
    imageIdsOf(kind, form).forEach((imageId, index) => {
      if (!knownImages.has(imageId))
        errors.push({ path: `body.images.${index}.image_id`, message: `No uploaded image ${imageId}` });
    });
  }
  if (kind === 'lounges') {
    const amenities = new Set(draft.amenities.map((amenity) => amenity.id));
    (form as FormOf['lounges']).amenity_ids.forEach((amenityId, index) => {
      if (!amenities.has(amenityId))
        errors.push({ path: `body.amenity_ids.${index}`, message: `No amenity ${amenityId}` });
    });
  }
  return errors;
}

/** The lounges that list an amenity: while there are any, it cannot be deleted. */
export function loungesUsing(amenityId: string, draft: CatalogRecords): string[] {
  return draft.lounges
    .filter((lounge) => lounge.amenities.some((amenity) => amenity.id === amenityId))
    .map((lounge) => lounge.id);
}
