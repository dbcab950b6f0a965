import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EsimOrderStore } from '../../../shared/domain/esim/ports.ts';
import { anOrder } from './esim-records.ts';
import { refusalOf, type StagingStore } from './staging.ts';

/**
 * What every `EsimOrderStore` does, in memory and on DynamoDB (the pattern of ./lockout-store.ts): an
 * order is created once, visible from its commit, and found only under its own account.
 */
export function esimOrderStoreContract(name: string, subject: () => StagingStore<EsimOrderStore>): void {
  const orders = () => subject().store;

  describe(`the eSIM order store contract: ${name}`, () => {
    it('shows a created order only once its write is committed', async () => {
      const order = anOrder();

      const write = orders().createWrite(order);
      expect(await orders().find(order.accountId, order.orderId)).toBeUndefined();
      await subject().commit([write]);

      expect(await orders().find(order.accountId, order.orderId)).toEqual(order);
    });

    it('refuses to create an order over an existing id, and keeps the one stored', async () => {
      const order = anOrder();
      await subject().commit([orders().createWrite(order)]);

      const again = orders().createWrite({ ...order, dataMb: 5120 });
      const refused = await refusalOf(subject().commit([again]));

      expect(refused.message).toBe(`Condition failed on ${again.description}`);
      expect((await orders().find(order.accountId, order.orderId))?.dataMb).toBe(order.dataMb);
    });

    it("finds no order of another account, even by the other account's order id", async () => {
      const order = anOrder();
      await subject().commit([orders().createWrite(order)]);

      expect(await orders().find(randomUUID(), order.orderId)).toBeUndefined();
    });

    it('keeps the same order id apart in two accounts', async () => {
      const mine = anOrder();
      const theirs = anOrder({ orderId: mine.orderId, dataMb: 5120 });

      await subject().commit([orders().createWrite(mine), orders().createWrite(theirs)]);

      expect((await orders().find(mine.accountId, mine.orderId))?.dataMb).toBe(1024);
      expect((await orders().find(theirs.accountId, theirs.orderId))?.dataMb).toBe(5120);
    });
  });
}
