import { errorCodes } from '../domain/errors.ts';
import * as z from './zod.ts';

/**
 * A rule over a whole value that reports each of its problems at its own path (a duplicate at its
 * second occurrence), where `z.refine` reports one.
 */
export function problemsAtTheirPaths<T>(
  problemsOf: (value: T) => readonly { message: string; path: (string | number)[] }[],
) {
  return z.superRefine<T>((value, context) => {
    for (const problem of problemsOf(value)) context.addIssue({ code: 'custom', ...problem });
  });
}

export const uuid = z.uuid();

/** An amount of money on the wire (docs/billing.md, Money): exact, in the major unit, never a float. */
export const moneySchema = z
  .object({
    amount: z
      .string()
      .check(z.regex(/^-?\d{1,15}(\.\d{1,4})?$/, 'decimal amount'))
      .register(z.globalRegistry, {
        description: "A decimal string in the major unit with the currency's number of decimals",
        example: '59.07',
      }),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'ISO 4217 currency code')),
  })
  .register(z.globalRegistry, { id: 'Money' });
export const timestamp = z.iso
  .datetime({ offset: false })
  .register(z.globalRegistry, { description: 'RFC 3339 UTC timestamp with Z' });

export const problemSchema = z
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
  });

export const idempotencyKeyHeader = z
  .string()
  .check(z.minLength(1), z.maxLength(256), z.regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'))
  .register(z.globalRegistry, { description: 'Up to 256 characters; a UUID is recommended.' });

/** Lists other than the catalogs: opaque cursor paging (docs/contract.md). */
export const cursorQuery = z.strictObject({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
});

export const cursorPage = <T extends z.ZodMiniType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.nullable(z.string()) });
