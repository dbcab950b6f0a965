import { beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { call, createAccount, type Handler, idempotencyKey, partnerToken, seededCatalog } from './support.ts';

/**
 * eSIM tariffs are catalog items like lounges: employees edit them in the draft, and eSIM ordering
 * reads the published catalog through the account's contract (docs/catalog-admin.md, eSIM tariffs).
 */
interface Problem {
  code: string;
  status: number;
  details?: { errors?: { path: string }[] };
}
interface Order {
  order_id: string;
  package_template_id: string;
  price: { amount: string; currency: string };
}

let admin: Handler;
let catalog: Handler;
let esim: Handler;
let employee: string;

beforeAll(async () => {
  ({ admin, catalog, employee } = await seededCatalog());
  esim = (await import('../../../functions/esim/handler.ts')).handler;
}, 60_000);

const tariffForm = (name: string, amount: string, validityDays = 14) => ({
  name: { 'en-US': name, 'ru-RU': `${name} (ru)` },
  coverage: ['DE', 'FR'],
  data_mb: 5120,
  validity_days: validityDays,
  topup_allowed: true,
  price: { amount, currency: 'EUR' },
});

const publish = async () => {
  const published = await call<{ changed: boolean }>(admin, 'publishCatalog', { token: employee });
  expect(published.status).toBe(200);
  // Like a container started after the publication: no view of the catalog cached from before.
  resetModuleCaches();
};

async function partner() {
  const accountId = await createAccount('eSIM tariff partner');
  const token = await partnerToken(accountId, ['catalog.esim:read', 'esim:write', 'esim:read']);
  const as = { token, certificateOf: accountId };
  return {
    accountId,
    tariff: (tariffId: string) =>
      call<Problem & { id: string }>(catalog, 'getEsimTariff', { ...as, params: { tariffID: tariffId } }),
    order: (tariffId: string, activePeriod = 14) =>
      call<Order & Problem>(esim, 'createEsimOrder', {
        ...as,
        headers: idempotencyKey(),
        body: { package_template_id: tariffId, active_period: activePeriod, validity_period: 30 },
      }),
    readOrder: (orderId: string) =>
      call<Order>(esim, 'getEsimOrder', { ...as, params: { orderID: orderId } }),
  };
}

describe('eSIM tariffs administered in the catalog', () => {
  it('can be ordered once published, on the terms of the version the order was made on', async () => {
    const buyer = await partner();
    const created = await call<{ id: string }>(admin, 'createCatalogTariff', {
      token: employee,
      headers: idempotencyKey(),
      body: tariffForm('Admin Europe 5 GB', '12.50'),
    });
    const tariffId = created.body.id;
    const beforePublish = await buyer.order(tariffId);

    await publish();
    const listed = await buyer.tariff(tariffId);
    const first = await buyer.order(tariffId);
    const wrongPeriod = await buyer.order(tariffId, 30);
    await call(admin, 'replaceCatalogTariff', {
      token: employee,
      params: { tariffID: tariffId },
      body: tariffForm('Admin Europe 5 GB', '14.00'),
    });
    await publish();
    const second = await buyer.order(tariffId);
    const firstAgain = await buyer.readOrder(first.body.order_id);

    expect(created.status).toBe(201);
    expect(beforePublish.status).toBe(404);
    expect(beforePublish.body.code).toBe('CatalogResourceNotFound');
    expect(listed.status).toBe(200);
    expect(first.status).toBe(201);
    expect(first.body.price).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(wrongPeriod.status).toBe(422);
    expect(wrongPeriod.body.details?.errors?.map((error) => error.path)).toEqual(['body.active_period']);
    expect(second.status).toBe(201);
    expect(second.body.price).toEqual({ amount: '14.00', currency: 'EUR' });
    expect(firstAgain.body.price).toEqual({ amount: '12.50', currency: 'EUR' });
  });

  it('leave ordering when deactivated and published, or when the contract leaves them out', async () => {
    const buyer = await partner();
    const bounded = await partner();
    const tariffIds: string[] = [];
    for (const name of ['Admin Retired 1 GB', 'Admin Kept 1 GB']) {
      const created = await call<{ id: string }>(admin, 'createCatalogTariff', {
        token: employee,
        headers: idempotencyKey(),
        body: tariffForm(name, '3.00', 7),
      });
      tariffIds.push(created.body.id);
    }
    const [retired = '', kept = ''] = tariffIds;
    await publish();
    const contract = await call(admin, 'createAccountContract', {
      token: employee,
      params: { accountID: bounded.accountId },
      headers: idempotencyKey(),
      body: { lounges: 'all', fast_tracks: 'all', tariffs: [retired] },
    });
    await call(admin, 'deactivateCatalogTariff', { token: employee, params: { tariffID: retired } });
    const orderableUntilPublished = await buyer.order(retired, 7);

    await publish();
    const retiredRead = await buyer.tariff(retired);
    const retiredOrder = await buyer.order(retired, 7);
    const keptOrder = await buyer.order(kept, 7);
    const outsideContract = await bounded.order(kept, 7);

    expect(contract.status).toBe(201);
    expect(orderableUntilPublished.status).toBe(201);
    expect(retiredRead.status).toBe(404);
    expect(retiredRead.body.code).toBe('CatalogResourceNotFound');
    expect(retiredOrder.status).toBe(404);
    expect(retiredOrder.body.code).toBe('CatalogResourceNotFound');
    expect(keptOrder.status).toBe(201);
    expect(outsideContract.status).toBe(404);
    expect(outsideContract.body.code).toBe('CatalogResourceNotFound');
  });

  it('refuse a validity_days no order could match (422 on the field)', async () => {
    const refused = await call<Problem>(admin, 'createCatalogTariff', {
      token: employee,
      headers: idempotencyKey(),
      body: tariffForm('Admin Forever', '1.00', 3651),
    });

    expect(refused.status).toBe(422);
    expect(refused.body.details?.errors?.map((error) => error.path)).toEqual(['body.validity_days']);
  });
});
