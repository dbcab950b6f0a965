import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { profileStates } from '../domain/esim/profile.ts';
import { eventTypes } from '../domain/events.ts';
import { webhookSignings } from '../domain/webhooks/signature.ts';
import {
  isWebhookUrlShape,
  maxWebhookUrlLength,
  webhookUrlShapeProblem,
} from '../domain/webhooks/url-shape.ts';
import { cursorPage, cursorQuery, timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

const webhookUrl = z
  .string()
  .check(
    z.maxLength(maxWebhookUrlLength),
    z.refine(isWebhookUrlShape, { error: (issue) => webhookUrlShapeProblem(String(issue.input)) }),
  )
  .register(z.globalRegistry, {
    description:
      'HTTPS endpoint, no credentials or fragment; its host must resolve to public addresses only ' +
      '(private, loopback, link-local, CGNAT, IPv4-mapped and metadata addresses are refused).',
    example: 'https://partner.example.com/webhooks/travel',
  });

const secret = z
  .string()
  .check(z.minLength(16), z.maxLength(256))
  .register(z.globalRegistry, {
    description:
      'HMAC signing secret, 16..256 characters, chosen by the partner. Its UTF-8 bytes key both signatures, ' +
      'whatever it looks like (a `whsec_` one is not base64-decoded). ' +
      'Stored encrypted; never returned. Optional: when absent the service generates a `whsec_` secret and ' +
      'returns it once, in this answer. Not allowed with `signing: "ed25519"` (422).',
    writeOnly: true,
  });

const signing = z.enum(webhookSignings).register(z.globalRegistry, {
  description:
    'How deliveries are signed: `hmac-sha256` (a shared secret: `X-Webhook-Signature` and Standard Webhooks ' +
    '`v1`) or `ed25519` (a key pair the service makes: Standard Webhooks `v1a` only, verified with `public_key`).',
});

const generatedSecret = z.string().register(z.globalRegistry, {
  description:
    'Only in the answer that generated it (a create or rotation without `secret`): the `whsec_` secret, ' +
    'keyed as Standard Webhooks libraries read it: the HMACs use its base64-decoded 32 bytes, so ' +
    '`new Webhook(secret)` verifies. It is never shown again.',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwFCc1VbDx6Ww=',
});

export const webhookStatus = z.enum(['Active', 'Disabled']);

export const webhookSchema = z
  .object({
    id: uuid,
    url: z.string(),
    status: webhookStatus,
    disabled_reason: z.nullable(z.string()).register(z.globalRegistry, {
      description: 'The reason given to disable, or why the service disabled it (410 Gone).',
    }),
    signing,
    public_key: z.nullable(z.string()).register(z.globalRegistry, {
      description:
        '`signing: "ed25519"`: `whpk_<base64 of the raw 32-byte Ed25519 public key>` that verifies the `v1a` ' +
        'signatures (a new one after each rotation); null with HMAC.',
      example: 'whpk_Bz7nBSuR+Gw5y5hYqMDDN4+a1Bk1wX0mCNLnXPXkZ8I=',
    }),
    created_at: timestamp,
    updated_at: timestamp,
    secret_rotation: z.nullable(
      z.object({
        previous_secret_valid_until: timestamp.clone().register(z.globalRegistry, {
          description: 'Until then deliveries carry a second signature made with the previous secret or key.',
        }),
      }),
    ),
  })
  .register(z.globalRegistry, {
    id: 'Webhook',
    description: 'The webhook subscription; at most one per account.',
  });

export const webhookWithSecretSchema = z
  .extend(webhookSchema, { secret: z.optional(generatedSecret) })
  .register(z.globalRegistry, {
    id: 'WebhookWithSecret',
    description: 'The subscription, with the secret the service generated when none was given (this once).',
  });

export const webhookListSchema = z
  .object({
    data: z.array(webhookSchema).check(z.maxLength(1)),
    next_cursor: z
      .null()
      .register(z.globalRegistry, { description: 'Always null: an account has at most one subscription.' }),
  })
  .register(z.globalRegistry, { id: 'WebhookList' });

export const createWebhookRequestSchema = z
  .strictObject({
    url: webhookUrl,
    secret: z.optional(secret),
    signing: z._default(signing, 'hmac-sha256'),
  })
  .register(z.globalRegistry, { id: 'CreateWebhookRequest' });

export const changeWebhookUrlRequestSchema = z
  .strictObject({ url: webhookUrl })
  .register(z.globalRegistry, { id: 'ChangeWebhookUrlRequest' });

export const rotateWebhookSecretRequestSchema = z
  .strictObject({
    secret: z.optional(secret),
    grace_period_seconds: z
      ._default(z.int().check(z.minimum(60), z.maximum(2_592_000)), 60)
      .register(z.globalRegistry, {
        description: 'How long the previous secret keeps signing, 60 s to 30 days; default 60.',
      }),
  })
  .register(z.globalRegistry, { id: 'RotateWebhookSecretRequest' });

export const disableWebhookRequestSchema = z
  .strictObject({
    reason: z
      .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500)))
      .register(z.globalRegistry, { description: 'For audit.' }),
  })
  .register(z.globalRegistry, { id: 'DisableWebhookRequest' });

export const recoverWebhookRequestSchema = z
  .strictObject({
    since: z.iso.datetime({ offset: true }).register(z.globalRegistry, {
      description:
        'RFC 3339 time, at most 7 days ago: every event since then that was Skipped or Failed is sent again.',
      example: '2030-05-01T08:00:00Z',
    }),
  })
  .register(z.globalRegistry, { id: 'RecoverWebhookRequest' });

export const webhookRecoverySchema = z
  .object({
    id: uuid.clone().register(z.globalRegistry, { description: 'The recovery id' }),
    status: z.enum(['Running', 'Completed']).register(z.globalRegistry, {
      description: 'Completed at once when there was nothing to send; a recovery runs one at a time.',
    }),
    since: timestamp,
    until: timestamp
      .clone()
      .register(z.globalRegistry, { description: 'Events up to this time were looked at' }),
    event_count: z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'Events sent again, oldest first, each once' }),
    truncated: z.boolean().register(z.globalRegistry, {
      description:
        'More Skipped or Failed events may follow `until` (at most 500 per recovery): recover again with ' +
        '`since` = `until` once this recovery has completed.',
    }),
    started_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'WebhookRecovery' });

export const webhookParams = z.strictObject({ webhookID: uuid });
export const deliveryParams = z.strictObject({
  webhookID: uuid,
  deliveryID: z
    .string()
    .check(z.minLength(1), z.maxLength(128))
    .register(z.globalRegistry, { description: 'The id of the delivered event' }),
});

export const deliveryStatus = z.enum(['Pending', 'Retrying', 'Succeeded', 'Failed', 'Skipped']);

export const deliveryAttemptSchema = z
  .object({
    attempted_at: timestamp,
    status_code: z.nullable(z.int()).register(z.globalRegistry, {
      description: "The receiver's HTTP status; null when it never answered.",
    }),
    latency_ms: z.int().check(z.minimum(0)),
    error: z.nullable(z.string()).register(z.globalRegistry, {
      description: 'Timeout, connection refused, TLS failure, refused address, redirect not followed.',
    }),
  })
  .register(z.globalRegistry, { id: 'WebhookDeliveryAttempt' });

const attemptCountsSchema = z
  .object({
    total: z.int().check(z.minimum(0)),
    delivered: z.int().check(z.minimum(0)).register(z.globalRegistry, { description: 'Answered 2xx' }),
    rejected: z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'Answered another HTTP status' }),
    unreachable: z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'No answer: timeout, refused, TLS, refused address' }),
  })
  .register(z.globalRegistry, {
    id: 'WebhookDeliveryAttemptCounts',
    description: 'Every attempt ever made, by outcome; `attempts` lists only the latest 20.',
  });

/** The notification body every receiver gets (docs/webhooks.md). */
export const webhookEnvelopeSchema = z
  .object({
    id: z.string().register(z.globalRegistry, {
      description: 'Unique per event, the same on every attempt: dedupe on it.',
    }),
    event: z.enum(eventTypes),
    timestamp: timestamp.clone().register(z.globalRegistry, { description: 'When the event happened.' }),
    data: z.record(z.string(), z.unknown()),
  })
  .register(z.globalRegistry, { id: 'WebhookEnvelope' });

export const deliverySchema = z
  .object({
    id: z.string().register(z.globalRegistry, { description: 'The delivery id: the id of its event' }),
    status: deliveryStatus.clone().register(z.globalRegistry, {
      description:
        'Pending: not tried yet; Retrying: failed, tried again at next_attempt_at; Succeeded (2xx); ' +
        'Failed (retries spent, 410, or too large); Skipped (the subscription was disabled).',
    }),
    status_reason: z.nullable(z.string()),
    event: webhookEnvelopeSchema,
    attempts: z
      .array(deliveryAttemptSchema)
      .check(z.maxLength(20))
      .register(z.globalRegistry, { description: 'The latest 20 attempts, oldest first' }),
    attempt_counts: attemptCountsSchema,
    next_attempt_at: z.nullable(timestamp),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'WebhookDelivery' });

export const deliveriesQuery = cursorQuery;
export const deliveriesPageSchema = cursorPage(deliverySchema).register(z.globalRegistry, {
  id: 'WebhookDeliveriesPage',
});

export const pingAcceptedSchema = z
  .object({
    id: z.string().register(z.globalRegistry, {
      description: 'The id of the `webhook.ping` event (and of its delivery)',
    }),
    event: z.literal('webhook.ping'),
    timestamp,
  })
  .register(z.globalRegistry, { id: 'WebhookPingAccepted' });

/**
 * Notifications as OpenAPI 3.1 `webhooks` (one entry per event type), for the lead to pass to
 * zod-openapi's createDocument: `webhooks: webhookPayloads()`. Built on demand:
 * only the document needs them.
 */
export function webhookPayloads(): ZodOpenApiPathsObject {
  const signatureHeaders = z.object({
    'X-Webhook-Id': z.string().register(z.globalRegistry, { description: 'The event id, as in the body' }),
    'X-Webhook-Signature': z.optional(z.string()).register(z.globalRegistry, {
      description:
        'HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of ' +
        'the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`.',
    }),
    'webhook-id': z.string().register(z.globalRegistry, { description: 'Standard Webhooks: the event id' }),
    'webhook-timestamp': z.string().register(z.globalRegistry, {
      description: 'Standard Webhooks: seconds since the epoch of this attempt',
    }),
    'webhook-signature': z.string().register(z.globalRegistry, {
      description:
        'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or ' +
        '`v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with ' +
        "the subscription's `public_key`); two, space-separated, during a grace period.",
    }),
  });

  const statusChange = {
    booking_id: z.string(),
    service_type: z.enum(['Lounge', 'FastTrack']),
    status: z.string(),
    previous_status: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'null on the first status of the subject' }),
  };
  /** eSIM package events, each sent once per package (docs/esim.md, Events); ordered per iccid. */
  const esimUsage = {
    iccid: z.string(),
    package_id: z.string(),
    data_mb: z.number().register(z.globalRegistry, { description: "The package's data allowance" }),
    used_mb: z.number().register(z.globalRegistry, { description: 'Data used when the event happened' }),
  };

  /** `data` of each event type (docs/webhooks.md). */
  const eventData: Record<(typeof eventTypes)[number], z.ZodMiniObject> = {
    'booking.status.changed': z.object(statusChange),
    'pass.status.changed': z.object({
      ...statusChange,
      pass_id: z.string(),
      used_guests_count: z.optional(z.number()).register(z.globalRegistry, {
        description: 'Only when status is Used: the guests admitted (1..guests_count).',
      }),
      redeemed_at: z.optional(z.string()).register(z.globalRegistry, {
        description: 'Only when status is Used: when the pass was scanned at the door (RFC 3339 UTC).',
      }),
    }),
    'esim.package.usage_threshold_reached': z.object({
      ...esimUsage,
      threshold: z.int().register(z.globalRegistry, {
        description:
          'The usage threshold reached, percent of data_mb (your settings, GET /v2/b2b/settings/esim)',
      }),
    }),
    'esim.package.exhausted': z.object(esimUsage),
    'esim.package.expiring': z.object({
      iccid: z.string(),
      package_id: z.string(),
      expires_at: z.string().register(z.globalRegistry, { description: "The package's expires_at" }),
      days_left: z.int().register(z.globalRegistry, {
        description: 'Which notice this is: 3, then 1 (days before expires_at)',
      }),
    }),
    'esim.package.expired': z.object(esimUsage),
    'esim.status.changed': z.object({
      iccid: z.string(),
      status: z
        .string()
        .register(z.globalRegistry, { description: 'Suspended, Refunded, or the status it resumed to' }),
      previous_status: z.string(),
    }),
    'esim.profile.status_changed': z.object({
      iccid: z.string(),
      state: z.enum(profileStates),
      previous_state: z.enum(profileStates),
      eid: z.nullable(z.string()).register(z.globalRegistry, {
        description: 'The eUICC (32 digits) the profile went to, once the SM-DP+ named it',
      }),
    }),
    'billing.statement.closed': z.object({
      period: z.string().register(z.globalRegistry, { description: 'The closed month, `YYYY-MM` (UTC)' }),
      totals: z.array(z.object({ amount: z.string(), currency: z.string(), line_count: z.int() })),
    }),
    'webhook.ping': z.object({ webhook_id: uuid }),
  };

  return Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replaceAll('.', '_')}`,
          summary: `Notification ${type}`,
          tags: ['Webhooks'],
          requestParams: { header: signatureHeaders },
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.extend(webhookEnvelopeSchema, {
                  event: z.literal(type),
                  data: eventData[type],
                }),
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx acknowledges the notification; 410 disables the subscription.' },
          },
        },
      },
    ]),
  );
}
