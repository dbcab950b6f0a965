import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/domain/errors.ts';
import { esimEvents } from '../../../shared/domain/esim/events.ts';
import { esimStatusAt, nextDue } from '../../../shared/domain/esim/lifecycle.ts';
import type { Esim } from '../../../shared/domain/esim/model.ts';
import type { EsimChange } from '../../../shared/domain/esim/ports.ts';
import { refundEsim, refundRefusal } from '../../../shared/domain/esim/refund.ts';
import { confirmOrder, createOrder, recordUsage, topUp } from '../../../shared/domain/esim/service.ts';
import { resumeEsim, suspendEsim } from '../../../shared/domain/esim/suspension.ts';
import { MemoryLedger } from '../../support/memory-ledger.ts';
import {
  accountId,
  cis,
  iccids,
  MemoryEsimSettings,
  MemoryEsims,
  MemoryOrders,
  MemoryPool,
  MemoryTariffs,
  now,
  otherAccountId,
  russia,
  smdpAddress,
  Uow,
} from './fakes.ts';

const day = 86_400_000;
const context = { accountId, now };
const byPartner = { type: 'application', id: 'partner-app' } as const;
const byEmployee = { type: 'employee', id: 'ada.admin' } as const;

function world(refundDays = 30) {
  const orders = new MemoryOrders();
  const esims = new MemoryEsims();
  const pool = new MemoryPool(orders, esims);
  const tariffs = new MemoryTariffs();
  const ledger = new MemoryLedger();
  const terms = { refundDays: async () => refundDays };
  async function issued(at = now): Promise<Esim> {
    const uow = new Uow();
    const order = await createOrder(
      { orders, tariffs, uow },
      { accountId, now: at },
      {
        packageTemplateId: russia.id,
        activePeriod: 7,
        validityPeriod: 30,
      },
    );
    orders.apply(uow.writes);
    pool.fill(accountId, iccids(1, String(Math.floor(Math.random() * 1e6)).padStart(6, '0')));
    return confirmOrder(
      { orders, esims, pool, smdpAddress, ledger, pause: async () => undefined },
      { accountId, now: at },
      order.orderId,
    );
  }
  /** Runs the refund and commits what it staged, like the pipeline. */
  async function refund(iccid: string, at = context) {
    const uow = new Uow();
    const after = await refundEsim({ esims, orders, terms, ledger, uow }, at, iccid, {
      actor: byPartner,
      reason: 'Trip cancelled',
    });
    esims.apply(uow.writes);
    ledger.apply(uow.writes);
    return after;
  }
  return { orders, esims, pool, tariffs, ledger, issued, refund };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return { code: error.code, details: error.details };
}

describe('refunding an eSIM', () => {
  it("makes it Refunded, credits the order's price and sends esim.status.changed, on the version read", async () => {
    const { esims, ledger, issued, refund } = world();
    const esim = await issued();

    const after = await refund(esim.iccid);

    expect(esimStatusAt(after, now)).toBe('Refunded');
    expect(after.history?.at(-1)).toEqual({
      at: now.toISOString(),
      from: 'NotActive',
      to: 'Refunded',
      actor: byPartner,
      reason: 'Trip cancelled',
    });
    expect((await esims.find(accountId, esim.iccid))?.version).toBe(esim.version + 1);
    expect(ledger.written.filter((line) => line.kind === 'esim_refund')).toEqual([
      expect.objectContaining({
        amount: { minor: -300n, currency: 'USD' },
        iccid: esim.iccid,
        orderId: esim.orderId,
      }),
    ]);
    const change = esims.committed.at(-1) as EsimChange;
    expect(esimEvents(change)).toEqual([
      {
        type: 'esim.status.changed',
        data: { iccid: esim.iccid, status: 'Refunded', previous_status: 'NotActive' },
      },
    ]);
  });

  it('refunds within the window even with unused top-ups, crediting the order alone', async () => {
    const { esims, tariffs, ledger, issued, refund } = world();
    const esim = await issued();
    const uow = new Uow();
    await topUp({ esims, tariffs, ledger, uow }, context, esim.iccid, {
      packageTemplateId: cis.id,
      activePeriod: 30,
      validityPeriod: 60,
    });
    esims.apply(uow.writes);
    ledger.apply(uow.writes);

    await refund(esim.iccid);

    const refunds = ledger.written.filter((line) => line.kind === 'esim_refund');
    expect(refunds.map((line) => line.amount)).toEqual([{ minor: -300n, currency: 'USD' }]);
  });

  it.each([
    ['already_refunded', async (w: ReturnType<typeof world>, esim: Esim) => w.refund(esim.iccid)],
    [
      'suspended',
      async (w: ReturnType<typeof world>, esim: Esim) => {
        const uow = new Uow();
        suspendEsim({ esims: w.esims, uow }, esim, { actor: byPartner, reason: 'Fraud?', now });
        w.esims.apply(uow.writes);
      },
    ],
    [
      'usage_recorded',
      async (w: ReturnType<typeof world>, esim: Esim) => {
        const uow = new Uow();
        await recordUsage(
          { esims: w.esims, settings: new MemoryEsimSettings(), uow },
          context,
          esim.iccid,
          1,
        );
        w.esims.apply(uow.writes);
      },
    ],
    [
      'profile_downloaded',
      async (w: ReturnType<typeof world>, esim: Esim) => {
        w.esims.esims.set(`${accountId}/${esim.iccid}`, {
          ...esim,
          profile: {
            state: 'Installed',
            eid: '89049032000000000000000000000001',
            updatedAt: now.toISOString(),
            calls: [],
          },
        });
      },
    ],
  ])('refuses with 409 EsimRefundUnavailable, reason %s', async (reason, prepare) => {
    const w = world();
    const esim = await w.issued();
    await prepare(w, esim);
    const linesBefore = w.ledger.written.length;

    const refused = await refusal(w.refund(esim.iccid));

    expect(refused).toEqual({ code: 'EsimRefundUnavailable', details: { reason } });
    expect(w.ledger.written).toHaveLength(linesBefore);
  });

  it('refunds a profile the SM-DP+ reports Released (reserved, never downloaded)', async () => {
    const w = world();
    const esim = await w.issued();
    w.esims.esims.set(`${accountId}/${esim.iccid}`, {
      ...esim,
      profile: { state: 'Released', eid: null, updatedAt: now.toISOString(), calls: [] },
    });

    expect(esimStatusAt(await w.refund(esim.iccid), now)).toBe('Refunded');
  });

  it("refuses past the contract's esim_refund_days (refund_window_passed), and refunds the moment before", async () => {
    const w = world(10);
    const esim = await w.issued(new Date(now.getTime() - 10 * day));
    const justInTime = await w.issued(new Date(now.getTime() - 10 * day + 1));

    const refused = await refusal(w.refund(esim.iccid));
    const refunded = await w.refund(justInTime.iccid);

    expect(refused).toEqual({ code: 'EsimRefundUnavailable', details: { reason: 'refund_window_passed' } });
    expect(esimStatusAt(refunded, now)).toBe('Refunded');
  });

  it("answers 404 EsimNotFound for another account's eSIM", async () => {
    const w = world();
    const esim = await w.issued();

    const refused = await refusal(w.refund(esim.iccid, { accountId: otherAccountId, now }));

    expect(refused.code).toBe('EsimNotFound');
  });

  it('names the first rule broken: already refunded before anything else', () => {
    const esim = {
      iccid: '8988299000000000001',
      createdAt: '2020-01-01T00:00:00.000Z',
      refundedAt: now.toISOString(),
      packages: [],
    } as unknown as Esim;

    expect(refundRefusal(esim, 30, now)?.reason).toBe('already_refunded');
  });
});

describe('a refunded eSIM', () => {
  async function refunded() {
    const w = world();
    const esim = await w.issued();
    return { ...w, esim: await w.refund(esim.iccid) };
  }

  it('takes no top-up (409 EsimTopupUnavailable, esim_refunded) and no usage (409 EsimInvalidState)', async () => {
    const { esims, tariffs, ledger, esim } = await refunded();

    const topup = await refusal(
      topUp({ esims, tariffs, ledger, uow: new Uow() }, context, esim.iccid, {
        packageTemplateId: cis.id,
        activePeriod: 30,
        validityPeriod: 60,
      }),
    );
    const usage = await refusal(
      recordUsage({ esims, settings: new MemoryEsimSettings(), uow: new Uow() }, context, esim.iccid, 10),
    );

    expect(topup).toEqual({ code: 'EsimTopupUnavailable', details: { reason: 'esim_refunded' } });
    expect(usage).toEqual({
      code: 'EsimInvalidState',
      details: { status: 'Refunded', reason: 'esim_refunded' },
    });
  });

  it('takes no suspend or resume (409 EsimInvalidState), by a partner or an employee', async () => {
    const { esims, esim } = await refunded();
    for (const actor of [byPartner, byEmployee]) {
      const change = { actor, reason: 'x', now };
      expect(() => suspendEsim({ esims, uow: new Uow() }, esim, change)).toThrow(
        expect.objectContaining({ code: 'EsimInvalidState' }),
      );
      expect(() => resumeEsim({ esims, uow: new Uow() }, esim, change)).toThrow(
        expect.objectContaining({ code: 'EsimInvalidState' }),
      );
    }
  });

  it('leaves the expiry index: its packages send no expiry event', async () => {
    const { esim } = await refunded();

    expect(nextDue(esim)).toBeUndefined();
  });
});

describe('suspension by the partner', () => {
  async function suspendedBy(actor: typeof byPartner | typeof byEmployee) {
    const w = world();
    const esim = await w.issued();
    const uow = new Uow();
    const after = suspendEsim({ esims: w.esims, uow }, esim, { actor, reason: 'Fraud?', now });
    w.esims.apply(uow.writes);
    return { ...w, esim: after };
  }

  it('sends esim.status.changed with the suspend and the resume', async () => {
    const { esims, esim } = await suspendedBy(byPartner);
    const uow = new Uow();
    resumeEsim({ esims, uow }, esim, { actor: byPartner, reason: 'Found', now });
    esims.apply(uow.writes);

    expect(
      esims.committed.slice(-2).flatMap((change) => esimEvents(change).map((event) => event.data)),
    ).toEqual([
      { iccid: esim.iccid, status: 'Suspended', previous_status: 'NotActive' },
      { iccid: esim.iccid, status: 'NotActive', previous_status: 'Suspended' },
    ]);
  });

  it('may not resume a suspension an employee made (409 EsimInvalidState, suspended_by_employee)', async () => {
    const { esims, esim } = await suspendedBy(byEmployee);

    expect(() => resumeEsim({ esims, uow: new Uow() }, esim, { actor: byPartner, reason: 'x', now })).toThrow(
      expect.objectContaining({
        code: 'EsimInvalidState',
        details: { status: 'Suspended', reason: 'suspended_by_employee' },
      }),
    );
  });

  it('is resumed by an employee too, whoever suspended', async () => {
    const { esims, esim } = await suspendedBy(byPartner);

    const resumed = resumeEsim({ esims, uow: new Uow() }, esim, { actor: byEmployee, reason: 'ok', now });

    expect(esimStatusAt(resumed, now)).toBe('NotActive');
  });
});
