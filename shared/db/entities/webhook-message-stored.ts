import { eventTypes } from '../../domain/events.ts';
import * as z from '../../schemas/zod.ts';

/**
 * The items a webhook queue message carries (webhook-message.ts), as the stream record's new image
 * holds them. Loaded by webhook-message-parsers.ts on first use: a function's bundle reads them with
 * parsers compiled from these schemas.
 */
const idString = z.string().check(z.minLength(1), z.maxLength(128));
const nonEmpty = z.string().check(z.minLength(1));

export const eventImageSchema = z.object({
  event_id: idString,
  account_id: nonEmpty,
  event: z.enum(eventTypes),
  timestamp: z.iso.datetime(),
  ordering_key: idString,
  data: z.record(z.string(), z.unknown()),
  redelivery_claim: z.optional(z.string()),
  webhook_id: z.optional(z.string()),
});

export const recoveryJobImageSchema = z.object({
  recovery_id: idString,
  webhook_id: idString,
  account_id: nonEmpty,
  event_ids: z.array(idString).check(z.maxLength(1000)),
});

export type EventImage = z.output<typeof eventImageSchema>;
export type RecoveryJobImage = z.output<typeof recoveryJobImageSchema>;
