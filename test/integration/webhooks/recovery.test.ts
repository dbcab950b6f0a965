import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deliveryWhere,
  emitEvent,
  eventually,
  newPartner,
  type Partner,
  type Receiver,
  startReceiver,
  subscribe,
} from './helpers.ts';

/** The stage runs with WEBHOOK_RETRY_SCHEDULE=1,1,1,1: a delivery to a dead receiver fails in ~5 s. */
const receivers: Receiver[] = [];
async function receiver(fallback: Parameters<typeof startReceiver>[0] = 200) {
  const started = await startReceiver(fallback);
  receivers.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(receivers.map((started) => started.stop()));
});

interface RecoveryBody {
  id: string;
  status: string;
  since: string;
  until: string;
  event_count: number;
  truncated: boolean;
}

const recover = (partner: Partner, webhookId: string, since: string, headers?: Record<string, string>) =>
  partner.call<RecoveryBody>('POST', `/v2/b2b/webhooks/${webhookId}/recover`, { since }, headers);

/** Events of two bookings, interleaved, that end Failed (the receiver refuses every attempt). */
async function failedEvents(partner: Partner, webhookId: string, endpoint: Receiver) {
  endpoint.answerFromNowOn(500);
  const bookingA = `booking-${randomUUID()}`;
  const bookingB = `booking-${randomUUID()}`;
  const events = [];
  for (const [orderingKey, status] of [
    [bookingA, 'Issued'],
    [bookingB, 'Issued'],
    [bookingA, 'Confirmed'],
    [bookingB, 'Canceled'],
  ] as const) {
    events.push(await emitEvent(partner.accountId, orderingKey, { status }));
  }
  for (const event of events) {
    await deliveryWhere(partner, webhookId, event.id, (found) => found.status === 'Failed', 30_000);
  }
  return events;
}

describe.concurrent('recovering a subscription', () => {
  it('sends every Failed event since the time again, once, in event order, and they end Succeeded', async () => {
    const partner = await newPartner();
    const endpoint = await receiver();
    const webhookId = await subscribe(partner, endpoint.url);
    const since = new Date().toISOString();
    const events = await failedEvents(partner, webhookId, endpoint);
    const seenBefore = endpoint.received.length;
    endpoint.answerFromNowOn(200);

    const started = await recover(partner, webhookId, since);
    for (const event of events) {
      await deliveryWhere(partner, webhookId, event.id, (found) => found.status === 'Succeeded');
    }

    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'Running', since, event_count: 4, truncated: false });
    const resent = endpoint.received.slice(seenBefore).map((entry) => entry.id);
    expect(resent).toEqual(events.map((event) => event.id));
  });

  it('sends the events that were Skipped while the subscription was disabled', async () => {
    const partner = await newPartner();
    const endpoint = await receiver();
    const webhookId = await subscribe(partner, endpoint.url);
    const since = new Date().toISOString();
    await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/disable`);
    const skipped = await emitEvent(partner.accountId, `booking-${randomUUID()}`);
    await deliveryWhere(partner, webhookId, skipped.id, (found) => found.status === 'Skipped');
    await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/enable`);

    const started = await recover(partner, webhookId, since);
    const delivered = await deliveryWhere(
      partner,
      webhookId,
      skipped.id,
      (found) => found.status === 'Succeeded',
    );

    expect(started.body.event_count).toBe(1);
    expect(delivered.attempts.map((attempt) => attempt.status_code)).toEqual([200]);
    expect(endpoint.of(skipped.id)).toHaveLength(1);
  });

  it('refuses a second recovery while the first runs (409 WebhookRecoveryInProgress); its key replays the first', async () => {
    const partner = await newPartner();
    const endpoint = await receiver();
    const webhookId = await subscribe(partner, endpoint.url);
    const since = new Date().toISOString();
    await failedEvents(partner, webhookId, endpoint);
    // The receiver keeps failing: the recovery's first event is retried and the recovery stays Running.
    const key = randomUUID();

    const started = await recover(partner, webhookId, since, { 'Idempotency-Key': key });
    const another = await recover(partner, webhookId, since);
    const retried = await recover(partner, webhookId, since, { 'Idempotency-Key': key });

    expect(started.status).toBe(202);
    expect(another.status).toBe(409);
    expect(another.body).toMatchObject({
      code: 'WebhookRecoveryInProgress',
      details: { recovery_id: started.body.id },
    });
    expect(retried.status).toBe(202);
    expect(retried.headers['idempotency-status']).toBe('reused');
    expect(retried.body).toEqual(started.body);
  });

  it('answers 202 Completed with no event when nothing was Skipped or Failed', async () => {
    const partner = await newPartner();
    const endpoint = await receiver();
    const webhookId = await subscribe(partner, endpoint.url);

    const started = await recover(partner, webhookId, new Date(Date.now() - 60_000).toISOString());

    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'Completed', event_count: 0 });
  });

  it('refuses a since older than seven days, or in the future, with 422 on body.since', async () => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, (await receiver()).url);

    const old = await recover(partner, webhookId, new Date(Date.now() - 8 * 86_400_000).toISOString());
    const future = await recover(partner, webhookId, new Date(Date.now() + 3_600_000).toISOString());

    for (const refused of [old, future]) {
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'ValidationError',
        details: { errors: [{ path: 'body.since' }] },
      });
    }
  });

  it('answers 404 WebhookNotFound for another account’s subscription', async () => {
    const owner = await newPartner();
    const stranger = await newPartner();
    const webhookId = await subscribe(owner, (await receiver()).url);

    const refused = await recover(stranger, webhookId, new Date().toISOString());

    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'WebhookNotFound' });
  });
});

describe('webhook actions per account', () => {
  it('allow 10 pings, redeliveries and recoveries a minute, then answer 429 with Retry-After', async () => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, (await receiver()).url);
    const ping = () => partner.call('POST', `/v2/b2b/webhooks/${webhookId}/ping`);
    // A window boundary in the middle would reset the count: start at the beginning of a minute's second half.
    await eventually(() => expect(new Date().getSeconds()).toBeLessThan(45), 20_000);

    const answers = [];
    for (let sent = 0; sent < 9; sent++) answers.push(await ping());
    answers.push(await recover(partner, webhookId, new Date(Date.now() - 60_000).toISOString()));
    const refused = await ping();
    const other = await newPartner();
    const otherWebhook = await subscribe(other, (await receiver()).url);
    const elsewhere = await other.call('POST', `/v2/b2b/webhooks/${otherWebhook}/ping`);

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 202));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RateLimitExceeded' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(elsewhere.status).toBe(202);
  });
});
