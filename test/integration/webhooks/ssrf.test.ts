import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryWhere,
  newPartner,
  type Partner,
  ping,
  type Receiver,
  secret,
  startReceiver,
  subscribe,
} from './helpers.ts';

let partner: Partner;

beforeAll(async () => {
  partner = await newPartner();
});

/**
 * The local stage allows loopback targets (WEBHOOK_ALLOW_LOOPBACK=true, so tests can receive), so the
 * literal forms are shown here with the other refused ranges; loopback itself is refused in the unit
 * tests of the guard under the production policy.
 */
describe.concurrent('subscribing refuses every target that is not a public HTTPS address', () => {
  it.each([
    ['decimal private', 'https://167772161/hook'],
    ['hex private', 'https://0x0a000001/hook'],
    ['octal private', 'https://012.0.0.1/hook'],
    ['decimal metadata', 'https://2852039166/latest/meta-data'],
    ['metadata', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 metadata', 'https://[fd00:ec2::254]/'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]/'],
    ['CGNAT', 'https://100.64.0.1/hook'],
    ['10/8', 'https://10.1.2.3/hook'],
    ['172.16/12', 'https://172.16.0.1/hook'],
    ['192.168/16', 'https://192.168.1.1/hook'],
    ['unique-local', 'https://[fc00::1]/hook'],
    ['link-local', 'https://[fe80::1]/hook'],
    ['a name resolving to a private address', 'https://internal.webhook.test/hook'],
    ['plain http', 'http://partner.example.com/hook'],
    ['credentials in the URL', 'https://user:password@partner.example.com/hook'],
    ['a port outside the allow-list', 'https://partner.example.com:22/hook'],
  ])('%s: %s', async (_case, url) => {
    const created = await partner.call('POST', '/v2/b2b/webhooks', { url, secret });

    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({
      code: 'ValidationError',
      details: { errors: [{ path: 'body.url' }] },
    });
  });

  it('names the port it refuses', async () => {
    const created = await partner.call('POST', '/v2/b2b/webhooks', {
      url: 'https://partner.example.com:25/hook',
      secret,
    });

    expect(created.body).toMatchObject({
      details: { errors: [{ path: 'body.url', message: 'must use port 443 (port 25 is not allowed)' }] },
    });
  });

  it('also on change-url', async () => {
    const other = await newPartner();
    const receiver = await startReceiver();
    try {
      const webhookId = await subscribe(other, receiver.url);

      const changed = await other.call('POST', `/v2/b2b/webhooks/${webhookId}/change-url`, {
        url: 'https://internal.webhook.test/hook',
      });
      const toAPort = await other.call('POST', `/v2/b2b/webhooks/${webhookId}/change-url`, {
        url: 'https://partner.example.com:22/hook',
      });

      expect([changed.status, changed.body.code]).toEqual([422, 'ValidationError']);
      expect(toAPort.body).toMatchObject({
        code: 'ValidationError',
        details: { errors: [{ path: 'body.url', message: 'must use port 443 (port 22 is not allowed)' }] },
      });
    } finally {
      await receiver.stop();
    }
  });
});

describe('a receiver that redirects to the metadata address', () => {
  let receiver: Receiver;
  let other: Partner;
  let webhookId: string;

  beforeAll(async () => {
    other = await newPartner();
    receiver = await startReceiver({ redirect: 'https://169.254.169.254/latest/meta-data/iam/' });
    webhookId = await subscribe(other, receiver.url);
  });

  afterAll(async () => {
    await other.call('DELETE', `/v2/b2b/webhooks/${webhookId}`);
    await receiver.stop();
  });

  it('is not followed: the redirect is a failed attempt, retried at the subscription URL', async () => {
    const eventId = await ping(other, webhookId);

    const failing = await deliveryWhere(other, webhookId, eventId, (found) => found.attempts.length >= 2);

    expect(failing.attempts.slice(0, 2).map(({ status_code, error }) => [status_code, error])).toEqual([
      [302, 'redirect (302) not followed'],
      [302, 'redirect (302) not followed'],
    ]);
    expect(receiver.of(eventId).length).toBeGreaterThanOrEqual(2);
  });
});
