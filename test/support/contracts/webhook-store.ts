import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import type { Webhook } from '../../../shared/domain/webhooks/model.ts';
import type { WebhookStore } from '../../../shared/domain/webhooks/ports.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';
import { aWebhook } from '../../unit/webhooks/fakes.ts';

export interface WebhookStoreSetup {
  webhooks: WebhookStore;
  /** Commits staged writes in one transaction, as the request pipeline does. */
  committer: WriteCommitter;
}

/**
 * What every `WebhookStore` does, the in-memory one of the unit tests and DynamoDB's alike (the
 * pattern of lockout-store.ts): conditional creates, changes of "this" subscription only, rotations
 * that read the stored secret at commit.
 */
export function webhookStoreContract(name: string, setup: () => WebhookStoreSetup): void {
  const at = '2030-06-01T12:00:00.000Z';

  const hmacKey = (sealedSecret: string) => ({ sealedSecret, keyFormat: 'utf8' as const, publicKey: null });

  async function subscribed(overrides: Partial<Webhook> = {}): Promise<Webhook> {
    const { webhooks, committer } = setup();
    const webhook = aWebhook({ accountId: randomUUID(), webhookId: randomUUID(), ...overrides });
    await committer.commit([webhooks.create(webhook)]);
    return webhook;
  }

  describe(`the webhook store contract: ${name}`, () => {
    it('keeps a staged create invisible until it commits; another account finds nothing', async () => {
      const { webhooks, committer } = setup();
      const webhook = aWebhook({ accountId: randomUUID(), webhookId: randomUUID() });

      const staged = webhooks.create(webhook);
      expect(await webhooks.findOfAccount(webhook.accountId)).toBeUndefined();
      await committer.commit([staged]);

      expect(await webhooks.findOfAccount(webhook.accountId)).toEqual(webhook);
      expect(await webhooks.findOfAccount(randomUUID())).toBeUndefined();
    });

    it('refuses a second subscription of the account with WebhookAlreadyExists, also staged before the first committed', async () => {
      const { webhooks, committer } = setup();
      const accountId = randomUUID();
      const first = aWebhook({ accountId, webhookId: randomUUID() });
      const twin = aWebhook({ accountId, webhookId: randomUUID(), url: 'https://twin.example/hooks' });
      const racing = webhooks.create(twin);

      await committer.commit([webhooks.create(first)]);
      const refused = await refusalOf(() => committer.commit([racing]));

      expect(refused).toMatchObject({ code: 'WebhookAlreadyExists' });
      expect(await webhooks.findOfAccount(accountId)).toEqual(first);
    });

    it('updates the named fields, in the expected state only (else WebhookInvalidState)', async () => {
      const { webhooks, committer } = setup();
      const webhook = await subscribed();

      await committer.commit([
        webhooks.update(
          webhook,
          { status: 'Disabled', disabledReason: 'by the partner', updatedAt: at },
          'Active',
        ),
      ]);
      const again = await refusalOf(() =>
        committer.commit([webhooks.update(webhook, { status: 'Disabled', updatedAt: at }, 'Active')]),
      );

      expect(again).toMatchObject({ code: 'WebhookInvalidState' });
      expect(await webhooks.findOfAccount(webhook.accountId)).toEqual({
        ...webhook,
        status: 'Disabled',
        disabledReason: 'by the partner',
        updatedAt: at,
      });
    });

    it('answers WebhookNotFound for every write on a subscription deleted and replaced meanwhile', async () => {
      const { webhooks, committer } = setup();
      const old = await subscribed();
      await committer.commit([webhooks.delete(old)]);
      const replacement = await subscribed({ accountId: old.accountId });

      const refusals = [
        await refusalOf(() =>
          committer.commit([webhooks.update(old, { url: 'https://x.example/', updatedAt: at })]),
        ),
        await refusalOf(() => committer.commit([webhooks.rotateSecret(old, hmacKey('sealed-new'), at, at)])),
        await refusalOf(() => committer.commit([webhooks.delete(old)])),
        await refusalOf(() => committer.commit([webhooks.requireActive(old)])),
      ];

      for (const refused of refusals) expect(refused).toMatchObject({ code: 'WebhookNotFound' });
      expect(await webhooks.findOfAccount(old.accountId)).toEqual(replacement);
    });

    it('rotates from the secret stored at commit: of two rotations from one read, neither secret is lost', async () => {
      const { webhooks, committer } = setup();
      const webhook = await subscribed({ sealedSecret: 'sealed-0' });
      const until = '2030-06-02T12:00:00.000Z';
      const first = webhooks.rotateSecret(webhook, hmacKey('sealed-1'), until, at);
      const second = webhooks.rotateSecret(webhook, hmacKey('sealed-2'), until, at);

      await committer.commit([first]);
      await committer.commit([second]);

      expect(await webhooks.findOfAccount(webhook.accountId)).toMatchObject({
        sealedSecret: 'sealed-2',
        sealedPreviousSecret: 'sealed-1',
        previousSecretValidUntil: until,
        updatedAt: at,
      });
    });

    it('keeps each secret its key format: a rotation from a supplied secret to a generated one', async () => {
      const { webhooks, committer } = setup();
      const webhook = await subscribed({ sealedSecret: 'sealed-supplied', keyFormat: 'utf8' });

      await committer.commit([
        webhooks.rotateSecret(
          webhook,
          { sealedSecret: 'sealed-generated', keyFormat: 'standard', publicKey: null },
          at,
          at,
        ),
      ]);

      expect(await webhooks.findOfAccount(webhook.accountId)).toMatchObject({
        sealedSecret: 'sealed-generated',
        keyFormat: 'standard',
        sealedPreviousSecret: 'sealed-supplied',
        previousKeyFormat: 'utf8',
      });
    });

    it("keeps an ed25519 subscription's signing and public key, and replaces the key on rotation", async () => {
      const { webhooks, committer } = setup();
      const webhook = await subscribed({
        signing: 'ed25519',
        sealedSecret: 'sealed-0',
        publicKey: 'whpk_old',
      });
      expect(await webhooks.findOfAccount(webhook.accountId)).toEqual(webhook);

      await committer.commit([
        webhooks.rotateSecret(
          webhook,
          { sealedSecret: 'sealed-1', keyFormat: 'standard', publicKey: 'whpk_new' },
          at,
          at,
        ),
      ]);

      expect(await webhooks.findOfAccount(webhook.accountId)).toMatchObject({
        signing: 'ed25519',
        sealedSecret: 'sealed-1',
        publicKey: 'whpk_new',
        sealedPreviousSecret: 'sealed-0',
      });
    });

    it('deletes the subscription; a second delete finds nothing', async () => {
      const { webhooks, committer } = setup();
      const webhook = await subscribed();

      await committer.commit([webhooks.delete(webhook)]);
      const again = await refusalOf(() => committer.commit([webhooks.delete(webhook)]));

      expect(await webhooks.findOfAccount(webhook.accountId)).toBeUndefined();
      expect(again).toMatchObject({ code: 'WebhookNotFound' });
    });

    it('requires an active subscription: a disabled one refuses the whole transaction with WebhookInvalidState', async () => {
      const { webhooks, committer } = setup();
      const active = await subscribed();
      const disabled = await subscribed({ status: 'Disabled', disabledReason: 'gone' });

      await committer.commit([webhooks.requireActive(active)]);
      const refused = await refusalOf(() =>
        committer.commit([
          webhooks.update(disabled, { url: 'https://changed.example/hooks', updatedAt: at }),
          webhooks.requireActive(disabled),
        ]),
      );

      expect(refused).toMatchObject({ code: 'WebhookInvalidState' });
      expect(await webhooks.findOfAccount(disabled.accountId)).toEqual(disabled);
      expect(await webhooks.findOfAccount(active.accountId)).toEqual(active);
    });
  });
}
