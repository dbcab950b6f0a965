/**
 * Parsers generated at build time from our zod schemas (infra/constructs/compiled-routes.ts): the
 * parsed value, or `unparsed` when zod must decide (an invalid value, or one the parser cannot tell).
 * Without zod: a cold start that loads this module loads no schema library.
 */
export type CompiledParser = (input: unknown) => unknown;
export const unparsed: unique symbol = Symbol.for('zod.compile.invalid');

/** What a schema module exports for a value read from storage: parsing it never blocks on zod. */
export interface SchemaParser<T> {
  parse(value: unknown): Promise<T>;
  /** The zod schema itself, loaded on first call: for what the compiled parser leaves. */
  readonly schema: () => Promise<{ parse(value: unknown): T }>;
}

/**
 * A schema parsed by its compiled parser where the bundle has one (a module named `*-parsers.ts`, whose
 * exports are these, is generated with them), by zod otherwise: in the tests and the local stage, and
 * for a value the parser leaves. zod and the schema load on that first call.
 */
export function schemaParser<T>(
  load: () => Promise<{ parse(value: unknown): T }>,
  compiled?: CompiledParser,
): SchemaParser<T> {
  let schema: Promise<{ parse(value: unknown): T }> | undefined;
  const loaded = () => {
    schema ??= load();
    return schema;
  };
  return {
    schema: loaded,
    async parse(value) {
      const fast = compiled ? compiled(value) : unparsed;
      return fast === unparsed ? (await loaded()).parse(value) : (fast as T);
    },
  };
}
