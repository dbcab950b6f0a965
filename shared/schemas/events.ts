import { eventTypes } from '../domain/events.ts';
import { cursorQuery } from './common.ts';
import { webhookEnvelopeSchema } from './webhooks.ts';
import * as z from './zod.ts';

const typeName = `(?:${eventTypes.map((type) => type.replaceAll('.', '\\.')).join('|')})`;

export const eventsQuery = z.strictObject({
  ...cursorQuery.shape,
  type: z.optional(
    z
      .string()
      .check(
        z.maxLength(1024),
        z.regex(new RegExp(`^${typeName}(?:,${typeName})*$`), 'must be event types separated by commas'),
      )
      .register(z.globalRegistry, {
        description: `One event type or several separated by commas: ${eventTypes.join(', ')}.`,
        example: 'booking.status.changed,pass.status.changed',
      }),
  ),
  since: z.optional(
    z.iso.datetime({ offset: true }).register(z.globalRegistry, {
      description: 'RFC 3339: only events whose timestamp is at or after it.',
      example: '2030-05-01T08:00:00Z',
    }),
  ),
});

export const eventsPageSchema = z
  .object({
    data: z.array(webhookEnvelopeSchema).register(z.globalRegistry, {
      description: 'Oldest first, each exactly the body its webhook delivery carries (the same `id`).',
    }),
    next_cursor: z.string().register(z.globalRegistry, {
      description:
        'Where the next page starts; never null: the feed has no end, so keep it to poll for new events.',
    }),
    has_more: z.boolean().register(z.globalRegistry, {
      description: 'More events can be read now. False: caught up, poll later with next_cursor.',
    }),
  })
  .register(z.globalRegistry, { id: 'EventsPage' });
