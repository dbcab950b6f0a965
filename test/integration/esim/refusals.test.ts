import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { type EsimPartner, esimPartner, type Json, orderBody, tariffs, timePasses } from './helpers.ts';

let partner: EsimPartner;
let other: EsimPartner;
let iccid: string;
let orderId: string;

beforeAll(async () => {
  [partner, other] = await Promise.all([esimPartner(5), esimPartner(5)]);
  const created = await partner.order();
  orderId = created.body.order_id as string;
  iccid = (await partner.confirm(orderId)).body.iccid as string;
});

describe('order validation', () => {
  it("refuses an active_period other than the tariff's validity_days with 422 naming the field", async () => {
    const refused = await partner.order(orderBody({ active_period: 30 }));

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
    expect(refused.body.details).toEqual({
      errors: [{ path: 'body.active_period', message: expect.stringContaining('Must be 7') }],
    });
  });

  it.each([0, 366, 1.5, '30'])('refuses validity_period %j with 422 naming the field', async (value) => {
    const refused = await partner.order(orderBody({ validity_period: value }));

    expect(refused.status).toBe(422);
    expect((refused.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe(
      'body.validity_period',
    );
  });

  it('refuses unknown fields and missing ones with 422', async () => {
    const unknown = await partner.order(orderBody({ iccid: '1' }));
    const missing = await partner.order({ package_template_id: tariffs.russia, active_period: 7 });

    expect(unknown.status).toBe(422);
    expect(missing.status).toBe(422);
    expect((missing.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe(
      'body.validity_period',
    );
  });

  it('refuses a tariff outside the contract with 404 CatalogResourceNotFound', async () => {
    const seeded = api(1);

    const refused = await seeded.request<Json>('POST', '/v2/b2b/fulfilment/esims', {
      token: await seeded.token(),
      body: orderBody({ package_template_id: tariffs.usa, active_period: 30 }),
      headers: { 'idempotency-key': randomUUID() },
    });

    expect([refused.status, refused.body.code]).toEqual([404, 'CatalogResourceNotFound']);
  });

  it('refuses an unknown tariff with 404 CatalogResourceNotFound', async () => {
    const refused = await partner.order(orderBody({ package_template_id: randomUUID() }));

    expect([refused.status, refused.body.code]).toEqual([404, 'CatalogResourceNotFound']);
  });
});

describe('tenant isolation', () => {
  it("answers 404 ResourceNotFound for another account's order, on read and confirm", async () => {
    const read = await other.call('GET', `/v2/b2b/fulfilment/orders/${orderId}`);
    const confirm = await other.confirm(orderId);

    expect([read.status, read.body.code]).toEqual([404, 'ResourceNotFound']);
    expect([confirm.status, confirm.body.code]).toEqual([404, 'ResourceNotFound']);
  });

  it("answers 404 EsimNotFound for another account's eSIM on every eSIM operation", async () => {
    const responses = await Promise.all([
      other.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`),
      other.call('GET', `/v2/b2b/fulfilment/esims/${iccid}/topups`),
      other.topUp(iccid),
      other.usage(iccid, 1),
    ]);

    for (const response of responses)
      expect([response.status, response.body.code]).toEqual([404, 'EsimNotFound']);
  });

  it("leaves another account's eSIMs out of the list", async () => {
    const list = await other.call('GET', '/v2/b2b/fulfilment/esims?limit=200');

    expect((list.body.data as Json[]).map((esim) => esim.iccid)).not.toContain(iccid);
  });

  it('answers 404 ResourceNotFound for an order that does not exist', async () => {
    const read = await partner.call('GET', `/v2/b2b/fulfilment/orders/${randomUUID()}`);

    expect([read.status, read.body.code]).toEqual([404, 'ResourceNotFound']);
  });
});

describe('paths and scopes', () => {
  it('refuses a malformed ICCID in the path with 422 naming it', async () => {
    const refused = await partner.call('GET', '/v2/b2b/fulfilment/esims/8988299000000000017');

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
    expect((refused.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe('path.iccid');
  });

  it('refuses a cursor it did not issue with 422', async () => {
    const refused = await partner.call('GET', '/v2/b2b/fulfilment/esims?cursor=bm90LWEtY3Vyc29y');

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
  });

  it('needs esim:write to order and esim:read to read (403 otherwise)', async () => {
    const reader = await esimPartner(0, ['esim:read']);
    const writer = await esimPartner(0, ['esim:write']);

    const order = await reader.order();
    const list = await writer.call('GET', '/v2/b2b/fulfilment/esims');

    expect([order.status, order.body.code]).toEqual([403, 'Forbidden']);
    expect([list.status, list.body.code]).toEqual([403, 'Forbidden']);
  });
});

describe('top-up refusals', () => {
  it('refuses a tariff not sold as a top-up with 409 EsimTopupUnavailable', async () => {
    const refused = await partner.topUp(iccid, orderBody({ package_template_id: tariffs.global }));

    expect([refused.status, refused.body.code]).toEqual([409, 'EsimTopupUnavailable']);
    expect(refused.body.details).toEqual({ reason: 'tariff_not_topup' });
  });

  it("refuses a tariff that does not cover the eSIM's countries with 409 EsimTopupUnavailable", async () => {
    const refused = await partner.topUp(
      iccid,
      orderBody({ package_template_id: tariffs.turkey, active_period: 15 }),
    );

    expect([refused.status, refused.body.code]).toEqual([409, 'EsimTopupUnavailable']);
    expect(refused.body.details).toEqual({ reason: 'coverage_mismatch', missing_countries: ['RU'] });
  });

  it('refuses an expired eSIM with 409 EsimTopupUnavailable, and offers it nothing', async () => {
    const expiring = await esimPartner(1);
    const expired = (await expiring.issued()).iccid as string;
    await timePasses(expiring.accountId, expired);

    const refused = await expiring.topUp(expired);
    const offers = await expiring.call('GET', `/v2/b2b/fulfilment/esims/${expired}/topups`);

    expect([refused.status, refused.body.code]).toEqual([409, 'EsimTopupUnavailable']);
    expect(refused.body.details).toEqual({ reason: 'esim_expired' });
    expect(offers.body).toEqual({ data: [] });
  });

  it("refuses an active_period other than the top-up tariff's validity_days with 422", async () => {
    const refused = await partner.topUp(iccid, orderBody({ package_template_id: tariffs.russiaLarge }));

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
    expect((refused.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe(
      'body.active_period',
    );
  });
});

describe('sandbox usage refusals', () => {
  it('refuses usage on an eSIM with no package left with 422 naming iccid', async () => {
    const spent = await esimPartner(1);
    const esim = (await spent.issued()).iccid as string;
    await spent.usage(esim, 1024);

    const refused = await spent.usage(esim, 1);

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
    expect((refused.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe('body.iccid');
  });

  it('refuses used_mb below 1 with 422', async () => {
    const refused = await partner.usage(iccid, 0);

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
  });
});
