/** One change of the draft as the publish page lists it. */
export interface DiffEntry {
  change: string;
  kind: string;
  id: string;
  name?: string;
  fields: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entryOf(value: unknown, kindFromGroup?: string, changeFromGroup?: string): DiffEntry | undefined {
  if (!isRecord(value)) return undefined;
  const id = value.id ?? value.item_id;
  if (typeof id !== 'string') return undefined;
  const change = value.change ?? value.type ?? value.operation ?? changeFromGroup;
  const kind = value.kind ?? value.resource ?? kindFromGroup;
  const name = value.name;
  const fields = value.fields ?? value.changed_fields;
  return {
    change: typeof change === 'string' ? change : 'changed',
    kind: typeof kind === 'string' ? kind : '',
    id,
    ...(typeof name === 'string' ? { name } : {}),
    fields: Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [],
  };
}

/**
 * Reads the diff answer into rows: a list of changes (`{changes: [...]}` or `{data: [...]}` or a bare
 * list), or changes grouped by kind (`{lounges: {added: [...], changed: [...]}}`). Undefined when the
 * shape is none of these; the page then shows the JSON as it came.
 */
export function diffEntries(diff: unknown): DiffEntry[] | undefined {
  const list = Array.isArray(diff)
    ? diff
    : isRecord(diff) && Array.isArray(diff.changes)
      ? diff.changes
      : isRecord(diff) && Array.isArray(diff.data)
        ? diff.data
        : undefined;
  if (list) {
    const entries = list.map((item) => entryOf(item));
    return entries.every((entry) => entry !== undefined) ? (entries as DiffEntry[]) : undefined;
  }
  if (!isRecord(diff)) return undefined;
  const grouped: DiffEntry[] = [];
  for (const [kind, group] of Object.entries(diff)) {
    if (!isRecord(group)) return undefined;
    for (const [change, items] of Object.entries(group)) {
      if (!Array.isArray(items)) return undefined;
      for (const item of items) {
        const entry =
          typeof item === 'string' ? { change, kind, id: item, fields: [] } : entryOf(item, kind, change);
        if (!entry) return undefined;
        grouped.push(entry);
      }
    }
  }
  return grouped;
}
