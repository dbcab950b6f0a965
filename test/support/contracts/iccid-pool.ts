import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EsimOrder } from '../../../shared/domain/esim/model.ts';
import type { EsimOrderStore, EsimStore, IccidPool } from '../../../shared/domain/esim/ports.ts';
import { anOrder, confirmation, freshIccids } from './esim-records.ts';
import type { StagingStore } from './staging.ts';

/** The pool, and the stores its claims write into. */
export interface PoolStores {
  pool: IccidPool;
  orders: StagingStore<EsimOrderStore>;
  esims: EsimStore;
}

/**
 * What every `IccidPool` does, in memory and on DynamoDB (the pattern of ./lockout-store.ts): an ICCID
 * joins one account's pool once ever, and a claim takes it, issues the eSIM and confirms the order at
 * once, or writes nothing.
 */
export function iccidPoolContract(name: string, stores: () => PoolStores): void {
  const now = new Date('2030-05-01T10:00:00.000Z');
  const pool = () => stores().pool;
  async function filledPool(count: number): Promise<{ accountId: string; iccids: string[] }> {
    const accountId = randomUUID();
    const iccids = freshIccids(count);
    await pool().load(accountId, iccids, now);
    return { accountId, iccids };
  }
  async function pendingOrder(accountId: string): Promise<EsimOrder> {
    const order = anOrder({ accountId });
    await stores().orders.commit([stores().orders.store.createWrite(order)]);
    return order;
  }
  const claim = (order: EsimOrder, iccid: string) => pool().claim({ order, ...confirmation(order, iccid) });

  describe(`the ICCID pool contract: ${name}`, () => {
    it('adds new ICCIDs once, each listed once, and tells what it found of the others', async () => {
      const accountId = randomUUID();
      const [mine = '', theirs = '', fresh = ''] = freshIccids(3);
      await pool().load(accountId, [mine], now);
      await pool().load(randomUUID(), [theirs], now);

      const outcomes = await pool().load(accountId, [mine, theirs, fresh, fresh], now);

      expect(Object.fromEntries(outcomes)).toEqual({
        [mine]: 'present',
        [theirs]: 'elsewhere',
        [fresh]: 'added',
      });
      expect(await pool().counts(accountId)).toEqual({ available: 2, issued: 0 });
    });

    it('tells the owner of each known ICCID, and nothing of unknown ones', async () => {
      const { accountId, iccids } = await filledPool(2);
      const [unknown = ''] = freshIccids(1);

      const owners = await pool().owners([...iccids, unknown]);

      expect(Object.fromEntries(owners)).toEqual(
        Object.fromEntries(iccids.map((iccid) => [iccid, accountId])),
      );
    });

    it("offers distinct candidates of the account's own pool, at most as many as asked", async () => {
      const { accountId, iccids } = await filledPool(5);
      await filledPool(5);

      const three = await pool().candidates(accountId, 3);
      const all = await pool().candidates(accountId, 10);

      expect(three).toHaveLength(3);
      expect(new Set(three).size).toBe(3);
      expect(iccids).toEqual(expect.arrayContaining(three));
      expect([...all].sort()).toEqual(iccids);
      expect(await pool().candidates(randomUUID(), 3)).toEqual([]);
    });

    it('issues on a claim: the ICCID leaves the pool, the eSIM exists and the order is confirmed', async () => {
      const { accountId, iccids } = await filledPool(2);
      const [iccid = '', other = ''] = iccids;
      const order = await pendingOrder(accountId);

      expect(await claim(order, iccid)).toBe('issued');

      expect(await stores().orders.store.find(accountId, order.orderId)).toEqual(
        confirmation(order, iccid).confirmed,
      );
      expect(await stores().esims.find(accountId, iccid)).toMatchObject({ iccid, orderId: order.orderId });
      expect(await pool().candidates(accountId, 10)).toEqual([other]);
      expect(await pool().counts(accountId)).toEqual({ available: 1, issued: 1 });
      expect((await pool().owners([iccid])).get(iccid)).toBe(accountId);
    });

    it('answers iccid-taken for an ICCID claimed already, and writes nothing', async () => {
      const { accountId, iccids } = await filledPool(1);
      const [iccid = ''] = iccids;
      await claim(await pendingOrder(accountId), iccid);
      const second = await pendingOrder(accountId);

      expect(await claim(second, iccid)).toBe('iccid-taken');

      expect(await stores().orders.store.find(accountId, second.orderId)).toEqual(second);
      expect(await pool().counts(accountId)).toEqual({ available: 0, issued: 1 });
    });

    it("answers iccid-taken for an ICCID of another account's pool", async () => {
      const theirs = await filledPool(1);
      const [iccid = ''] = theirs.iccids;
      const order = await pendingOrder(randomUUID());

      expect(await claim(order, iccid)).toBe('iccid-taken');

      expect(await pool().candidates(theirs.accountId, 1)).toEqual([iccid]);
      expect(await stores().esims.find(order.accountId, iccid)).toBeUndefined();
    });

    it('answers order-changed for an order no longer pending (a twin confirm), and writes nothing', async () => {
      const { accountId, iccids } = await filledPool(2);
      const [first = '', second = ''] = iccids;
      const order = await pendingOrder(accountId);
      await claim(order, first);

      expect(await claim(order, second)).toBe('order-changed');

      expect(await pool().candidates(accountId, 10)).toEqual([second]);
      expect(await stores().esims.find(accountId, second)).toBeUndefined();
      expect((await stores().orders.store.find(accountId, order.orderId))?.iccid).toBe(first);
    });

    it('answers order-changed for an order that was never created', async () => {
      const { accountId, iccids } = await filledPool(1);
      const [iccid = ''] = iccids;

      expect(await claim(anOrder({ accountId }), iccid)).toBe('order-changed');

      expect(await pool().counts(accountId)).toEqual({ available: 1, issued: 0 });
    });
  });
}
