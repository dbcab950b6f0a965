import { createHmac } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import {
  deliveryWhere,
  eventually,
  newPartner,
  type Partner,
  ping,
  type Received,
  type Receiver,
  secret,
  startReceiver,
  subscribe,
} from './helpers.ts';

/** The receiver's side, written independently of the service's code: node:crypto only. */
function hexSignatures(received: Received): string[] {
  return String(received.headers['x-webhook-signature']).split(',');
}

function expectedHex(key: string, body: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(key, 'utf8')).update(body).digest('hex')}`;
}

function expectedStandard(key: string, received: Received): string {
  const signed = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`;
  return `v1,${createHmac('sha256', Buffer.from(key, 'utf8')).update(signed).digest('base64')}`;
}

function standardHeaders(received: Received) {
  return {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
}

let partner: Partner;
let receiver: Receiver;
let webhookId: string;

beforeAll(async () => {
  partner = await newPartner();
  receiver = await startReceiver();
  webhookId = await subscribe(partner, receiver.url);
});

afterAll(async () => {
  await receiver.stop();
});

async function pingReceived(): Promise<Received> {
  const eventId = await ping(partner, webhookId);
  return eventually(() => {
    const [received] = receiver.of(eventId);
    if (!received) throw new Error(`ping ${eventId} not received yet`);
    return received;
  });
}

describe('a delivered webhook', () => {
  it('carries the envelope, the event id in both id headers, and a delivery record of the success', async () => {
    const received = await pingReceived();
    const envelope = JSON.parse(received.body);

    expect(envelope).toEqual({
      id: received.id,
      event: 'webhook.ping',
      timestamp: expect.stringMatching(/Z$/),
      data: { webhook_id: webhookId },
    });
    expect(received.headers['webhook-id']).toBe(received.id);
    expect(received.headers['content-type']).toBe('application/json');
    const recorded = await deliveryWhere(
      partner,
      webhookId,
      received.id,
      (found) => found.status === 'Succeeded',
    );
    expect(recorded.attempts).toEqual([
      { attempted_at: expect.any(String), status_code: 200, latency_ms: expect.any(Number), error: null },
    ]);
  });

  it('is signed so that an independent HMAC check and the standardwebhooks library both verify it', async () => {
    const received = await pingReceived();

    expect(hexSignatures(received)).toEqual([expectedHex(secret, received.body)]);
    expect(received.headers['webhook-signature']).toBe(expectedStandard(secret, received));
    const verifier = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
    expect(verifier.verify(received.body, standardHeaders(received))).toEqual(JSON.parse(received.body));
    expect(() =>
      new Webhook(Buffer.from('some-other-secret-000', 'utf8'), { format: 'raw' }).verify(
        received.body,
        standardHeaders(received),
      ),
    ).toThrow();
  });

  it('carries two signatures, the new secret first, during a rotation grace period and one after it', async () => {
    const newSecret = 'the-rotated-secret-0002';
    const rotated = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/rotate-secret`, {
      secret: newSecret,
      grace_period_seconds: 3600,
    });
    expect(rotated.body.secret_rotation).toEqual({ previous_secret_valid_until: expect.any(String) });

    const during = await pingReceived();

    expect(hexSignatures(during)).toEqual([
      expectedHex(newSecret, during.body),
      expectedHex(secret, during.body),
    ]);
    expect(String(during.headers['webhook-signature']).split(' ')).toEqual([
      expectedStandard(newSecret, during),
      expectedStandard(secret, during),
    ]);
    for (const key of [newSecret, secret]) {
      expect(
        new Webhook(Buffer.from(key, 'utf8'), { format: 'raw' }).verify(during.body, standardHeaders(during)),
      ).toBeTruthy();
    }

    // The grace period ends (moved into the past in the table rather than waited for).
    await documentClient().send(
      new UpdateCommand({
        TableName: endpoints().tables.main,
        Key: { pk: `ACCOUNT#${partner.accountId}`, sk: 'WEBHOOK' },
        UpdateExpression: 'SET previous_secret_valid_until = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const after = await pingReceived();
    const record = await partner.call('GET', `/v2/b2b/webhooks/${webhookId}`);

    expect(hexSignatures(after)).toEqual([expectedHex(newSecret, after.body)]);
    expect(after.headers['webhook-signature']).toBe(expectedStandard(newSecret, after));
    expect(record.body.secret_rotation).toBeNull();
  });
});
