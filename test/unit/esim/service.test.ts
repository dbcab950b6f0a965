import { describe, expect, it } from 'vitest';
import { ApiError, ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { addUsage, esimStatusAt } from '../../../shared/domain/esim/lifecycle.ts';
import type { Esim } from '../../../shared/domain/esim/model.ts';
import {
  confirmOrder,
  createOrder,
  linkReseller,
  loadPool,
  poolStatus,
  recordUsage,
  sweepDuePackages,
  topUp,
  topupOffers,
} from '../../../shared/domain/esim/service.ts';
import { changeEsimSettings, esimSettings } from '../../../shared/domain/esim/settings.ts';
import { resumeEsim, suspendEsim } from '../../../shared/domain/esim/suspension.ts';
import { MemoryLedger } from '../../support/memory-ledger.ts';
import {
  accountId,
  cis,
  global,
  iccids,
  knownAccounts,
  MemoryEsimSettings,
  MemoryEsims,
  MemoryOrders,
  MemoryPool,
  MemoryResellers,
  MemoryTariffs,
  now,
  otherAccountId,
  russia,
  smdpAddress,
  turkey,
  Uow,
} from './fakes.ts';

const day = 86_400_000;
const context = { accountId, now };
const russiaRequest = { packageTemplateId: russia.id, activePeriod: 7, validityPeriod: 30 };

function world() {
  const orders = new MemoryOrders();
  const esims = new MemoryEsims();
  const pool = new MemoryPool(orders, esims);
  const tariffs = new MemoryTariffs();
  const ledger = new MemoryLedger();
  const settings = new MemoryEsimSettings();
  const confirmDeps = { orders, esims, pool, smdpAddress, ledger, pause: async () => undefined };
  async function order(request = russiaRequest, at = context) {
    const uow = new Uow();
    const created = await createOrder({ orders, tariffs, uow }, at, request);
    orders.apply(uow.writes);
    return created;
  }
  async function issued(): Promise<Esim> {
    pool.fill(accountId, iccids(1, String(Math.floor(Math.random() * 1e6)).padStart(6, '0')));
    return confirmOrder(confirmDeps, context, (await order()).orderId);
  }
  return { orders, esims, pool, tariffs, ledger, settings, confirmDeps, order, issued };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return { code: error.code, details: error.details };
}

describe('creating an order', () => {
  it("stages a Pending order with the tariff's terms and price, holding no ICCID", async () => {
    const { orders, tariffs } = world();
    const uow = new Uow();

    const order = await createOrder({ orders, tariffs, uow }, context, russiaRequest);

    expect(order).toMatchObject({
      accountId,
      status: 'Pending',
      packageTemplateId: russia.id,
      activePeriod: 7,
      validityPeriod: 30,
      price: { amount: '3.00', currency: 'USD' },
      dataMb: 1024,
      coverage: ['RU'],
      iccid: null,
      createdAt: now.toISOString(),
    });
    expect(uow.writes).toHaveLength(1);
  });

  it('refuses a tariff outside the contract with 404 CatalogResourceNotFound', async () => {
    const { orders, tariffs } = world();

    const refused = await refusal(
      createOrder({ orders, tariffs, uow: new Uow() }, { accountId: otherAccountId, now }, russiaRequest),
    );

    expect(refused.code).toBe('CatalogResourceNotFound');
  });

  it("refuses an active_period other than the tariff's validity_days, naming the field", async () => {
    const { orders, tariffs } = world();
    const uow = new Uow();

    const refused = await refusal(
      createOrder({ orders, tariffs, uow }, context, { ...russiaRequest, activePeriod: 30 }),
    );

    expect(refused).toEqual({
      code: 'ValidationError',
      details: { errors: [{ path: 'body.active_period', message: expect.stringContaining('Must be 7') }] },
    });
    expect(uow.writes).toEqual([]);
  });
});

describe('confirming an order', () => {
  it('issues the eSIM on an ICCID of the pool, with its first package, and confirms the order', async () => {
    const { pool, orders, confirmDeps, order } = world();
    const [iccid] = iccids(1);
    pool.fill(accountId, [iccid as string]);
    const pending = await order();

    const esim = await confirmOrder(confirmDeps, context, pending.orderId);

    expect(esim).toMatchObject({ iccid, accountId, orderId: pending.orderId, smdpAddress, coverage: ['RU'] });
    expect(esim.packages).toHaveLength(1);
    expect(esim.packages[0]).toMatchObject({
      packageTemplateId: russia.id,
      status: 'NotActive',
      dataMb: 1024,
      activePeriod: 7,
      validityPeriod: 30,
      expiresAt: new Date(now.getTime() + 30 * day).toISOString(),
    });
    expect(await orders.find(accountId, pending.orderId)).toMatchObject({ status: 'Confirmed', iccid });
    expect(pool.available.get(accountId)?.size).toBe(0);
  });

  it("charges the order's price on an esim ledger line, in the claim's transaction", async () => {
    const { pool, ledger, confirmDeps, order } = world();
    pool.fill(accountId, iccids(1, '000042'));
    const pending = await order();

    const esim = await confirmOrder(confirmDeps, context, pending.orderId);
    ledger.apply(pool.charged);

    expect(ledger.written).toEqual([
      expect.objectContaining({
        kind: 'esim',
        accountId,
        period: now.toISOString().slice(0, 7),
        amount: { minor: 300n, currency: 'USD' },
        iccid: esim.iccid,
        orderId: pending.orderId,
        packageId: esim.packages[0]?.packageId,
      }),
    ]);
  });

  it('answers the same eSIM again and takes no second ICCID', async () => {
    const { pool, confirmDeps, order } = world();
    pool.fill(accountId, iccids(3));
    const pending = await order();
    const first = await confirmOrder(confirmDeps, context, pending.orderId);

    const again = await confirmOrder(confirmDeps, context, pending.orderId);

    expect(again).toEqual(first);
    expect(pool.available.get(accountId)?.size).toBe(2);
  });

  it('answers one eSIM to two confirms of one order racing each other', async () => {
    const { pool, confirmDeps, order } = world();
    pool.fill(accountId, iccids(5));
    const pending = await order();

    const [one, two] = await Promise.all([
      confirmOrder(confirmDeps, context, pending.orderId),
      confirmOrder(confirmDeps, context, pending.orderId),
    ]);

    expect(one.iccid).toBe(two.iccid);
    expect(pool.available.get(accountId)?.size).toBe(4);
  });

  it('moves on to another ICCID when a racing confirm holds the one it picked', async () => {
    const { pool, confirmDeps, order } = world();
    const list = iccids(2);
    pool.fill(accountId, list);
    for (const iccid of list.slice(0, 1)) pool.contended.add(iccid);
    pool.contended.add(list[1] as string);

    const esim = await confirmOrder(confirmDeps, context, (await order()).orderId);

    // Both were contended once; the second read offers them again and one is issued.
    expect(list).toContain(esim.iccid);
    expect(pool.claims.filter((claim) => claim.outcome === 'iccid-taken')).toHaveLength(2);
  });

  it('gives exactly as many eSIMs as the pool holds to 50 concurrent confirms of a pool of 10', async () => {
    const { pool, confirmDeps, order } = world();
    pool.fill(accountId, iccids(10));
    const pending = await Promise.all(Array.from({ length: 50 }, () => order()));

    const outcomes = await Promise.allSettled(
      pending.map((each) => confirmOrder(confirmDeps, context, each.orderId)),
    );

    const issued = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value.iccid] : [],
    );
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as ApiError).code] : [],
    );
    expect(issued).toHaveLength(10);
    expect(new Set(issued).size).toBe(10);
    expect(refused).toEqual(Array(40).fill('EsimPoolExhausted'));
  });

  it('refuses an empty pool with 409 EsimPoolExhausted and leaves the order Pending', async () => {
    const { orders, confirmDeps, order } = world();
    const pending = await order();

    const refused = await refusal(confirmOrder(confirmDeps, context, pending.orderId));

    expect(refused.code).toBe('EsimPoolExhausted');
    expect((await orders.find(accountId, pending.orderId))?.status).toBe('Pending');
  });

  it("answers 404 ResourceNotFound for another account's order", async () => {
    const { pool, confirmDeps, order } = world();
    pool.fill(otherAccountId, iccids(1));
    const pending = await order();

    const refused = await refusal(
      confirmOrder(confirmDeps, { accountId: otherAccountId, now }, pending.orderId),
    );

    expect(refused.code).toBe('ResourceNotFound');
    expect(pool.available.get(otherAccountId)?.size).toBe(1);
  });

  it('gives up with a retryable 503 only if other confirms keep winning every ICCID offered', async () => {
    const { pool, confirmDeps, order } = world();
    pool.fill(accountId, iccids(1));
    pool.claim = async () => 'iccid-taken';

    const error = await confirmOrder(confirmDeps, context, (await order()).orderId).catch((caught) => caught);

    expect(error).toBeInstanceOf(ConcurrentChangeError);
  });
});

describe('suspension', () => {
  const byEmployee = { actor: { type: 'employee', id: 'ada.admin' } as const, reason: 'Lost phone', now };

  async function suspended() {
    const world_ = world();
    const esim = await world_.issued();
    const uow = new Uow();
    const after = suspendEsim({ esims: world_.esims, uow }, esim, byEmployee);
    world_.esims.apply(uow.writes);
    return { ...world_, esim, after };
  }

  it('makes the eSIM Suspended, recorded in its history on the version read', async () => {
    const { esims, esim, after } = await suspended();

    expect(esimStatusAt(after, now)).toBe('Suspended');
    expect(after.history).toEqual([
      {
        at: now.toISOString(),
        from: 'NotActive',
        to: 'Suspended',
        actor: byEmployee.actor,
        reason: 'Lost phone',
      },
    ]);
    expect((await esims.find(accountId, esim.iccid))?.version).toBe(esim.version + 1);
  });

  it('refuses a top-up (409 EsimTopupUnavailable, esim_suspended) and usage (409 EsimInvalidState) while suspended', async () => {
    const { esims, tariffs, esim } = await suspended();

    const topup = await refusal(
      topUp({ esims, tariffs, ledger: new MemoryLedger(), uow: new Uow() }, context, esim.iccid, {
        packageTemplateId: cis.id,
        activePeriod: 30,
        validityPeriod: 60,
      }),
    );
    const usage = await refusal(
      recordUsage({ esims, settings: new MemoryEsimSettings(), uow: new Uow() }, context, esim.iccid, 10),
    );

    expect(topup).toEqual({ code: 'EsimTopupUnavailable', details: { reason: 'esim_suspended' } });
    expect(usage).toEqual({ code: 'EsimInvalidState', details: { status: 'Suspended' } });
  });

  it('refuses a second suspend and a resume of an eSIM that is not suspended (409 EsimInvalidState)', async () => {
    const { esims, after, issued } = await suspended();
    const active = await issued();

    expect(() => suspendEsim({ esims, uow: new Uow() }, after, byEmployee)).toThrow(
      expect.objectContaining({ code: 'EsimInvalidState' }),
    );
    expect(() => resumeEsim({ esims, uow: new Uow() }, active, byEmployee)).toThrow(
      expect.objectContaining({ code: 'EsimInvalidState' }),
    );
  });

  it("resumes to its packages' status", async () => {
    const { esims, after } = await suspended();

    const resumed = resumeEsim({ esims, uow: new Uow() }, after, { ...byEmployee, reason: 'Found' });

    expect(esimStatusAt(resumed, now)).toBe('NotActive');
    expect(resumed.history?.map((change) => [change.from, change.to])).toEqual([
      ['NotActive', 'Suspended'],
      ['Suspended', 'NotActive'],
    ]);
  });
});

describe('top-up', () => {
  it('adds a NotActive package to the eSIM, conditional on the version read', async () => {
    const { esims, tariffs, ledger, issued } = world();
    const esim = await issued();
    const uow = new Uow();

    const pkg = await topUp({ esims, tariffs, ledger, uow }, context, esim.iccid, {
      packageTemplateId: cis.id,
      activePeriod: 30,
      validityPeriod: 60,
    });
    esims.apply(uow.writes);
    ledger.apply(uow.writes);

    expect(pkg).toMatchObject({ packageTemplateId: cis.id, status: 'NotActive', dataMb: 5120, usedMb: 0 });
    expect(ledger.written.at(-1)).toMatchObject({
      kind: 'esim_topup',
      iccid: esim.iccid,
      packageId: pkg.packageId,
      amount: { minor: BigInt(Math.round(Number(cis.price.amount) * 100)), currency: cis.price.currency },
    });
    const stored = await esims.find(accountId, esim.iccid);
    expect(stored?.packages.map((each) => each.packageId)).toEqual([
      esim.packages[0]?.packageId,
      pkg.packageId,
    ]);
    expect(stored?.version).toBe(esim.version + 1);
  });

  it('is refused (409 EsimTopupUnavailable) by a tariff not sold as a top-up', async () => {
    const { esims, tariffs, ledger, issued } = world();
    const esim = await issued();

    const refused = await refusal(
      topUp({ esims, tariffs, ledger, uow: new Uow() }, context, esim.iccid, {
        packageTemplateId: global.id,
        activePeriod: 7,
        validityPeriod: 30,
      }),
    );

    expect(refused).toEqual({ code: 'EsimTopupUnavailable', details: { reason: 'tariff_not_topup' } });
  });

  it('is refused by a tariff that does not cover the countries of the eSIM', async () => {
    const { esims, tariffs, ledger, issued } = world();
    const esim = await issued();

    const refused = await refusal(
      topUp({ esims, tariffs, ledger, uow: new Uow() }, context, esim.iccid, {
        packageTemplateId: turkey.id,
        activePeriod: 15,
        validityPeriod: 30,
      }),
    );

    expect(refused).toEqual({
      code: 'EsimTopupUnavailable',
      details: { reason: 'coverage_mismatch', missing_countries: ['RU'] },
    });
  });

  it('is refused once every package has expired', async () => {
    const { esims, tariffs, ledger, issued } = world();
    const esim = await issued();
    const expiredAt = { accountId, now: new Date(now.getTime() + 31 * day) };

    const refused = await refusal(
      topUp({ esims, tariffs, ledger, uow: new Uow() }, expiredAt, esim.iccid, russiaRequest),
    );

    expect(refused).toEqual({ code: 'EsimTopupUnavailable', details: { reason: 'esim_expired' } });
  });

  it("answers 404 EsimNotFound for another account's eSIM", async () => {
    const { esims, tariffs, ledger, issued } = world();
    const esim = await issued();

    const refused = await refusal(
      topUp(
        { esims, tariffs, ledger, uow: new Uow() },
        { accountId: otherAccountId, now },
        esim.iccid,
        russiaRequest,
      ),
    );

    expect(refused.code).toBe('EsimNotFound');
  });

  it('offers the tariffs that would be accepted, and none once the eSIM expired', async () => {
    const { esims, tariffs, issued } = world();
    const esim = await issued();

    const offers = await topupOffers({ esims, tariffs }, context, esim.iccid, undefined);
    const later = await topupOffers(
      { esims, tariffs },
      { accountId, now: new Date(now.getTime() + 31 * day) },
      esim.iccid,
      undefined,
    );

    expect(offers.map((tariff) => tariff.id)).toEqual([russia.id, cis.id]);
    expect(later).toEqual([]);
  });
});

describe('sandbox usage', () => {
  it('activates the first package and stages its events with the change', async () => {
    const { esims, settings, issued } = world();
    const esim = await issued();
    const uow = new Uow();

    const pkg = await recordUsage({ esims, settings, uow }, context, esim.iccid, 900);
    esims.apply(uow.writes);

    expect(pkg).toMatchObject({ status: 'Active', usedMb: 900, activatedAt: now.toISOString() });
    expect(esims.committed.at(-1)?.notices.map((notice) => notice.type)).toEqual([
      'esim.package.usage_threshold_reached',
    ]);
  });

  it("fires at the account's thresholds as they are when the usage is reported", async () => {
    const { esims, settings, issued } = world();
    const esim = await issued();
    const uow = new Uow();
    changeEsimSettings({ settings, uow }, context, [90, 50]);
    settings.apply(uow.writes);

    const report = async (usedMb: number) => {
      const staged = new Uow();
      await recordUsage({ esims, settings, uow: staged }, context, esim.iccid, usedMb);
      esims.apply(staged.writes);
      return esims.committed.at(-1)?.notices;
    };

    expect(await report(600)).toEqual([
      { type: 'esim.package.usage_threshold_reached', packageId: esim.packages[0]?.packageId, threshold: 50 },
    ]);
    expect(await report(400)).toEqual([
      { type: 'esim.package.usage_threshold_reached', packageId: esim.packages[0]?.packageId, threshold: 90 },
    ]);
  });

  it('cannot send an event twice: a change decided on an old version is refused', async () => {
    const { esims, settings, issued } = world();
    const esim = await issued();
    const first = new Uow();
    const racing = new Uow();

    await recordUsage({ esims, settings, uow: first }, context, esim.iccid, 900);
    await recordUsage({ esims, settings, uow: racing }, context, esim.iccid, 900);
    esims.apply(first.writes);

    expect(() => esims.apply(racing.writes)).toThrow(ConcurrentChangeError);
  });

  it('is refused (422 naming iccid) when no package can take usage', async () => {
    const { esims, settings, issued } = world();
    const esim = await issued();
    const exhausted = addUsage(esim, 5000, now, [80]);
    if (exhausted) esims.esims.set(`${accountId}/${esim.iccid}`, exhausted.esim);

    const refused = await refusal(recordUsage({ esims, settings, uow: new Uow() }, context, esim.iccid, 1));

    expect(refused).toMatchObject({ code: 'ValidationError', details: { errors: [{ path: 'body.iccid' }] } });
  });
});

describe('eSIM settings', () => {
  it('are the default thresholds, [80], until the account sets its own', async () => {
    const settings = new MemoryEsimSettings();

    expect(await esimSettings(settings, accountId)).toEqual({ usageThresholds: [80], updatedAt: null });
  });

  it('are replaced as a whole, ascending, for this account only', async () => {
    const settings = new MemoryEsimSettings();
    const uow = new Uow();

    const changed = changeEsimSettings({ settings, uow }, context, [90, 50]);
    settings.apply(uow.writes);

    expect(changed).toEqual({ usageThresholds: [50, 90], updatedAt: now.toISOString() });
    expect(await esimSettings(settings, accountId)).toEqual(changed);
    expect((await esimSettings(settings, otherAccountId)).usageThresholds).toEqual([80]);
  });
});

describe('the expiry sweep', () => {
  it('sends the 3-day and the 1-day expiry notices once each, however often it runs', async () => {
    const { esims, issued } = world();
    const esim = await issued();
    const at = (days: number) => new Date(now.getTime() + days * day);

    const runs = [];
    for (const days of [26, 27, 27, 28, 29, 29]) runs.push(await sweepDuePackages(esims, at(days)));

    expect(runs).toEqual([0, 1, 0, 0, 1, 0]);
    expect(esims.committed.slice(-2).map((change) => change.notices)).toEqual([
      [{ type: 'esim.package.expiring', packageId: esim.packages[0]?.packageId, daysLeft: 3 }],
      [{ type: 'esim.package.expiring', packageId: esim.packages[0]?.packageId, daysLeft: 1 }],
    ]);
  });

  it('records every package past its time as Expired with its event, once', async () => {
    const { esims, issued } = world();
    const esim = await issued();
    const later = new Date(now.getTime() + 31 * day);

    const first = await sweepDuePackages(esims, later);
    const second = await sweepDuePackages(esims, later);

    expect(first).toBe(1);
    expect(second).toBe(0);
    expect((await esims.find(accountId, esim.iccid))?.packages[0]?.status).toBe('Expired');
    expect(esims.committed.at(-1)?.notices).toEqual([
      { type: 'esim.package.expired', packageId: esim.packages[0]?.packageId },
    ]);
  });

  it('skips an eSIM another change moved on meanwhile, and keeps going', async () => {
    const { esims, issued } = world();
    const lost = await issued();
    const kept = await issued();
    const later = new Date(now.getTime() + 31 * day);
    const commit = esims.commit.bind(esims);
    let calls = 0;
    esims.commit = async (writes) => {
      calls++;
      if (calls === 1) throw new ConcurrentChangeError('moved on');
      return commit(writes);
    };

    const expired = await sweepDuePackages(esims, later);

    expect(expired).toBe(1);
    const statuses = [lost, kept].map(
      (each) => esims.esims.get(`${accountId}/${each.iccid}`)?.packages[0]?.status,
    );
    expect(statuses.sort()).toEqual(['Expired', 'NotActive']);
  });
});

describe('the pool', () => {
  const deps = () => {
    const { pool } = world();
    return { pool, accounts: knownAccounts(accountId, otherAccountId) };
  };

  it('loads new ICCIDs and counts the ones it had, issued or waiting, and repeats', async () => {
    const { pool, accounts } = deps();
    const list = iccids(3);
    await loadPool({ pool, accounts }, accountId, list.slice(0, 1), now);

    const result = await loadPool({ pool, accounts }, accountId, [...list, list[2] as string], now);

    expect(result).toEqual({ added: 2, alreadyPresent: 2 });
    expect(await pool.counts(accountId)).toEqual({ available: 3, issued: 0 });
  });

  it('refuses malformed ICCIDs, naming each index, and loads none', async () => {
    const { pool, accounts } = deps();
    const [good] = iccids(1);

    const refused = await refusal(
      loadPool({ pool, accounts }, accountId, [good as string, '8988299000000000017', '12'], now),
    );

    expect(refused.code).toBe('ValidationError');
    expect((refused.details as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual([
      'body.iccids.1',
      'body.iccids.2',
    ]);
    expect(await pool.counts(accountId)).toEqual({ available: 0, issued: 0 });
  });

  it("refuses ICCIDs of another account's pool and loads none", async () => {
    const { pool, accounts } = deps();
    const list = iccids(2);
    await loadPool({ pool, accounts }, otherAccountId, list.slice(1), now);

    const refused = await refusal(loadPool({ pool, accounts }, accountId, list, now));

    expect(refused.code).toBe('ValidationError');
    expect((refused.details as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual([
      'body.iccids.1',
    ]);
    expect(await pool.counts(accountId)).toEqual({ available: 0, issued: 0 });
  });

  it('names the ICCIDs another load took while this one ran', async () => {
    const { pool, accounts } = deps();
    const list = iccids(2);
    pool.loadedElsewhereMeanwhile.add(list[1] as string);

    const refused = await refusal(loadPool({ pool, accounts }, accountId, list, now));

    expect((refused.details as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual([
      'body.iccids.1',
    ]);
  });

  it('answers 404 ResourceNotFound for an unknown account', async () => {
    const { pool } = deps();

    const refused = await refusal(loadPool({ pool, accounts: knownAccounts() }, accountId, iccids(1), now));

    expect(refused.code).toBe('ResourceNotFound');
  });

  it('links one reseller per account, refusing a second with 409 EsimResellerAlreadyLinked', async () => {
    const resellers = new MemoryResellers();
    const accounts = knownAccounts(accountId);
    const { pool } = deps();

    const first = new Uow();
    const second = new Uow();

    const link = await linkReseller({ accounts, resellers, uow: first }, accountId, 'reseller-1', now);
    resellers.apply(first.writes);
    await linkReseller({ accounts, resellers, uow: second }, accountId, 'reseller-2', now);
    const refused = await refusal((async () => resellers.apply(second.writes))());
    const status = await poolStatus({ pool, accounts, resellers }, accountId);

    expect(link).toEqual({ accountId, resellerId: 'reseller-1', linkedAt: now.toISOString() });
    expect(refused).toEqual({ code: 'EsimResellerAlreadyLinked', details: { reseller_id: 'reseller-1' } });
    expect(status.reseller?.resellerId).toBe('reseller-1');
  });
});
