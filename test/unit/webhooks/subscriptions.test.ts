import { describe, expect, it } from 'vitest';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../../../shared/domain/errors.ts';
import type { Webhook } from '../../../shared/domain/webhooks/model.ts';
import type { SubscriptionPorts } from '../../../shared/domain/webhooks/ports.ts';
import {
  activeRotation,
  changeWebhookUrl,
  createWebhook,
  deleteWebhook,
  disableWebhook,
  enableWebhook,
  getWebhook,
  listWebhooks,
  pingWebhook,
  rotateSecret,
} from '../../../shared/domain/webhooks/subscriptions.ts';
import { FakeUnitOfWork, refusalOf } from '../support/unit-of-work.ts';
import {
  accountId,
  aWebhook,
  CountingLimiter,
  FakeUrlCheck,
  fakeSealer,
  MemoryOutbox,
  MemoryWebhooks,
  now,
  sealed,
  webhookId,
} from './fakes.ts';

function portsWith(webhooks = new MemoryWebhooks()) {
  return {
    webhooks,
    outbox: new MemoryOutbox(),
    urls: new FakeUrlCheck(),
    sealer: fakeSealer,
    limits: new CountingLimiter(),
  } satisfies SubscriptionPorts;
}

const input = {
  url: 'https://partner.example/hooks',
  secret: 'a-signing-secret-of-24-chars',
  signing: 'hmac-sha256',
} as const;

/** What the fake sealer sealed, opened again (fakes.ts: `sealed(<id>):<secret>`). */
const unsealed = (webhook: Webhook) => webhook.sealedSecret.slice(sealed('', webhook.webhookId).length);

describe('subscribing', () => {
  it('stages the one subscription of the account with its secret sealed to it', async () => {
    const ports = portsWith();
    const uow = new FakeUnitOfWork();

    const { webhook, generatedSecret } = await createWebhook(ports, accountId, input, uow, now);
    uow.commit();

    expect(generatedSecret).toBeNull();
    expect(webhook).toMatchObject({
      signing: 'hmac-sha256',
      publicKey: null,
      accountId,
      url: input.url,
      status: 'Active',
      disabledReason: null,
      keyFormat: 'utf8',
      sealedPreviousSecret: null,
      previousKeyFormat: null,
      createdAt: now.toISOString(),
    });
    expect(webhook.sealedSecret).toBe(sealed(input.secret, webhook.webhookId));
    expect(await ports.webhooks.findOfAccount(accountId)).toEqual(webhook);
  });

  it('generates a whsec_ secret of 32 random bytes when none is given, and seals that one', async () => {
    const ports = portsWith();
    const uow = new FakeUnitOfWork();

    const { webhook, generatedSecret } = await createWebhook(
      ports,
      accountId,
      { url: input.url, signing: 'hmac-sha256' },
      uow,
      now,
    );

    expect(generatedSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(generatedSecret?.slice('whsec_'.length) ?? '', 'base64')).toHaveLength(32);
    expect(unsealed(webhook)).toBe(generatedSecret);
    expect(webhook.keyFormat).toBe('standard');
    const other = await createWebhook(
      portsWith(),
      accountId,
      { url: input.url, signing: 'hmac-sha256' },
      new FakeUnitOfWork(),
      now,
    );
    expect(other.generatedSecret).not.toBe(generatedSecret);
  });

  it('makes an Ed25519 key pair for signing "ed25519": the whsk_ key sealed, the whpk_ key public', async () => {
    const ports = portsWith();

    const { webhook, generatedSecret } = await createWebhook(
      ports,
      accountId,
      { url: input.url, signing: 'ed25519' },
      new FakeUnitOfWork(),
      now,
    );

    expect(generatedSecret).toBeNull();
    expect(webhook.signing).toBe('ed25519');
    expect(webhook.publicKey).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    const secretKey = unsealed(webhook);
    expect(secretKey).toMatch(/^whsk_/);
    // The key's second half is the public key it pairs with (libsodium's layout).
    const keyBytes = Buffer.from(secretKey.slice('whsk_'.length), 'base64');
    expect(keyBytes.subarray(32).toString('base64')).toBe(webhook.publicKey?.slice('whpk_'.length));
  });

  it('refuses a secret with signing "ed25519" (422 on body.secret), staging nothing', async () => {
    const uow = new FakeUnitOfWork();

    const error = await refusalOf(() =>
      createWebhook(portsWith(), accountId, { ...input, signing: 'ed25519' }, uow, now),
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual([{ path: 'body.secret', message: expect.any(String) }]);
    expect(uow.writes).toEqual([]);
  });

  it('refuses a second subscription with 409, also when two creates race', async () => {
    const existing = portsWith(new MemoryWebhooks(aWebhook()));
    const racing = portsWith();
    const first = new FakeUnitOfWork();
    const second = new FakeUnitOfWork();
    await createWebhook(racing, accountId, input, first, now);
    await createWebhook(racing, accountId, input, second, now);
    first.commit();

    const read = await refusalOf(() => createWebhook(existing, accountId, input, new FakeUnitOfWork(), now));
    const raced = await refusalOf(() => second.commit());

    for (const error of [read, raced]) {
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'WebhookAlreadyExists' });
    }
  });

  it('refuses a URL the check refuses with 422 on body.url, staging nothing', async () => {
    const ports = portsWith();
    ports.urls.refused.set(input.url, 'must reach a public address (10.0.0.7: private address refused)');
    const uow = new FakeUnitOfWork();

    const error = await refusalOf(() => createWebhook(ports, accountId, input, uow, now));

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual([
      { path: 'body.url', message: 'must reach a public address (10.0.0.7: private address refused)' },
    ]);
    expect(uow.writes).toEqual([]);
  });

  it('answers 503 when the URL cannot be checked at all', async () => {
    const error = await refusalOf(() =>
      createWebhook(
        portsWith(),
        accountId,
        { ...input, url: 'https://dns-down.example/' },
        new FakeUnitOfWork(),
        now,
      ),
    );

    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ code: 'ServiceUnavailable' });
  });
});

describe('reading a subscription', () => {
  it("treats another account's subscription id like a missing one (404)", async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));

    const foreign = await refusalOf(() => getWebhook(ports, 'another-account', webhookId));
    const unknown = await refusalOf(() => getWebhook(ports, accountId, 'no-such-webhook'));

    expect(foreign).toMatchObject({ code: 'WebhookNotFound' });
    expect(unknown).toMatchObject({ code: 'WebhookNotFound' });
    expect(await getWebhook(ports, accountId, webhookId)).toEqual(aWebhook());
  });

  it('lists the one subscription or none', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));

    expect(await listWebhooks(ports, accountId)).toEqual([aWebhook()]);
    expect(await listWebhooks(ports, 'another-account')).toEqual([]);
  });
});

describe('changing a subscription', () => {
  it('changes the URL after checking it', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));
    ports.urls.refused.set('https://bad.example/', 'must use https');
    const uow = new FakeUnitOfWork();

    const changed = await changeWebhookUrl(ports, accountId, webhookId, 'https://new.example/', uow, now);
    uow.commit();
    const refused = await refusalOf(() =>
      changeWebhookUrl(ports, accountId, webhookId, 'https://bad.example/', new FakeUnitOfWork(), now),
    );

    expect(changed).toMatchObject({ url: 'https://new.example/', updatedAt: now.toISOString() });
    expect((await ports.webhooks.findOfAccount(accountId))?.url).toBe('https://new.example/');
    expect(refused).toMatchObject({ code: 'ValidationError' });
  });

  it('keeps a supplied secret shaped like a generated one as its UTF-8 bytes', async () => {
    const supplied = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwFCc1VbDx6Ww=';

    const { webhook } = await createWebhook(
      portsWith(),
      accountId,
      { url: input.url, secret: supplied, signing: 'hmac-sha256' },
      new FakeUnitOfWork(),
      now,
    );

    expect(unsealed(webhook)).toBe(supplied);
    expect(webhook.keyFormat).toBe('utf8');
  });

  it('keeps the previous secret signing until the grace period ends', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));
    const uow = new FakeUnitOfWork();

    const { webhook: rotated, generatedSecret } = await rotateSecret(
      ports,
      accountId,
      webhookId,
      { secret: 'the-new-secret', gracePeriodSeconds: 60 },
      uow,
      now,
    );
    uow.commit();

    expect(generatedSecret).toBeNull();
    expect(rotated).toMatchObject({
      sealedSecret: sealed('the-new-secret'),
      keyFormat: 'utf8',
      sealedPreviousSecret: sealed('current-secret'),
      previousKeyFormat: 'utf8',
      previousSecretValidUntil: '2030-05-01T10:01:00.000Z',
    });
    expect(await ports.webhooks.findOfAccount(accountId)).toEqual(rotated);
    expect(activeRotation(rotated, now)).toEqual({ previousSecretValidUntil: '2030-05-01T10:01:00.000Z' });
    expect(activeRotation(rotated, new Date('2030-05-01T10:01:00.000Z'))).toBeNull();
    expect(activeRotation(aWebhook(), now)).toBeNull();
  });

  it('rotates a supplied secret without a secret to a generated one, answered once, each keeping its format', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));
    const uow = new FakeUnitOfWork();

    const { webhook, generatedSecret } = await rotateSecret(
      ports,
      accountId,
      webhookId,
      { gracePeriodSeconds: 60 },
      uow,
      now,
    );
    uow.commit();

    expect(generatedSecret).toMatch(/^whsec_/);
    expect(unsealed(webhook)).toBe(generatedSecret);
    expect(webhook).toMatchObject({
      keyFormat: 'standard',
      sealedPreviousSecret: sealed('current-secret'),
      previousKeyFormat: 'utf8',
    });
    expect(await ports.webhooks.findOfAccount(accountId)).toEqual(webhook);
  });

  it('rotates an ed25519 subscription to a new key pair, the old key signing during the grace period', async () => {
    const old = aWebhook({ signing: 'ed25519', sealedSecret: sealed('whsk_old'), publicKey: 'whpk_old' });
    const ports = portsWith(new MemoryWebhooks(old));
    const uow = new FakeUnitOfWork();

    const { webhook, generatedSecret } = await rotateSecret(
      ports,
      accountId,
      webhookId,
      { gracePeriodSeconds: 3600 },
      uow,
      now,
    );
    uow.commit();
    const refused = await refusalOf(() =>
      rotateSecret(
        ports,
        accountId,
        webhookId,
        { secret: 'a-secret-for-hmac-only', gracePeriodSeconds: 60 },
        new FakeUnitOfWork(),
        now,
      ),
    );

    expect(generatedSecret).toBeNull();
    expect(webhook.publicKey).toMatch(/^whpk_/);
    expect(webhook.publicKey).not.toBe('whpk_old');
    expect(unsealed(webhook)).toMatch(/^whsk_/);
    expect(webhook.sealedPreviousSecret).toBe(sealed('whsk_old'));
    expect(await ports.webhooks.findOfAccount(accountId)).toEqual(webhook);
    expect(refused).toMatchObject({ code: 'ValidationError' });
  });

  it('disables with a reason and enables again; each twice is 409', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));
    const uow = new FakeUnitOfWork();

    const disabled = await disableWebhook(ports, accountId, webhookId, 'maintenance', uow, now);
    uow.commit();
    const twice = await refusalOf(() => disableWebhook(ports, accountId, webhookId, undefined, uow, now));
    const enabled = await enableWebhook(ports, accountId, webhookId, uow, now);
    uow.commit();
    const again = await refusalOf(() => enableWebhook(ports, accountId, webhookId, uow, now));

    expect(disabled).toMatchObject({ status: 'Disabled', disabledReason: 'maintenance' });
    expect(enabled).toMatchObject({ status: 'Active', disabledReason: null });
    expect(await ports.webhooks.findOfAccount(accountId)).toEqual(enabled);
    for (const error of [twice, again]) expect(error).toMatchObject({ code: 'WebhookInvalidState' });
  });

  it('loses a disable to a concurrent one with 409, and to a delete with 404', async () => {
    const webhooks = new MemoryWebhooks(aWebhook());
    const ports = portsWith(webhooks);
    const late = new FakeUnitOfWork();
    await disableWebhook(ports, accountId, webhookId, undefined, late, now);

    webhooks.webhooks.set(accountId, aWebhook({ status: 'Disabled' }));
    const conflict = await refusalOf(() => late.commit());
    webhooks.webhooks.delete(accountId);
    const gone = await refusalOf(() => late.commit());

    expect(conflict).toMatchObject({ code: 'WebhookInvalidState' });
    expect(gone).toMatchObject({ code: 'WebhookNotFound' });
  });

  it('deletes the subscription; a second delete is 404', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));
    const uow = new FakeUnitOfWork();

    await deleteWebhook(ports, accountId, webhookId, uow);
    uow.commit();

    expect(await ports.webhooks.findOfAccount(accountId)).toBeUndefined();
    expect(await refusalOf(() => deleteWebhook(ports, accountId, webhookId, uow))).toMatchObject({
      code: 'WebhookNotFound',
    });
  });
});

describe('pinging a subscription', () => {
  it('stages a webhook.ping event through the outbox, conditional on an active subscription', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));
    const uow = new FakeUnitOfWork();

    const event = await pingWebhook(ports, accountId, webhookId, uow, now);
    uow.commit();

    expect(event).toMatchObject({
      accountId,
      type: 'webhook.ping',
      orderingKey: `WEBHOOK#${webhookId}`,
      data: { webhook_id: webhookId },
      timestamp: now.toISOString(),
    });
    expect(ports.outbox.events).toEqual([event]);
  });

  it('refuses a disabled subscription with 409, also one disabled before the ping commits', async () => {
    const webhooks = new MemoryWebhooks(aWebhook({ status: 'Disabled' }));
    const ports = portsWith(webhooks);
    const read = await refusalOf(() => pingWebhook(ports, accountId, webhookId, new FakeUnitOfWork(), now));
    webhooks.webhooks.set(accountId, aWebhook());
    const uow = new FakeUnitOfWork();
    await pingWebhook(ports, accountId, webhookId, uow, now);
    webhooks.webhooks.set(accountId, aWebhook({ status: 'Disabled' }));

    const raced = await refusalOf(() => uow.commit());

    for (const error of [read, raced]) expect(error).toMatchObject({ code: 'WebhookInvalidState' });
    expect(ports.outbox.events).toEqual([]);
  });

  it('counts against the account’s action limit: past it, 429 with Retry-After and no event', async () => {
    const ports = portsWith(new MemoryWebhooks(aWebhook()));
    for (let sent = 0; sent < 10; sent++) {
      const uow = new FakeUnitOfWork();
      await pingWebhook(ports, accountId, webhookId, uow, now);
      uow.commit();
    }
    const uow = new FakeUnitOfWork();
    await pingWebhook(ports, accountId, webhookId, uow, now);

    const refused = await refusalOf(() => uow.commit());

    // `now` starts a minute: the whole window is left.
    expect(refused).toMatchObject({ code: 'RateLimitExceeded', retryAfter: 60 });
    expect(ports.outbox.events).toHaveLength(10);
  });
});
