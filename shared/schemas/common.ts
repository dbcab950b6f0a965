import * as z from 'zod';
import { errorCodes } from '../domain/errors.ts';
import { builtOnce } from '../util/built-once.ts';

/**
 * A schema built on its first use, and once. Response views are declared this way: in AWS nothing
 * parses a response (only the local stage and the tests check them, and the OpenAPI document is built
 * from them), so no cold start pays for building them. So are the request objects (bodies, paths,
 * queries, headers): a function serves many operations, and its cold start now builds only the schemas
 * of the operation its first request calls, about 10 ms less for admin's routes (docs/bench.md). The
 * fields they share (`uuid`, `timestamp`, codes) stay plain; the issues a lazy schema reports are its
 * inner schema's, path for path.
 */
export function lazyView<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(builtOnce(build));
}

/** The schema a `lazyView` stands for, built now: for the OpenAPI document, which lists an object's fields. */
export function eager<T extends z.ZodType>(schema: T | z.ZodLazy<T>): T {
  return schema instanceof z.ZodLazy ? (schema.unwrap() as T) : schema;
}

export const uuid = z.uuid();
export const timestamp = z.iso
  .datetime({ offset: false })
  .meta({ description: 'RFC 3339 UTC timestamp with Z' });

export const problemSchema = lazyView(() =>
  z
    .object({
      code: z.enum(errorCodes),
      title: z.string(),
      status: z.int().min(100).max(599),
      instance: z.string().meta({ format: 'uri-reference' }),
      detail: z.string().optional(),
      details: z.record(z.string(), z.unknown()).optional(),
      request_id: z.string().optional(),
    })
    .meta({ id: 'Problem', description: 'RFC 9457 problem object (application/problem+json).' }),
);

export const idempotencyKeyHeader = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
  .meta({ description: 'Up to 256 characters; a UUID is recommended.' });

/** Lists other than the catalogs: opaque cursor paging (docs/contract.md). */
export const cursorQuery = lazyView(() =>
  z.strictObject({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().min(1).max(2048).optional(),
  }),
);

export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });
