import type { PartnerPrincipal } from '../../shared/auth/principal.ts';
import { webhookActionLimiter } from '../../shared/db/entities/action-limit.ts';
import { deliveryStore } from '../../shared/db/entities/delivery.ts';
import { eventOutbox } from '../../shared/db/entities/event.ts';
import { webhookStore } from '../../shared/db/entities/webhook.ts';
import { recoveryStore } from '../../shared/db/entities/webhook-recovery.ts';
import { getDelivery, listDeliveries, redeliver } from '../../shared/domain/webhooks/deliveries.ts';
import type {
  DeliveryPorts,
  SubscriptionPorts,
  WebhookUrlCheck,
} from '../../shared/domain/webhooks/ports.ts';
import { recoverWebhook } from '../../shared/domain/webhooks/recovery.ts';
import {
  changeWebhookUrl,
  createWebhook,
  deleteWebhook,
  disableWebhook,
  enableWebhook,
  getWebhook,
  listWebhooks,
  pingWebhook,
  rotateSecret,
} from '../../shared/domain/webhooks/subscriptions.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { pageView } from '../../shared/http/views/page.ts';
import {
  deliveryView,
  pingView,
  recoveryView,
  webhookListView,
  webhookView,
  webhookWithSecretView,
} from '../../shared/http/views/webhooks.ts';
import { filledPath } from '../../shared/routes/types.ts';
import { webhooksRoutes } from '../../shared/routes/webhooks.ts';
import { webhookSecretSealer } from '../../shared/secrets/webhook-secrets.ts';

/**
 * The address guard (DNS lookups, ipaddr.js) loads with the first URL a subscription checks: most of
 * this function's requests (lists, reads, deliveries) never need it.
 */
export const webhookUrls: WebhookUrlCheck = {
  problem: async (url) => (await import('../../shared/net/webhook-url.ts')).webhookUrlProblem(url),
};

const ports: SubscriptionPorts & DeliveryPorts = {
  webhooks: webhookStore,
  deliveries: deliveryStore,
  outbox: eventOutbox,
  urls: webhookUrls,
  sealer: webhookSecretSealer,
  limits: webhookActionLimiter,
  recoveries: recoveryStore,
};

/** Webhooks routes take partner tokens only: the subscription belongs to the token's account. */
function accountOf(principal: PartnerPrincipal): string {
  return principal.accountId;
}

const webhookLocation = (webhookID: string) => filledPath(webhooksRoutes.getWebhook.path, { webhookID });
const deliveryLocation = (webhookID: string, deliveryID: string) =>
  filledPath(webhooksRoutes.getWebhookDelivery.path, { webhookID, deliveryID });

export const handler = createApiHandler(webhooksRoutes, {
  createWebhook: async ({ principal, body, uow, now }) => {
    const created = await createWebhook(ports, accountOf(principal), body, uow, now);
    return {
      status: 201,
      headers: { Location: webhookLocation(created.webhook.webhookId) },
      body: webhookWithSecretView(created, now),
    };
  },
  listWebhooks: async ({ principal, now }) => {
    const webhooks = await listWebhooks(ports, accountOf(principal));
    return {
      status: 200,
      body: webhookListView(webhooks, now),
    };
  },
  getWebhook: async ({ principal, params, now }) => ({
    status: 200,
    body: webhookView(await getWebhook(ports, accountOf(principal), params.webhookID), now),
  }),
  changeWebhookUrl: async ({ principal, params, body, uow, now }) => ({
    status: 200,
    body: webhookView(
      await changeWebhookUrl(ports, accountOf(principal), params.webhookID, body.url, uow, now),
      now,
    ),
  }),
  rotateWebhookSecret: async ({ principal, params, body, uow, now }) => {
    const input = { secret: body.secret, gracePeriodSeconds: body.grace_period_seconds };
    const rotated = await rotateSecret(ports, accountOf(principal), params.webhookID, input, uow, now);
    return { status: 200, body: webhookWithSecretView(rotated, now) };
  },
  disableWebhook: async ({ principal, params, body, uow, now }) => ({
    status: 200,
    body: webhookView(
      await disableWebhook(ports, accountOf(principal), params.webhookID, body?.reason, uow, now),
      now,
    ),
  }),
  enableWebhook: async ({ principal, params, uow, now }) => ({
    status: 200,
    body: webhookView(await enableWebhook(ports, accountOf(principal), params.webhookID, uow, now), now),
  }),
  deleteWebhook: async ({ principal, params, uow }) => {
    await deleteWebhook(ports, accountOf(principal), params.webhookID, uow);
    return { status: 204 };
  },
  listWebhookDeliveries: async ({ principal, params, query }) => {
    const page = await listDeliveries(ports, accountOf(principal), params.webhookID, query);
    return { status: 200, body: pageView(page, deliveryView) };
  },
  getWebhookDelivery: async ({ principal, params }) => ({
    status: 200,
    body: deliveryView(await getDelivery(ports, accountOf(principal), params.webhookID, params.deliveryID)),
  }),
  redeliverWebhookDelivery: async ({ principal, params, uow, now }) => {
    const delivery = await redeliver(
      ports,
      accountOf(principal),
      params.webhookID,
      params.deliveryID,
      uow,
      now,
    );
    return {
      status: 202,
      headers: { Location: deliveryLocation(params.webhookID, params.deliveryID) },
      body: deliveryView(delivery),
    };
  },
  pingWebhook: async ({ principal, params, uow, now }) => {
    const event = await pingWebhook(ports, accountOf(principal), params.webhookID, uow, now);
    return {
      status: 202,
      headers: { Location: deliveryLocation(params.webhookID, event.id) },
      body: pingView(event),
    };
  },
  recoverWebhook: async ({ principal, params, body, uow, now }) => {
    const target = { accountId: accountOf(principal), webhookId: params.webhookID };
    const recovery = await recoverWebhook(ports, target, new Date(body.since), uow, now);
    return { status: 202, body: recoveryView(recovery) };
  },
});
