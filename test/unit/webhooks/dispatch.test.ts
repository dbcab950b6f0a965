import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dispatchEvent } from '../../../shared/domain/webhooks/dispatch.ts';
import { maxEnvelopeBytes } from '../../../shared/domain/webhooks/envelope.ts';
import type { WebhookMessage } from '../../../shared/domain/webhooks/model.ts';
import type { DispatchPorts } from '../../../shared/domain/webhooks/ports.ts';
import {
  generateSecret,
  generateSigningKeyPair,
  standardSignature,
  verifyHexSignature,
} from '../../../shared/domain/webhooks/signature.ts';
import { MemoryLog } from '../support/memory-log.ts';
import {
  aDelivery,
  anEvent,
  aWebhook,
  dispatchStoreOf,
  FakeSender,
  fakeOpener,
  MemoryDeliveries,
  MemoryWebhooks,
  now,
  sealed,
  webhookId,
} from './fakes.ts';

/** The dispatcher's ports, and the memory behind them for the test to look into. */
function portsWith(webhooks = new MemoryWebhooks(aWebhook()), deliveries = new MemoryDeliveries()) {
  const sender = new FakeSender();
  const log = new MemoryLog();
  const ports: DispatchPorts = {
    store: dispatchStoreOf(webhooks, deliveries),
    opener: fakeOpener,
    sender,
    settings: { retryScheduleSeconds: [5, 300], timeoutMs: 1500 },
    log,
    now: () => now,
    // The middle of the jitter range: every delay is exactly its step.
    random: () => 0.5,
  };
  return { ...ports, webhooks, deliveries, sender, log };
}

const message = (overrides: Partial<WebhookMessage> = {}): WebhookMessage => ({
  event: anEvent(),
  claim: 'message-1',
  webhookId: undefined,
  ...overrides,
});

const deliveryOf = (ports: ReturnType<typeof portsWith>, eventId = 'evt-1') =>
  ports.deliveries.find(webhookId, eventId);

describe('delivering an event', () => {
  it('POSTs the signed envelope with the configured timeout and records the success', async () => {
    const ports = portsWith();

    const outcome = await dispatchEvent(ports, message());

    expect(outcome).toEqual({ kind: 'done', result: 'delivered', attempt: 'delivered' });
    const [request] = ports.sender.requests;
    expect(request).toMatchObject({
      url: 'https://partner.example/hooks',
      timeoutMs: 1500,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PartnerTravelServices-Webhooks/1.0',
        'X-Webhook-Id': 'evt-1',
        'webhook-id': 'evt-1',
        'webhook-timestamp': String(now.getTime() / 1000),
      },
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      id: 'evt-1',
      event: 'booking.status.changed',
      timestamp: anEvent().timestamp,
      data: anEvent().data,
    });
    expect(
      verifyHexSignature(
        request?.headers['X-Webhook-Signature'] ?? '',
        { secret: 'current-secret', format: 'utf8' },
        request?.body ?? '',
      ),
    ).toBe(true);
    expect(await deliveryOf(ports)).toMatchObject({
      status: 'Succeeded',
      runAttempts: 1,
      attempts: [{ attemptedAt: now.toISOString(), statusCode: 200, latencyMs: 12, error: null }],
    });
  });

  it('signs with both secrets while a rotation lasts, the current one first', async () => {
    const rotating = aWebhook({
      sealedSecret: sealed('new-secret'),
      sealedPreviousSecret: sealed('old-secret'),
      previousSecretValidUntil: '2030-05-01T10:01:00.000Z',
    });
    const ports = portsWith(new MemoryWebhooks(rotating));

    await dispatchEvent(ports, message());

    const [request] = ports.sender.requests;
    const header = request?.headers['X-Webhook-Signature'] ?? '';
    expect(header.split(',')).toHaveLength(2);
    const body = request?.body ?? '';
    expect(
      verifyHexSignature(header.split(',')[0] ?? '', { secret: 'new-secret', format: 'utf8' }, body),
    ).toBe(true);
    expect(
      verifyHexSignature(header.split(',')[1] ?? '', { secret: 'old-secret', format: 'utf8' }, body),
    ).toBe(true);
    expect(request?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
  });

  it('signs a rotation from a supplied secret to a generated one with each in its own key format', async () => {
    const generated = generateSecret();
    const supplied = 'whsec_chosen-by-the-partner-1';
    const rotating = aWebhook({
      sealedSecret: sealed(generated),
      keyFormat: 'standard',
      sealedPreviousSecret: sealed(supplied),
      previousKeyFormat: 'utf8',
      previousSecretValidUntil: '2030-05-01T10:01:00.000Z',
    });
    const ports = portsWith(new MemoryWebhooks(rotating));

    await dispatchEvent(ports, message());

    const [request] = ports.sender.requests;
    const body = request?.body ?? '';
    const hex = (request?.headers['X-Webhook-Signature'] ?? '').split(',');
    expect(verifyHexSignature(hex[0] ?? '', { secret: generated, format: 'standard' }, body)).toBe(true);
    expect(verifyHexSignature(hex[1] ?? '', { secret: supplied, format: 'utf8' }, body)).toBe(true);
    const id = request?.headers['webhook-id'] ?? '';
    const timestamp = Number(request?.headers['webhook-timestamp']);
    expect(request?.headers['webhook-signature']).toBe(
      `${standardSignature({ secret: generated, format: 'standard' }, id, timestamp, body)} ` +
        standardSignature({ secret: supplied, format: 'utf8' }, id, timestamp, body),
    );
  });

  it("signs an ed25519 subscription's deliveries with v1a only, no X-Webhook-Signature", async () => {
    const pair = generateSigningKeyPair();
    const ports = portsWith(
      new MemoryWebhooks(
        aWebhook({ signing: 'ed25519', sealedSecret: sealed(pair.secretKey), publicKey: pair.publicKey }),
      ),
    );

    await dispatchEvent(ports, message());

    const [request] = ports.sender.requests;
    const headers = request?.headers ?? {};
    expect(headers).not.toHaveProperty('X-Webhook-Signature');
    const [version, signature] = (headers['webhook-signature'] ?? '').split(',');
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(pair.publicKey.slice(5), 'base64').toString('base64url'),
      },
      format: 'jwk',
    });
    const content = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${request?.body}`;
    expect(version).toBe('v1a');
    expect(verify(null, Buffer.from(content), key, Buffer.from(signature ?? '', 'base64'))).toBe(true);
  });

  it('logs each attempt without the secret or the body', async () => {
    const ports = portsWith();

    await dispatchEvent(ports, message());

    expect(ports.log.lines).toEqual([
      {
        message: 'Webhook attempt',
        fields: { event_id: 'evt-1', webhook_id: webhookId, status_code: 200, latency_ms: 12, error: null },
      },
    ]);
    expect(JSON.stringify(ports.log.lines)).not.toContain('current-secret');
  });
});

describe('a failed attempt', () => {
  it('is retried on the schedule: the message hides until the next attempt is due', async () => {
    const ports = portsWith();
    ports.sender.results.push({ statusCode: 503 });

    const outcome = await dispatchEvent(ports, message());

    expect(outcome).toEqual({
      kind: 'retry',
      visibilitySeconds: 5,
      result: 'retry in 5 s',
      attempt: 'retried',
    });
    expect(await deliveryOf(ports)).toMatchObject({
      status: 'Retrying',
      statusReason: 'HTTP 503',
      nextAttemptAt: '2030-05-01T10:00:05.000Z',
      runAttempts: 1,
    });
  });

  it('records why the receiver never answered, and a redirect as not followed', async () => {
    const unreachable = portsWith();
    unreachable.sender.results.push({ statusCode: null, error: 'connection refused' });
    const redirecting = portsWith();
    redirecting.sender.results.push({ statusCode: 302 });

    await dispatchEvent(unreachable, message());
    await dispatchEvent(redirecting, message());

    expect((await deliveryOf(unreachable))?.statusReason).toBe('connection refused');
    expect((await deliveryOf(redirecting))?.attempts[0]?.error).toBe('redirect (302) not followed');
  });

  it('fails for good once the schedule is spent, and goes to the dead-letter queue', async () => {
    const ports = portsWith(
      undefined,
      new MemoryDeliveries(aDelivery({ status: 'Retrying', runAttempts: 2 })),
    );
    ports.sender.results.push({ statusCode: 500 });

    const outcome = await dispatchEvent(ports, message());

    expect(outcome).toEqual({ kind: 'dead', result: 'no success after 3 attempts', attempt: 'failed' });
    expect(await deliveryOf(ports)).toMatchObject({ status: 'Failed', nextAttemptAt: null, runAttempts: 3 });
  });

  it('disables the subscription when the receiver answers 410 Gone', async () => {
    const ports = portsWith();
    ports.sender.results.push({ statusCode: 410 });

    const outcome = await dispatchEvent(ports, message());

    expect(outcome).toEqual({
      kind: 'done',
      result: 'receiver gone: subscription disabled',
      attempt: 'disabled',
    });
    expect(await deliveryOf(ports)).toMatchObject({
      status: 'Failed',
      statusReason: 'the receiver answered 410 Gone',
    });
    expect(await ports.webhooks.findOfAccount(anEvent().accountId)).toMatchObject({
      status: 'Disabled',
      disabledReason: 'the receiver answered 410 Gone',
    });
  });

  it('disables the subscription before it records the delivery Failed, so an enable read after sticks', async () => {
    const ports = portsWith();
    ports.sender.results.push({ statusCode: 410 });
    const statusWhenRecorded: (string | undefined)[] = [];
    const record = ports.store.recordDeliveryProgress;
    ports.store.recordDeliveryProgress = async (...progress) => {
      statusWhenRecorded.push((await ports.webhooks.findOfAccount(anEvent().accountId))?.status);
      return record(...progress);
    };

    await dispatchEvent(ports, message());

    expect(statusWhenRecorded).toEqual(['Disabled']);
  });
});

describe('an event not attempted', () => {
  it('waits, hidden, when its next attempt is not due yet', async () => {
    const later = aDelivery({
      status: 'Retrying',
      runAttempts: 1,
      nextAttemptAt: '2030-05-01T12:00:00.000Z',
    });
    const ports = portsWith(undefined, new MemoryDeliveries(later));

    const outcome = await dispatchEvent(ports, message());

    expect(outcome).toEqual({ kind: 'retry', visibilitySeconds: 7200, result: 'not due yet' });
    expect(ports.sender.requests).toEqual([]);
  });

  it('is dropped when another message holds the claim (a duplicate or superseded one)', async () => {
    const ports = portsWith(undefined, new MemoryDeliveries(aDelivery({ claim: 'redelivery-claim' })));

    const outcome = await dispatchEvent(ports, message());

    expect(outcome).toEqual({ kind: 'done', result: 'dropped: delivery claimed by another message' });
    expect(ports.sender.requests).toEqual([]);
  });

  it('is done when its delivery is already final', async () => {
    const ports = portsWith(undefined, new MemoryDeliveries(aDelivery({ status: 'Succeeded' })));

    expect(await dispatchEvent(ports, message())).toEqual({ kind: 'done', result: 'already final' });
    expect(ports.sender.requests).toEqual([]);
  });

  it('is recorded Skipped while the subscription is disabled', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook({ status: 'Disabled' })));

    const outcome = await dispatchEvent(ports, message());

    expect(outcome).toEqual({ kind: 'done', result: 'skipped: subscription disabled' });
    expect(await deliveryOf(ports)).toMatchObject({ status: 'Skipped', runAttempts: 0, attempts: [] });
    expect(ports.sender.requests).toEqual([]);
  });

  it('fails for good, unsent, when its envelope is over the size limit', async () => {
    const ports = portsWith();
    const huge = anEvent({ data: { blob: 'x'.repeat(maxEnvelopeBytes) } });

    const outcome = await dispatchEvent(ports, message({ event: huge }));

    expect(outcome.kind).toBe('dead');
    expect(outcome.result).toMatch(/above the 65536-byte limit/);
    expect(await deliveryOf(ports)).toMatchObject({ status: 'Failed' });
    expect(ports.sender.requests).toEqual([]);
  });

  it.each([
    ['no subscription', new MemoryWebhooks(), message()],
    [
      'event predates the subscription',
      undefined,
      message({ event: anEvent({ timestamp: '2030-03-01T00:00:00.000Z' }) }),
    ],
    [
      'ping of a deleted subscription',
      undefined,
      message({ event: anEvent({ type: 'webhook.ping', data: { webhook_id: 'an-older-subscription' } }) }),
    ],
    ['redelivery for a deleted subscription', undefined, message({ webhookId: 'an-older-subscription' })],
  ])('is dropped, with no delivery recorded, when there is %s', async (reason, webhooks, queued) => {
    const ports = portsWith(webhooks);

    const outcome = await dispatchEvent(ports, queued);

    expect(outcome).toEqual({ kind: 'done', result: `dropped: ${reason}` });
    expect(ports.deliveries.deliveries.size).toBe(0);
  });
});
