import fc from 'fast-check';

/*
 * fast-check arbitraries from the OpenAPI document's JSON Schemas (OpenAPI 3.1 is JSON Schema
 * 2020-12): the values a schema accepts, and ways to break them. Only the keywords the document uses
 * are read; anything else is generated as "any JSON".
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  example?: unknown;
  default?: unknown;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Resolves `#/components/schemas/...` references against the document. */
export function resolver(document: { components?: { schemas?: Record<string, unknown> } }) {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name] as JsonSchema | undefined;
    if (!target) throw new Error(`Unresolved reference ${schema.$ref}`);
    return resolve(target);
  };
  return resolve;
}

/** Letters, digits and a few marks that most name-like patterns accept. */
const friendlyCharacters = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-éÅß'];

function lengthOk(value: string, schema: JsonSchema): boolean {
  const length = [...value].length;
  return length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
}

/**
 * Strings a schema accepts. A pattern is tried with fast-check's regex generator, then with friendly
 * characters; generated values are always checked against the pattern and lengths.
 */
function stringArbitrary(schema: JsonSchema, overrides: Overrides, name: string): fc.Arbitrary<string> {
  const override = overrides[name];
  if (override) return override;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  }
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (!schema.pattern) return fc.string({ minLength, maxLength, unit: 'grapheme' });
  const pattern = new RegExp(schema.pattern, 'u');
  const accepts = (value: string) => pattern.test(value) && lengthOk(value, schema);
  const candidates: fc.Arbitrary<string>[] = [
    fc.string({ minLength, maxLength, unit: fc.constantFrom(...friendlyCharacters) }),
  ];
  try {
    candidates.unshift(fc.stringMatching(pattern, { size: 'xsmall' }));
  } catch {
    // fast-check cannot generate from this pattern: friendly characters only.
  }
  const usable = candidates.filter((candidate) =>
    fc.sample(candidate, { numRuns: 60, seed: 1 }).some(accepts),
  );
  if (usable.length === 0) {
    if (typeof schema.example === 'string' && accepts(schema.example)) return fc.constant(schema.example);
    throw new Error(`No generator for the pattern ${schema.pattern} of ${name}`);
  }
  return fc.oneof(...usable).filter(accepts);
}

/** Per property name, a generator to use instead of the schema's (values with side effects to avoid). */
export type Overrides = Record<string, fc.Arbitrary<string>>;

/** Values the schema accepts. */
export function validValue(
  schema: JsonSchema,
  resolve: (schema: JsonSchema) => JsonSchema,
  overrides: Overrides = {},
  name = '',
): fc.Arbitrary<Json> {
  const resolved = resolve(schema);
  if (resolved.const !== undefined) return fc.constant(resolved.const as Json);
  if (resolved.enum) return fc.constantFrom(...(resolved.enum as Json[]));
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, resolve, overrides, name)));
  if (resolved.allOf) {
    const merged: JsonSchema = Object.assign({}, ...resolved.allOf.map(resolve));
    return validValue(merged, resolve, overrides, name);
  }
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validValue({ ...resolved, type }, resolve, overrides, name)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(resolved, overrides, name);
    case 'integer':
      return fc.integer({
        min: resolved.minimum ?? (resolved.exclusiveMinimum ?? -1_000_001) + 1,
        max: resolved.maximum ?? (resolved.exclusiveMaximum ?? 1_000_001) - 1,
      });
    case 'number':
      return fc.double({
        min: resolved.minimum ?? -1e6,
        max: resolved.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(resolved.items ?? {}, resolve, overrides, name), {
        minLength: resolved.minItems ?? 0,
        maxLength: Math.min(resolved.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = resolved.properties ?? {};
      const model: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, property] of Object.entries(properties)) {
        model[key] = validValue(property, resolve, overrides, key);
      }
      return fc.record(model, { requiredKeys: resolved.required ?? [] }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.jsonValue() as fc.Arbitrary<Json>;
  }
}

/** A JSON value of another type than every type the schema allows. */
export function wrongTypeValue(schema: JsonSchema): fc.Arbitrary<Json> {
  const types = new Set(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
  const pool: fc.Arbitrary<Json>[] = [];
  if (!types.has('string')) pool.push(fc.string({ maxLength: 10 }));
  if (!types.has('integer') && !types.has('number')) pool.push(fc.integer());
  if (!types.has('boolean')) pool.push(fc.boolean());
  if (!types.has('object')) pool.push(fc.constant({ unexpected: 'object' }));
  if (!types.has('array')) pool.push(fc.constant(['unexpected', 'array']));
  if (!types.has('null')) pool.push(fc.constant(null));
  return fc.oneof(...pool);
}

/** One way a body can break its schema, applied to a valid body. */
export type BodyBreak =
  | { kind: 'wrong type'; property: string }
  | { kind: 'unknown field'; property: string }
  | { kind: 'missing required'; property: string }
  | { kind: 'oversized string'; property: string };

/** The ways a body object schema can be broken at its top level. */
export function bodyBreaks(schema: JsonSchema): BodyBreak[] {
  const breaks: BodyBreak[] = [];
  for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
    if (propertySchema.type !== undefined) breaks.push({ kind: 'wrong type', property });
    if (propertySchema.type === 'string' && propertySchema.maxLength !== undefined) {
      breaks.push({ kind: 'oversized string', property });
    }
  }
  for (const property of schema.required ?? []) breaks.push({ kind: 'missing required', property });
  if (schema.additionalProperties === false) breaks.push({ kind: 'unknown field', property: 'fuzz_unknown' });
  return breaks;
}

/** A valid body with one break applied. */
export function brokenBody(
  body: { [key: string]: Json },
  schema: JsonSchema,
  broken: BodyBreak,
): fc.Arbitrary<{ [key: string]: Json }> {
  const propertySchema = schema.properties?.[broken.property] ?? {};
  switch (broken.kind) {
    case 'wrong type':
      return wrongTypeValue(propertySchema).map((value) => ({ ...body, [broken.property]: value }));
    case 'unknown field':
      return fc.jsonValue().map((value) => ({ ...body, [broken.property]: value as Json }));
    case 'missing required': {
      const { [broken.property]: _removed, ...rest } = body;
      return fc.constant(rest);
    }
    case 'oversized string': {
      const maxLength = propertySchema.maxLength ?? 0;
      return fc
        .integer({ min: maxLength + 1, max: maxLength + 64 })
        .map((length) => ({ ...body, [broken.property]: 'x'.repeat(length) }));
    }
  }
}
