import { errorCodes } from '../domain/errors.ts';
import { builtOnce } from '../util/built-once.ts';
import * as z from './zod.ts';

/**
 * A schema built on its first use, and once. Response views are declared this way: in AWS nothing
 * parses a response (only the local stage and the tests check them, and the OpenAPI document is built
 * from them), so no cold start pays for building them. So are the request objects (bodies, paths,
 * queries, headers): a function serves many operations, and its cold start now builds only the schemas
 * of the operation its first request calls, about 10 ms less for admin's routes (docs/bench.md). So
 * are the fields only some operations use (the catalog's codes, a booking's names and guests, the
 * catalog administration's forms). What nearly every request parses (`uuid`, `timestamp`) stays
 * plain, and so do header fields, whose description the OpenAPI document takes from the schema
 * itself. The issues a lazy schema reports are its inner schema's, path for path.
 */
export function lazyView<T extends z.ZodMiniType>(build: () => T): z.ZodMiniLazy<T> {
  return z.lazy(builtOnce(build));
}

/** The schema a `lazyView` stands for, built now: for the OpenAPI document, which lists an object's fields. */
export function eager<T extends z.core.$ZodType>(schema: T | z.core.$ZodLazy<T>): T {
  return schema._zod.def.type === 'lazy' ? (schema as z.core.$ZodLazy<T>)._zod.innerType : (schema as T);
}

/**
 * A refinement whose message says what is wrong with the value (`problemOf`). Its predicate `test`
 * must be exported by shared/schemas/predicates.ts: zod's compiler keeps a predicate by reference,
 * which a parser generated at build time then imports.
 */
export function refinedBy<T>(test: (value: T) => boolean, problemOf: (value: T) => string | undefined) {
  return z.refine<T>(test, { error: (issue) => problemOf(issue.input as T) });
}

/**
 * A rule over a whole value that reports each of its problems at its own path (a duplicate at its
 * second occurrence). zod's runtime runs `problemsOf`; a parser generated at build time asks `holds`,
 * which must be exported by shared/schemas/predicates.ts and be true exactly when there is no
 * problem, and leaves a value that breaks the rule to zod.
 */
export function ruledBy<T>(
  holds: (value: T) => boolean,
  problemsOf: (value: T) => readonly { message: string; path: (string | number)[] }[],
) {
  const check = z.superRefine<T>((value, context) => {
    for (const problem of problemsOf(value)) context.addIssue({ code: 'custom', ...problem });
  });
  // zod's compiler calls a custom check's `fn` where it has one, as it does a refine's; zod's runtime
  // runs the check itself.
  Object.assign(check._zod.def, { fn: holds });
  return check;
}

export const uuid = z.uuid();
export const timestamp = z.iso
  .datetime({ offset: false })
  .register(z.globalRegistry, { description: 'RFC 3339 UTC timestamp with Z' });

export const problemSchema = lazyView(() =>
  z
    .object({
      code: z.enum(errorCodes),
      title: z.string(),
      status: z.int().check(z.minimum(100), z.maximum(599)),
      instance: z.string().register(z.globalRegistry, { format: 'uri-reference' }),
      detail: z.optional(z.string()),
      details: z.optional(z.record(z.string(), z.unknown())),
      request_id: z.optional(z.string()),
    })
    .register(z.globalRegistry, {
      id: 'Problem',
      description: 'RFC 9457 problem object (application/problem+json).',
    }),
);

export const idempotencyKeyHeader = z
  .string()
  .check(z.minLength(1), z.maxLength(256), z.regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'))
  .register(z.globalRegistry, { description: 'Up to 256 characters; a UUID is recommended.' });

/** Lists other than the catalogs: opaque cursor paging (docs/contract.md). */
export const cursorQuery = lazyView(() =>
  z.strictObject({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  }),
);

export const cursorPage = <T extends z.ZodMiniType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.nullable(z.string()) });
