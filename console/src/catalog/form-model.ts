/**
 * A generic editor for a catalog item's admin form (what `GET /{id}` answers): every leaf of the
 * JSON becomes a labelled field named by its dotted path (`name.en-US`, `location.coordinates.latitude`),
 * the same path the API's 422 names after `body.`, so its messages land at the right field.
 */
export type FieldKind = 'text' | 'number' | 'boolean' | 'list' | 'json';

export interface FormField {
  path: string;
  label: string;
  kind: FieldKind;
  readOnly: boolean;
}

export type FieldValue = string | boolean;

/** Fields the service owns: shown, never sent back. */
export const serviceOwnedKeys = ['id', 'created_at', 'updated_at', 'version'];
/** Fields changed by their own operation (deactivate), shown read-only but sent back unchanged. */
export const readOnlyKeys = [...serviceOwnedKeys, 'is_active', 'status'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function humanize(key: string): string {
  if (/^[a-z]{2}-[A-Z]{2}$/.test(key)) return key;
  const text = key.replace(/_ids$/, ' ids').replace(/_id$/, ' id').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function labelOf(segments: readonly string[]): string {
  const [last, ...parents] = [...segments].reverse();
  if (last === undefined) return '';
  if (/^[a-z]{2}-[A-Z]{2}$/.test(last) && parents.length > 0) {
    return `${labelOf(segments.slice(0, -1))} (${last})`;
  }
  return [...parents.reverse().map(humanize), humanize(last)].join(' › ');
}

function kindOf(key: string, value: unknown): FieldKind {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value)) {
    return value.every((item) => typeof item === 'string' || typeof item === 'number') ||
      (value.length === 0 && key.endsWith('_ids'))
      ? 'list'
      : 'json';
  }
  return 'text';
}

/** The fields of an item, depth first, in the item's own key order. */
export function describeFields(item: Record<string, unknown>, parents: readonly string[] = []): FormField[] {
  return Object.entries(item).flatMap(([key, value]): FormField[] => {
    const segments = [...parents, key];
    if (isPlainObject(value) && Object.keys(value).length > 0) return describeFields(value, segments);
    const kind = isPlainObject(value) ? 'json' : kindOf(key, value);
    return [
      {
        path: segments.join('.'),
        label: labelOf(segments),
        kind,
        readOnly: parents.length === 0 && readOnlyKeys.includes(key),
      },
    ];
  });
}

export function getAtPath(item: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), item);
}

/** Returns a copy of `item` with `value` at `path` (objects on the way are copied, not mutated). */
export function setAtPath(
  item: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return item;
  if (rest.length === 0) return { ...item, [key]: value };
  const child = isPlainObject(item[key]) ? (item[key] as Record<string, unknown>) : {};
  return { ...item, [key]: setAtPath(child, rest.join('.'), value) };
}

/** What a field's control shows for the item's current value. */
export function toFieldValue(field: FormField, value: unknown): FieldValue {
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'list':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'json':
      return JSON.stringify(value ?? null, null, 2);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export class FieldParseError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** Back from a control to JSON; what cannot be read stays as typed so the API names the problem. */
export function fromFieldValue(field: FormField, input: FieldValue, original: unknown): Json {
  if (field.kind === 'boolean') return input === true;
  const text = typeof input === 'string' ? input : String(input);
  switch (field.kind) {
    case 'number': {
      if (text.trim() === '') return original === null ? null : text;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case 'list': {
      const items = text
        .split(/[\n,]+/)
        .map((item) => item.trim())
        .filter(Boolean);
      const numeric =
        Array.isArray(original) && original.length > 0 && original.every((item) => typeof item === 'number');
      return numeric ? items.map((item) => (Number.isFinite(Number(item)) ? Number(item) : item)) : items;
    }
    case 'json':
      try {
        return JSON.parse(text) as Json;
      } catch {
        throw new FieldParseError(field.path, 'This is not valid JSON.');
      }
    default:
      return text === '' && original === null ? null : text;
  }
}

/** The request body: the item with every edited field applied, without the fields the service owns. */
export function buildRequestBody(
  item: Record<string, unknown>,
  fields: readonly FormField[],
  values: ReadonlyMap<string, FieldValue>,
): Record<string, unknown> {
  let body = { ...item };
  for (const field of fields) {
    const value = values.get(field.path);
    if (field.readOnly || value === undefined) continue;
    body = setAtPath(body, field.path, fromFieldValue(field, value, getAtPath(item, field.path)));
  }
  for (const key of serviceOwnedKeys) delete body[key];
  return body;
}
