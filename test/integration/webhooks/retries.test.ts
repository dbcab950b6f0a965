import { afterAll, describe, expect, it } from 'vitest';
import {
  deadLetters,
  deliveryWhere,
  emitEvent,
  eventually,
  newPartner,
  ping,
  type Receiver,
  startReceiver,
  subscribe,
} from './helpers.ts';

/** The stage runs with WEBHOOK_RETRY_SCHEDULE=1,1,1,1 (five attempts) and WEBHOOK_TIMEOUT_MS=1500. */
const attemptsInSchedule = 5;

/** Tests run concurrently, each with its own account and receiver. */
const receivers: Receiver[] = [];
async function receiver(...replies: Parameters<Receiver['reply']>) {
  const started = (await startReceiver()).reply(...replies);
  receivers.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(receivers.map((started) => started.stop()));
});

describe.concurrent('a receiver that fails', () => {
  it('gets the same event again after a 500, a timeout and a refused connection, until it answers 2xx', async () => {
    const partner = await newPartner();
    const endpoint = await receiver(500, 'hang');
    const webhookId = await subscribe(partner, endpoint.url);

    const eventId = await ping(partner, webhookId);
    await deliveryWhere(partner, webhookId, eventId, (found) => found.attempts.length === 2);
    await endpoint.stop();
    await deliveryWhere(partner, webhookId, eventId, (found) => found.attempts.length === 3);
    await endpoint.start();
    const delivered = await deliveryWhere(
      partner,
      webhookId,
      eventId,
      (found) => found.status === 'Succeeded',
    );

    expect(delivered.attempts.map(({ status_code, error }) => [status_code, error])).toEqual([
      [500, null],
      [null, 'no response within 1500 ms'],
      [null, 'connection refused'],
      [200, null],
    ]);
    expect(endpoint.of(eventId)).toHaveLength(3);
    expect(new Set(endpoint.of(eventId).map((received) => JSON.parse(received.body).id))).toEqual(
      new Set([eventId]),
    );
  });

  it('records the delivery Failed after the last attempt of the schedule and dead-letters the message', async () => {
    const partner = await newPartner();
    const endpoint = await receiver();
    endpoint.answerFromNowOn(503);
    const webhookId = await subscribe(partner, endpoint.url);

    const eventId = await ping(partner, webhookId);
    const failed = await deliveryWhere(partner, webhookId, eventId, (found) => found.status === 'Failed');

    expect(failed.attempts).toHaveLength(attemptsInSchedule);
    expect(failed.status_reason).toBe(`no success after ${attemptsInSchedule} attempts`);
    const dead = await eventually(async () => {
      const found = (await deadLetters()).find((message) => message.body.includes(eventId));
      if (!found) throw new Error('not dead-lettered yet');
      return found;
    });
    expect(dead.reason).toBe(failed.status_reason);
  });

  it('disables the subscription when the receiver answers 410 Gone', async () => {
    const partner = await newPartner();
    const endpoint = await receiver(410);
    const webhookId = await subscribe(partner, endpoint.url);

    const eventId = await ping(partner, webhookId);
    const failed = await deliveryWhere(partner, webhookId, eventId, (found) => found.status === 'Failed');
    // The dispatcher records the delivery Failed, then disables the subscription: wait for the second write.
    const subscription = await eventually(async () => {
      const found = await partner.call('GET', `/v2/b2b/webhooks/${webhookId}`);
      expect(found.body.status).toBe('Disabled');
      return found;
    });

    expect(failed.attempts.map((attempt) => attempt.status_code)).toEqual([410]);
    expect(subscription.body).toMatchObject({
      status: 'Disabled',
      disabled_reason: 'the receiver answered 410 Gone',
    });
  });

  it('sends an event again on request, with the same id, whatever became of it', async () => {
    const partner = await newPartner();
    const endpoint = await receiver(410);
    const webhookId = await subscribe(partner, endpoint.url);
    const eventId = await ping(partner, webhookId);
    await deliveryWhere(partner, webhookId, eventId, (found) => found.status === 'Failed');
    await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/enable`);

    const redelivery = await partner.call(
      'POST',
      `/v2/b2b/webhooks/${webhookId}/deliveries/${eventId}/redeliver`,
    );
    const delivered = await deliveryWhere(
      partner,
      webhookId,
      eventId,
      (found) => found.status === 'Succeeded',
    );

    expect(redelivery.status).toBe(202);
    expect(redelivery.headers.location).toBe(`/v2/b2b/webhooks/${webhookId}/deliveries/${eventId}`);
    expect(redelivery.body).toMatchObject({ id: eventId, status: 'Pending' });
    expect(delivered.attempts.map((attempt) => attempt.status_code)).toEqual([410, 200]);
    expect(endpoint.of(eventId).map((received) => JSON.parse(received.body).id)).toEqual([eventId, eventId]);
  });
});

describe.concurrent('a disabled or deleted subscription', () => {
  it('records events that happen while disabled as Skipped and sends them only when redelivered', async () => {
    const partner = await newPartner();
    const endpoint = await receiver();
    const webhookId = await subscribe(partner, endpoint.url);
    const eventId = await ping(partner, webhookId);
    await deliveryWhere(partner, webhookId, eventId, (found) => found.status === 'Succeeded');

    await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/disable`, { reason: 'maintenance' });
    const whileDisabled = await emitEvent(partner.accountId, `booking-${eventId}`);
    const skipped = await deliveryWhere(
      partner,
      webhookId,
      whileDisabled.id,
      (found) => found.status === 'Skipped',
    );
    await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/enable`);
    await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/deliveries/${whileDisabled.id}/redeliver`);
    await deliveryWhere(partner, webhookId, whileDisabled.id, (found) => found.status === 'Succeeded');

    expect(skipped).toMatchObject({ attempts: [], status_reason: 'subscription disabled' });
    expect(endpoint.of(whileDisabled.id)).toHaveLength(1);
  });

  it('sends nothing after deletion, and a new subscription gets only what happens after it', async () => {
    const partner = await newPartner();
    const first = await receiver();
    const firstId = await subscribe(partner, first.url);

    await partner.call('DELETE', `/v2/b2b/webhooks/${firstId}`);
    const afterDeletion = await emitEvent(partner.accountId, `booking-${firstId}`);
    const second = await receiver();
    const secondId = await subscribe(partner, second.url);
    const barrier = await ping(partner, secondId);
    await eventually(() => expect(second.of(barrier)).toHaveLength(1));

    expect(first.received).toEqual([]);
    expect(second.of(afterDeletion.id)).toEqual([]);
    const deliveries = await partner.call('GET', `/v2/b2b/webhooks/${secondId}/deliveries`);
    expect((deliveries.body.data as { id: string }[]).map((found) => found.id)).toEqual([barrier]);
  });
});
