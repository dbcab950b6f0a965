import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import {
  deliveryWhere,
  newPartner,
  ping,
  type Receiver,
  secret,
  startReceiver,
  subscribe,
} from './helpers.ts';

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.stop();
});

const webhookRecord = {
  id: expect.any(String),
  url: expect.any(String),
  status: 'Active',
  disabled_reason: null,
  signing: 'hmac-sha256',
  public_key: null,
  created_at: expect.stringMatching(/Z$/),
  updated_at: expect.stringMatching(/Z$/),
  secret_rotation: null,
};

describe.concurrent('the webhook subscription', () => {
  it('is created with 201, a Location and the record, never the secret', async () => {
    const partner = await newPartner();

    const created = await partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url, secret });
    const listed = await partner.call('GET', '/v2/b2b/webhooks');
    const read = await partner.call('GET', `/v2/b2b/webhooks/${created.body.id}`);

    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/v2/b2b/webhooks/${created.body.id}`);
    expect(created.body).toEqual({ ...webhookRecord, url: receiver.url });
    expect(listed.body).toEqual({ data: [created.body], next_cursor: null });
    expect(read.body).toEqual(created.body);
    for (const response of [created, listed, read])
      expect(JSON.stringify(response.body)).not.toContain(secret);
  });

  it('lists an empty data array before any subscription', async () => {
    const partner = await newPartner();

    const listed = await partner.call('GET', '/v2/b2b/webhooks');

    expect([listed.status, listed.body]).toEqual([200, { data: [], next_cursor: null }]);
  });

  it('keeps the secret encrypted at rest', async () => {
    const partner = await newPartner();
    await subscribe(partner, receiver.url);

    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: endpoints().tables.main,
        Key: { pk: `ACCOUNT#${partner.accountId}`, sk: 'WEBHOOK' },
      }),
    );

    expect(JSON.stringify(Item)).not.toContain(secret);
    expect(Item?.secret_sealed).toMatch(/^v1\./);
  });

  it('is one per account: a second create is 409 WebhookAlreadyExists', async () => {
    const partner = await newPartner();
    await subscribe(partner, receiver.url);

    const second = await partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url, secret });

    expect([second.status, second.body.code]).toEqual([409, 'WebhookAlreadyExists']);
  });

  it('is one per account under concurrent creates too', async () => {
    const partner = await newPartner();

    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url, secret }),
      ),
    );
    const listed = await partner.call<{ data: unknown[] }>('GET', '/v2/b2b/webhooks');

    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(attempts.filter((attempt) => attempt.status === 409).map((attempt) => attempt.body.code)).toEqual(
      Array(5).fill('WebhookAlreadyExists'),
    );
    expect(listed.body.data).toHaveLength(1);
  });

  it('changes its URL', async () => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, receiver.url);
    const newUrl = `https://127.0.0.1:${receiver.port}/other`;

    const changed = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/change-url`, { url: newUrl });

    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: webhookId, url: newUrl });
  });

  it('rotates its secret with a default grace period of 60 seconds', async () => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, receiver.url);

    const rotated = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/rotate-secret`, {
      secret: 'another-secret-of-16+',
    });

    const validUntil = (rotated.body.secret_rotation as { previous_secret_valid_until: string })
      .previous_secret_valid_until;
    expect(rotated.status).toBe(200);
    expect(Date.parse(validUntil) - Date.parse(rotated.body.updated_at as string)).toBe(60_000);
  });

  it('is disabled with a reason and enabled again, each only from the other state (409 WebhookInvalidState)', async () => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, receiver.url);
    const path = `/v2/b2b/webhooks/${webhookId}`;

    const enableActive = await partner.call('POST', `${path}/enable`);
    const disabled = await partner.call('POST', `${path}/disable`, { reason: 'planned maintenance' });
    const disableAgain = await partner.call('POST', `${path}/disable`);
    const pingDisabled = await partner.call('POST', `${path}/ping`);
    const enabled = await partner.call('POST', `${path}/enable`);

    expect([enableActive.status, enableActive.body.code]).toEqual([409, 'WebhookInvalidState']);
    expect(disabled.body).toMatchObject({ status: 'Disabled', disabled_reason: 'planned maintenance' });
    expect([disableAgain.status, disableAgain.body.code]).toEqual([409, 'WebhookInvalidState']);
    expect([pingDisabled.status, pingDisabled.body.code]).toEqual([409, 'WebhookInvalidState']);
    expect(enabled.body).toMatchObject({ status: 'Active', disabled_reason: null });
  });

  it('is deleted with 204, after which it is 404 and a new one can be created', async () => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, receiver.url);

    const deleted = await partner.call('DELETE', `/v2/b2b/webhooks/${webhookId}`);
    const read = await partner.call('GET', `/v2/b2b/webhooks/${webhookId}`);
    const deletedAgain = await partner.call('DELETE', `/v2/b2b/webhooks/${webhookId}`);
    const recreated = await partner.call('POST', '/v2/b2b/webhooks', { url: receiver.url, secret });

    expect(deleted.status).toBe(204);
    expect([read.status, read.body.code]).toEqual([404, 'WebhookNotFound']);
    expect(deletedAgain.status).toBe(404);
    expect(recreated.status).toBe(201);
  });

  it.each([
    ['a secret of 15 characters', { url: 'https://localhost/h', secret: 'x'.repeat(15) }, 'body.secret'],
    ['a secret of 257 characters', { url: 'https://localhost/h', secret: 'x'.repeat(257) }, 'body.secret'],
    ['no url', { secret }, 'body.url'],
    ['an unknown field', { url: 'https://localhost/h', secret, events: ['*'] }, 'body'],
    ['an unknown signing', { url: 'https://localhost/h', signing: 'rsa-sha256' }, 'body.signing'],
    [
      'a secret with signing ed25519',
      { url: 'https://localhost/h', secret, signing: 'ed25519' },
      'body.secret',
    ],
  ])('refuses %s (422)', async (_case, body, path) => {
    const partner = await newPartner();

    const created = await partner.call('POST', '/v2/b2b/webhooks', body);

    expect([created.status, created.body.code]).toEqual([422, 'ValidationError']);
    expect((created.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe(path);
  });

  it.each([59, 2_592_001, 60.5])('refuses a grace period of %s seconds', async (grace) => {
    const partner = await newPartner();
    const webhookId = await subscribe(partner, receiver.url);

    const rotated = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/rotate-secret`, {
      secret: 'another-secret-of-16+',
      grace_period_seconds: grace,
    });

    expect([rotated.status, rotated.body.code]).toEqual([422, 'ValidationError']);
  });

  it('needs the webhooks scope', async () => {
    const partner = await newPartner(['catalog.lounges']);

    const listed = await partner.call('GET', '/v2/b2b/webhooks');

    expect([listed.status, listed.body.code]).toEqual([403, 'Forbidden']);
  });
});

describe('another partner', () => {
  it('gets 404 WebhookNotFound on every path of a subscription that is not its own', async () => {
    const owner = await newPartner();
    const stranger = await newPartner();
    const webhookId = await subscribe(owner, receiver.url);
    await subscribe(stranger, receiver.url);
    const eventId = await ping(owner, webhookId);
    await deliveryWhere(owner, webhookId, eventId, (found) => found.status === 'Succeeded');
    const path = `/v2/b2b/webhooks/${webhookId}`;

    const answers = await Promise.all([
      stranger.call('GET', path),
      stranger.call('POST', `${path}/change-url`, { url: receiver.url }),
      stranger.call('POST', `${path}/rotate-secret`, { secret: 'a-stolen-secret-000' }),
      stranger.call('POST', `${path}/disable`),
      stranger.call('POST', `${path}/enable`),
      stranger.call('POST', `${path}/ping`),
      stranger.call('GET', `${path}/deliveries`),
      stranger.call('GET', `${path}/deliveries/${eventId}`),
      stranger.call('POST', `${path}/deliveries/${eventId}/redeliver`),
      stranger.call('DELETE', path),
    ]);
    const ownersView = await owner.call('GET', path);

    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(
      Array(answers.length).fill([404, 'WebhookNotFound']),
    );
    expect(ownersView.body).toMatchObject({ status: 'Active', url: receiver.url, secret_rotation: null });
  });
});
