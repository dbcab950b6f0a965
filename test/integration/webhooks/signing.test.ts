import { createHmac, createPublicKey, verify } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEd25519Webhook } from '../../../docs/examples/verify-webhook-ed25519.ts';
import {
  verifyHmacWebhook,
  verifySuppliedSecretWebhook,
} from '../../../docs/examples/verify-webhook-hmac.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import {
  eventually,
  newPartner,
  type Partner,
  ping,
  type Received,
  type Receiver,
  startReceiver,
} from './helpers.ts';

/** The request's headers as a receiver's framework hands them over: lower-case names, string values. */
function headersOf(received: Received): Record<string, string> {
  return Object.fromEntries(
    Object.entries(received.headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value]] : [],
    ),
  );
}

/** Independent of the service's code and of the docs' snippet: node:crypto and the spec's layout. */
function v1aVerifies(received: Received, signature: string | undefined, publicKey: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey.slice(5), 'base64').toString('base64url') },
    format: 'jwk',
  });
  const content = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`;
  const [version, value] = (signature ?? '').split(',');
  return version === 'v1a' && verify(null, Buffer.from(content), key, Buffer.from(value ?? '', 'base64'));
}

/** Shaped like a generated secret, as a partner may choose one. */
const generatedLike = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwFCc1VbDx6Ww=';

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.stop();
});

async function pingReceived(partner: Partner, webhookId: string): Promise<Received> {
  const eventId = await ping(partner, webhookId);
  return eventually(() => {
    const [received] = receiver.of(eventId);
    if (!received) throw new Error(`ping ${eventId} not received yet`);
    return received;
  });
}

describe.concurrent('a subscription with signing "ed25519"', () => {
  it('answers a whpk_ public key on create and every read, and its deliveries carry v1a signatures only', async () => {
    const partner = await newPartner();

    const created = await partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url, signing: 'ed25519' });
    const webhookId = String(created.body.id);
    const read = await partner.call('GET', `/v2/b2b/webhooks/${webhookId}`);
    const listed = await partner.call<{ data: unknown[] }>('GET', '/v2/b2b/webhooks');
    const received = await pingReceived(partner, webhookId);
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: endpoints().tables.main,
        Key: { pk: `ACCOUNT#${partner.accountId}`, sk: 'WEBHOOK' },
      }),
    );

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ signing: 'ed25519', public_key: expect.stringMatching(/^whpk_/) });
    // The secret key is sealed like HMAC secrets; only its public half is stored in clear.
    expect(Item?.secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(Item)).not.toContain('whsk_');
    expect(created.body).not.toHaveProperty('secret');
    const publicKey = String(created.body.public_key);
    expect(Buffer.from(publicKey.slice(5), 'base64')).toHaveLength(32);
    expect(read.body).toEqual(created.body);
    expect(listed.body.data).toEqual([created.body]);
    expect(received.headers['x-webhook-signature']).toBeUndefined();
    expect(received.headers['x-webhook-id']).toBe(received.id);
    const signatures = String(received.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(1);
    expect(v1aVerifies(received, signatures[0], publicKey)).toBe(true);
    expect(v1aVerifies({ ...received, body: `${received.body} ` }, signatures[0], publicKey)).toBe(false);
    // The docs' snippet (docs/webhooks.md shows that file) verifies the same delivery.
    expect(verifyEd25519Webhook(received.body, headersOf(received), publicKey)).toBe(true);
    expect(verifyEd25519Webhook(`${received.body} `, headersOf(received), publicKey)).toBe(false);
  });

  it('rotates to a new key pair; during the grace period both keys sign, the new one first', async () => {
    const partner = await newPartner();
    const created = await partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url, signing: 'ed25519' });
    const webhookId = String(created.body.id);
    const oldKey = String(created.body.public_key);

    const rotated = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/rotate-secret`, {
      grace_period_seconds: 3600,
    });
    const withSecret = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/rotate-secret`, {
      secret: 'a-secret-for-hmac-only-1',
    });
    const received = await pingReceived(partner, webhookId);

    expect(rotated.status).toBe(200);
    const newKey = String(rotated.body.public_key);
    expect(newKey).toMatch(/^whpk_/);
    expect(newKey).not.toBe(oldKey);
    expect(rotated.body.secret_rotation).toEqual({ previous_secret_valid_until: expect.any(String) });
    expect([withSecret.status, withSecret.body.code]).toEqual([422, 'ValidationError']);
    const [current, previous] = String(received.headers['webhook-signature']).split(' ');
    expect(v1aVerifies(received, current, newKey)).toBe(true);
    expect(v1aVerifies(received, previous, oldKey)).toBe(true);
    for (const key of [newKey, oldKey]) {
      expect(verifyEd25519Webhook(received.body, headersOf(received), key)).toBe(true);
    }
  });
});

describe.concurrent('an HMAC subscription: a generated secret keyed by its decoded bytes, a supplied one by its UTF-8 bytes', () => {
  it('answers its generated whsec_ secret once; its deliveries verify with new Webhook(secret), both headers keyed by the decoded bytes', async () => {
    const partner = await newPartner();

    const created = await partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url });
    const webhookId = String(created.body.id);
    const secret = String(created.body.secret);
    const read = await partner.call('GET', `/v2/b2b/webhooks/${webhookId}`);
    const listed = await partner.call('GET', '/v2/b2b/webhooks');
    const received = await pingReceived(partner, webhookId);

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ signing: 'hmac-sha256', public_key: null });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(read.body).not.toHaveProperty('secret');
    for (const response of [read, listed]) expect(JSON.stringify(response.body)).not.toContain(secret);
    const { secret: _once, ...record } = created.body;
    expect(read.body).toEqual(record);
    // The public Standard Webhooks library as its README shows it, and the docs' snippet.
    expect(new Webhook(secret).verify(received.body, headersOf(received))).toEqual(JSON.parse(received.body));
    expect(verifyHmacWebhook(received.body, headersOf(received), secret)).toEqual(JSON.parse(received.body));
    expect(() => verifyHmacWebhook(received.body, headersOf(received), generatedLike)).toThrow();
    expect(() => verifySuppliedSecretWebhook(received.body, headersOf(received), secret)).toThrow();
    // The contract's header, keyed by the same 32 bytes.
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(received.headers['x-webhook-signature']).toBe(
      `sha256=${createHmac('sha256', key).update(received.body).digest('hex')}`,
    );
  });

  it('rotates without a secret to a new generated one, answered in the rotation only', async () => {
    const partner = await newPartner();
    const created = await partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url });
    const webhookId = String(created.body.id);

    const rotated = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/rotate-secret`, {});
    const read = await partner.call('GET', `/v2/b2b/webhooks/${webhookId}`);
    const received = await pingReceived(partner, webhookId);

    expect(rotated.status).toBe(200);
    const secret = String(rotated.body.secret);
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.body.secret);
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(verifyHmacWebhook(received.body, headersOf(received), secret)).toBeTruthy();
    expect(verifyHmacWebhook(received.body, headersOf(received), String(created.body.secret))).toBeTruthy();
  });

  it('keeps a supplied whsec_ secret as its UTF-8 bytes, and a rotation to a generated one signs with each its way', async () => {
    const partner = await newPartner();
    const created = await partner.call('POST', '/v2/b2b/webhooks', {
      url: receiver.url,
      secret: generatedLike,
    });
    const webhookId = String(created.body.id);
    const before = await pingReceived(partner, webhookId);

    const rotated = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/rotate-secret`, {
      grace_period_seconds: 3600,
    });
    const during = await pingReceived(partner, webhookId);

    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('secret');
    expect(verifySuppliedSecretWebhook(before.body, headersOf(before), generatedLike)).toBeTruthy();
    expect(() => verifyHmacWebhook(before.body, headersOf(before), generatedLike)).toThrow();
    expect(before.headers['x-webhook-signature']).toBe(
      `sha256=${createHmac('sha256', Buffer.from(generatedLike, 'utf8')).update(before.body).digest('hex')}`,
    );
    const secret = String(rotated.body.secret);
    expect(verifyHmacWebhook(during.body, headersOf(during), secret)).toBeTruthy();
    expect(verifySuppliedSecretWebhook(during.body, headersOf(during), generatedLike)).toBeTruthy();
    const hex = (key: Buffer) => `sha256=${createHmac('sha256', key).update(during.body).digest('hex')}`;
    expect(String(during.headers['x-webhook-signature']).split(',')).toEqual([
      hex(Buffer.from(secret.slice('whsec_'.length), 'base64')),
      hex(Buffer.from(generatedLike, 'utf8')),
    ]);
  });
});
