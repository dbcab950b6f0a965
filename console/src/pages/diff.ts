import type { CatalogDiff } from '../api/types.ts';

/** One item of the draft's diff as the publish page lists it. */
export interface DiffRow {
  change: 'added' | 'changed' | 'deactivated' | 'removed';
  type: CatalogDiff['added'][number]['type'];
  id: string;
  name: string;
  fields: { path: string; before: string; after: string }[];
}

const typeLabels: Record<DiffRow['type'], string> = {
  hub: 'Hub',
  amenity: 'Amenity',
  lounge: 'Lounge',
  fast_track: 'Fast-track',
  tariff: 'eSIM tariff',
};

export function typeLabel(type: DiffRow['type']): string {
  return typeLabels[type];
}

/** A field value as the diff shows it: absent is "not set", anything else its JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined) return 'not set';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The diff's four groups as rows, in the API's order (kind by kind, id order within). */
export function diffRows(diff: CatalogDiff): DiffRow[] {
  const withFields = (change: 'changed' | 'deactivated') =>
    diff[change].map(
      (item): DiffRow => ({
        change,
        type: item.type,
        id: item.id,
        name: item.name['en-US'],
        fields: item.fields.map((field) => ({
          path: field.path,
          before: shownValue(field.before),
          after: shownValue(field.after),
        })),
      }),
    );
  const listed = (change: 'added' | 'removed') =>
    diff[change].map(
      (item): DiffRow => ({ change, type: item.type, id: item.id, name: item.name['en-US'], fields: [] }),
    );
  return [...listed('added'), ...withFields('changed'), ...withFields('deactivated'), ...listed('removed')];
}
