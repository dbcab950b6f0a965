import { idempotencyStatuses } from '../domain/requests/model.ts';
import { cursorPage, timestamp } from './common.ts';
import * as z from './zod.ts';

/**
 * The structured log line a function writes per recorded request (kind `request`), which the
 * request-log function parses from its log group's subscription (docs/support.md, Request log).
 * The same fields as a stored record, plus the account that owns it.
 */
export const requestLogLineSchema = z.object({
  kind: z.literal('request'),
  account_id: z.string().check(z.minLength(1), z.maxLength(64)),
  request_id: z.string().check(z.minLength(1), z.maxLength(128)),
  received_at: timestamp,
  method: z.string().check(z.minLength(1), z.maxLength(16)),
  path: z.string().check(z.minLength(1), z.maxLength(2048)),
  operation_id: z.string().check(z.minLength(1), z.maxLength(128)),
  status: z.int().check(z.minimum(100), z.maximum(599)),
  code: z.nullable(z.string().check(z.maxLength(64))),
  duration_ms: z.number().check(z.minimum(0)),
  client_id: z.string().check(z.minLength(1), z.maxLength(128)),
  idempotency_status: z.nullable(z.enum(idempotencyStatuses)),
});
export type RequestLogLine = z.infer<typeof requestLogLineSchema>;

export const requestRecordSchema = z
  .object({
    request_id: z.string().register(z.globalRegistry, { description: 'The X-Request-ID the answer carried' }),
    received_at: timestamp,
    method: z.string(),
    path: z
      .string()
      .register(z.globalRegistry, { description: 'The request path, without the query string' }),
    operation_id: z.string(),
    status: z.int(),
    code: z.nullable(z.string()).register(z.globalRegistry, {
      description: "The problem's `code` when the answer was an error, otherwise null",
    }),
    duration_ms: z.number().register(z.globalRegistry, {
      description: 'Time spent in the function, in milliseconds (the gateway adds its own)',
    }),
    client_id: z.string().register(z.globalRegistry, { description: 'The application that called' }),
    idempotency_status: z.nullable(z.enum(idempotencyStatuses)),
  })
  .register(z.globalRegistry, { id: 'RequestRecord' });

export const requestLogPageSchema = cursorPage(requestRecordSchema).register(z.globalRegistry, {
  id: 'RequestLogPage',
});

/** Filters narrow each other; without `since` and `until` the last 24 hours (docs/support.md). */
export const requestLogQuery = z.strictObject({
  status: z.optional(z.coerce.number().check(z.int(), z.minimum(100), z.maximum(599))),
  operation_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  request_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  since: z.optional(timestamp).register(z.globalRegistry, {
    description: 'A UTC instant: requests received at or after it; default 24 hours before `until`',
  }),
  until: z.optional(timestamp).register(z.globalRegistry, {
    description:
      'A UTC instant: requests received at or before it; default now. At most 30 days after `since`',
  }),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
});
