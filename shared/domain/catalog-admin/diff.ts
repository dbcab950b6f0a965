import type { CatalogRecords, LocalizedText } from '../catalog/catalog-stored.ts';
import { canonicalJson, recordKinds } from '../catalog/stamps.ts';
import { anyToForm, isActive } from './forms.ts';
import { type RecordKind, type RecordOf, type RecordType, recordTypes } from './kinds.ts';

/** One field that differs, by its dotted path in the admin form; an absent side was not set. */
export interface FieldChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The fields that differ between two versions of a form: objects field by field, lists element by
 * element while their length is the same (a list that grew or shrank is one change), anything else by
 * value. Paths use dots: `name.ru-RU`, `business_hours.6.times.detail`, `amenity_ids`.
 */
export function fieldChanges(before: unknown, after: unknown, path = ''): FieldChange[] {
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => fieldChanges(before[key], after[key], at(key)));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((item, index) => fieldChanges(item, after[index], at(index)));
  }
  if (canonicalJson(before) === canonicalJson(after)) return [];
  return [
    {
      path,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
    },
  ];
}

export interface DiffEntry {
  type: RecordType;
  id: string;
  name: LocalizedText;
}

export interface ChangedEntry extends DiffEntry {
  fields: FieldChange[];
}

/** What publishing the draft would change, item by item. */
export interface CatalogDiff {
  hasChanges: boolean;
  /** In the draft, not published. */
  added: DiffEntry[];
  /** Published and changed, still active (or activated again). */
  changed: ChangedEntry[];
  /** Published active, inactive in the draft (other fields may have changed too). */
  deactivated: ChangedEntry[];
  /** Published, gone from the draft: only amenities can be deleted. */
  removed: DiffEntry[];
}

/**
 * The draft against the published catalog, kind by kind (hubs, amenities, lounges, fast-tracks,
 * tariffs), each in id order. Compared as admin forms, so paths are the fields an employee edits.
 */
export function catalogDiff(published: CatalogRecords | undefined, draft: CatalogRecords): CatalogDiff {
  const diff: CatalogDiff = { hasChanges: false, added: [], changed: [], deactivated: [], removed: [] };
  for (const kind of recordKinds) {
    const entry = (record: RecordOf[RecordKind]): DiffEntry => ({
      type: recordTypes[kind],
      id: record.id,
      name: record.name,
    });
    const before = new Map<string, RecordOf[RecordKind]>(
      (published?.[kind] ?? []).map((record) => [record.id, record]),
    );
    const after = new Map<string, RecordOf[RecordKind]>(draft[kind].map((record) => [record.id, record]));
    for (const id of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const old = before.get(id);
      const now = after.get(id);
      if (!old && now) diff.added.push(entry(now));
      else if (old && !now) diff.removed.push(entry(old));
      else if (old && now) {
        const fields = fieldChanges(anyToForm(kind, old), anyToForm(kind, now));
        if (fields.length === 0) continue;
        const list = isActive(old) && !isActive(now) ? diff.deactivated : diff.changed;
        list.push({ ...entry(now), fields });
      }
    }
  }
  diff.hasChanges =
    diff.added.length + diff.changed.length + diff.deactivated.length + diff.removed.length > 0;
  return diff;
}
