import {
  changeWebhookUrlRequestSchema,
  createWebhookRequestSchema,
  deliveriesPageSchema,
  deliveriesQuery,
  deliveryParams,
  deliverySchema,
  disableWebhookRequestSchema,
  pingAcceptedSchema,
  recoverWebhookRequestSchema,
  rotateWebhookSecretRequestSchema,
  webhookListSchema,
  webhookParams,
  webhookRecoverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../schemas/webhooks.ts';
import * as z from '../schemas/zod.ts';
import { defineRoute } from './types.ts';

const common = {
  hosts: ['api'],
  group: 'webhooks',
  tags: ['Webhooks'],
  auth: { scope: 'webhooks' },
} as const;
const collection = '/v2/b2b/webhooks';
const item = `${collection}/{webhookID}` as const;
const notFound = ['WebhookNotFound'] as const;

export const webhooksRoutes = {
  createWebhook: defineRoute({
    ...common,
    operationId: 'createWebhook',
    method: 'POST',
    path: collection,
    summary: 'Subscribe the account’s webhook endpoint',
    description:
      'At most one subscription per account (409 WebhookAlreadyExists). The URL must be HTTPS and resolve to ' +
      'public addresses only (422 otherwise). Every booking and pass status change is then delivered, signed ' +
      'with HMAC-SHA256 (`secret`: given, or generated and answered once) or, with `signing: "ed25519"`, ' +
      'with a key pair the service makes (Standard Webhooks `v1a`, verified with `public_key`).',
    request: { body: createWebhookRequestSchema },
    responses: {
      201: {
        description: 'Subscribed',
        schema: webhookWithSecretSchema,
        headers: { Location: 'The subscription' },
      },
    },
    errors: ['WebhookAlreadyExists'],
  }),
  listWebhooks: defineRoute({
    ...common,
    operationId: 'listWebhooks',
    method: 'GET',
    path: collection,
    summary: 'List the account’s subscription (0 or 1)',
    responses: { 200: { description: 'The subscription, if any', schema: webhookListSchema } },
  }),
  getWebhook: defineRoute({
    ...common,
    operationId: 'getWebhook',
    method: 'GET',
    path: item,
    summary: 'Read the subscription',
    request: { params: webhookParams },
    responses: { 200: { description: 'The subscription', schema: webhookSchema } },
    errors: notFound,
  }),
  changeWebhookUrl: defineRoute({
    ...common,
    operationId: 'changeWebhookUrl',
    method: 'POST',
    path: `${item}/change-url`,
    summary: 'Change the endpoint',
    description:
      'Applies to the next attempt, retries of earlier events included. Same URL rules as subscribing.',
    request: { params: webhookParams, body: changeWebhookUrlRequestSchema },
    responses: { 200: { description: 'The subscription', schema: webhookSchema } },
    errors: notFound,
  }),
  rotateWebhookSecret: defineRoute({
    ...common,
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: `${item}/rotate-secret`,
    summary: 'Replace the signing secret or key pair',
    description:
      'The previous secret keeps signing, as the second value of the signature headers, for ' +
      '`grace_period_seconds` (default 60). A rotation during a grace period ends the older secret at once. ' +
      'HMAC: without `secret` the service generates one and answers it once. ed25519: a new key pair ' +
      '(`public_key` in the answer); `secret` is refused (422).',
    request: { params: webhookParams, body: rotateWebhookSecretRequestSchema },
    responses: { 200: { description: 'The subscription', schema: webhookWithSecretSchema } },
    errors: notFound,
  }),
  disableWebhook: defineRoute({
    ...common,
    operationId: 'disableWebhook',
    method: 'POST',
    path: `${item}/disable`,
    summary: 'Suspend delivery',
    description:
      'Events that happen while disabled are recorded as Skipped (see the deliveries) and are not sent later ' +
      'unless redelivered. Disabling a Disabled subscription: 409 WebhookInvalidState.',
    request: { params: webhookParams, body: z.optional(disableWebhookRequestSchema) },
    responses: { 200: { description: 'The subscription', schema: webhookSchema } },
    errors: ['WebhookNotFound', 'WebhookInvalidState'],
  }),
  enableWebhook: defineRoute({
    ...common,
    operationId: 'enableWebhook',
    method: 'POST',
    path: `${item}/enable`,
    summary: 'Resume delivery',
    description: 'Enabling an Active subscription: 409 WebhookInvalidState.',
    request: { params: webhookParams },
    responses: { 200: { description: 'The subscription', schema: webhookSchema } },
    errors: ['WebhookNotFound', 'WebhookInvalidState'],
  }),
  deleteWebhook: defineRoute({
    ...common,
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: item,
    summary: 'Delete the subscription',
    description: 'Nothing is sent after deletion, not even retries of earlier events.',
    request: { params: webhookParams },
    responses: { 204: { description: 'Deleted' } },
    errors: notFound,
  }),
  listWebhookDeliveries: defineRoute({
    ...common,
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: `${item}/deliveries`,
    summary: 'List deliveries, newest event first, each with its attempts',
    description: 'Kept 30 days. Beyond the partner contract.',
    request: { params: webhookParams, query: deliveriesQuery },
    responses: { 200: { description: 'A page of deliveries', schema: deliveriesPageSchema } },
    errors: notFound,
  }),
  getWebhookDelivery: defineRoute({
    ...common,
    operationId: 'getWebhookDelivery',
    method: 'GET',
    path: `${item}/deliveries/{deliveryID}`,
    summary: 'Read one delivery with its attempts',
    description: 'Beyond the partner contract.',
    request: { params: deliveryParams },
    responses: { 200: { description: 'The delivery', schema: deliverySchema } },
    errors: notFound,
  }),
  redeliverWebhookDelivery: defineRoute({
    ...common,
    operationId: 'redeliverWebhookDelivery',
    method: 'POST',
    path: `${item}/deliveries/{deliveryID}/redeliver`,
    summary: 'Send an event again',
    description:
      'Queues the event again, with the same id, whatever the delivery’s status, on a fresh retry schedule; ' +
      'queued retries of it are superseded. The subscription must be Active (409 WebhookInvalidState). ' +
      'Ping, redeliver and recover together: 10 per minute per account (429 RateLimitExceeded). ' +
      'Beyond the partner contract.',
    request: { params: deliveryParams },
    responses: {
      202: { description: 'Queued', schema: deliverySchema, headers: { Location: 'The delivery' } },
    },
    errors: ['WebhookNotFound', 'WebhookInvalidState', 'RateLimitExceeded'],
  }),
  pingWebhook: defineRoute({
    ...common,
    operationId: 'pingWebhook',
    method: 'POST',
    path: `${item}/ping`,
    summary: 'Send a `webhook.ping` test event',
    description:
      'The ping takes the path of every event (outbox, stream, queue, dispatcher) and is signed the same way. ' +
      'The subscription must be Active (409 WebhookInvalidState). Ping, redeliver and recover together: 10 ' +
      'per minute per account (429 RateLimitExceeded). Beyond the partner contract.',
    request: { params: webhookParams },
    responses: {
      202: { description: 'Queued', schema: pingAcceptedSchema, headers: { Location: 'Its delivery' } },
    },
    errors: ['WebhookNotFound', 'WebhookInvalidState', 'RateLimitExceeded'],
  }),
  recoverWebhook: defineRoute({
    ...common,
    operationId: 'recoverWebhook',
    method: 'POST',
    path: `${item}/recover`,
    summary: 'Send again every event that was Skipped or Failed since a time',
    description:
      'For a receiver that was down or a subscription that was disabled: every event since `since` (at most ' +
      '7 days ago, 422 otherwise) whose delivery is Skipped or Failed is sent again, with its own id, in event ' +
      'order, each once, on a fresh retry schedule (at most 500 per recovery, see `truncated`). One recovery ' +
      'runs at a time per subscription (409 WebhookRecoveryInProgress); the subscription must be Active ' +
      '(409 WebhookInvalidState). Ping, redeliver and recover together: 10 per minute per account (429). ' +
      'With an Idempotency-Key, a retry gets the first answer. Beyond the partner contract.',
    idempotency: 'optional',
    request: { params: webhookParams, body: recoverWebhookRequestSchema },
    responses: { 202: { description: 'The recovery started', schema: webhookRecoverySchema } },
    errors: ['WebhookNotFound', 'WebhookInvalidState', 'WebhookRecoveryInProgress', 'RateLimitExceeded'],
  }),
} as const;
