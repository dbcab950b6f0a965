import { describe, expect, it } from 'vitest';
import { onboardPartner } from '../../support/onboard.ts';
import { asOperator, esimPartner, type Json, loadPool, poolPath, testIccids } from './helpers.ts';

describe('the pool under concurrency', () => {
  it('gives 50 concurrent confirms on a pool of 10 exactly 10 eSIMs and 40 EsimPoolExhausted', {
    timeout: 90_000,
  }, async () => {
    const partner = await esimPartner(10);
    const orders = await Promise.all(Array.from({ length: 50 }, () => partner.order()));
    expect(orders.every((order) => order.status === 201)).toBe(true);

    const confirms = await Promise.all(orders.map((order) => partner.confirm(order.body.order_id as string)));

    const issued = confirms.filter((response) => response.status === 200);
    const refused = confirms.filter((response) => response.status !== 200);
    expect(issued).toHaveLength(10);
    expect(new Set(issued.map((response) => response.body.iccid)).size).toBe(10);
    expect(refused.map((response) => [response.status, response.body.code])).toEqual(
      Array(40).fill([409, 'EsimPoolExhausted']),
    );
    const pool = await asOperator('GET', poolPath(partner.accountId));
    expect(pool.body).toMatchObject({ available: 0, issued: 10 });
  });

  it('leaves a refused order Pending, to be confirmed once the pool is refilled', async () => {
    const partner = await esimPartner(0);
    const orderId = (await partner.order()).body.order_id as string;

    const refused = await partner.confirm(orderId);
    const order = await partner.call('GET', `/v2/b2b/fulfilment/orders/${orderId}`);
    await loadPool(partner.accountId, testIccids(1));
    const confirmed = await partner.confirm(orderId);

    expect([refused.status, refused.body.code]).toEqual([409, 'EsimPoolExhausted']);
    expect(order.body.status).toBe('Pending');
    expect(confirmed.status).toBe(200);
  });
});

describe('loading a pool', () => {
  it('answers 201 with the ICCIDs added and those already present, and counts them', async () => {
    const partner = await esimPartner(0);
    const iccids = testIccids(5);
    await loadPool(partner.accountId, iccids.slice(0, 2));
    await partner.issued();

    const loaded = await loadPool(partner.accountId, iccids);
    const pool = await asOperator('GET', poolPath(partner.accountId));

    expect(loaded.status).toBe(201);
    expect(loaded.body).toEqual({ account_id: partner.accountId, added: 3, already_present: 2 });
    expect(pool.body).toEqual({ account_id: partner.accountId, available: 4, issued: 1, reseller_id: null });
  });

  it('never takes an issued ICCID back into the pool', async () => {
    const partner = await esimPartner(1);
    const esim = await partner.issued();

    const reload = await loadPool(partner.accountId, [esim.iccid as string]);
    const pool = await asOperator('GET', poolPath(partner.accountId));

    expect(reload.body).toMatchObject({ added: 0, already_present: 1 });
    expect(pool.body).toMatchObject({ available: 0, issued: 1 });
  });

  it('refuses malformed ICCIDs with 422 naming each bad index, and loads nothing', async () => {
    const partner = await esimPartner(0);
    const [good, other] = testIccids(2);
    const wrongCheckDigit = `${(other as string).slice(0, -1)}${(Number((other as string).at(-1)) + 1) % 10}`;

    const refused = await loadPool(partner.accountId, [
      good as string,
      wrongCheckDigit,
      '7988299000000000016',
      '89123',
    ]);
    const pool = await asOperator('GET', poolPath(partner.accountId));

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ValidationError');
    const errors = (refused.body.details as { errors: { path: string; message: string }[] }).errors;
    expect(errors.map((error) => error.path)).toEqual(['body.iccids.1', 'body.iccids.2', 'body.iccids.3']);
    expect(errors[0]?.message).toMatch(/check digit/);
    expect(pool.body).toMatchObject({ available: 0, issued: 0 });
  });

  it("refuses ICCIDs of another account's pool, naming them, and loads nothing", async () => {
    const [mine, theirs] = await Promise.all([esimPartner(0), esimPartner(0)]);
    const iccids = testIccids(3);
    await loadPool(theirs.accountId, iccids.slice(2));

    const refused = await loadPool(mine.accountId, iccids);
    const pool = await asOperator('GET', poolPath(mine.accountId));

    expect(refused.status).toBe(422);
    expect((refused.body.details as { errors: { path: string }[] }).errors).toEqual([
      { path: 'body.iccids.2', message: 'This ICCID belongs to another account.' },
    ]);
    expect(pool.body).toMatchObject({ available: 0 });
  });

  it('takes at most 1000 ICCIDs per request', async () => {
    const partner = await esimPartner(0);

    const refused = await loadPool(
      partner.accountId,
      testIccids(1).concat(Array(1000).fill(testIccids(1)[0])),
    );

    expect(refused.status).toBe(422);
    expect((refused.body.details as { errors: { path: string }[] }).errors[0]?.path).toBe('body.iccids');
  });

  it('answers 404 ResourceNotFound for an unknown account', async () => {
    const loaded = await loadPool('5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', testIccids(1));
    const read = await asOperator('GET', poolPath('5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b'));

    expect([loaded.status, loaded.body.code]).toEqual([404, 'ResourceNotFound']);
    expect([read.status, read.body.code]).toEqual([404, 'ResourceNotFound']);
  });

  it('is an operator operation: a partner token is refused with 403', async () => {
    const partner = await esimPartner(0);

    const refused = await partner.call('POST', poolPath(partner.accountId), {
      body: { iccids: testIccids(1) },
    });

    expect([refused.status, refused.body.code]).toEqual([403, 'Forbidden']);
  });
});

describe('the reseller link', () => {
  it('links once and refuses a second link with 409 EsimResellerAlreadyLinked', async () => {
    const partner = await onboardPartner(['esim:read'], 'eSIM reseller test');
    const path = `/v2/admin/accounts/${partner.accountId}/esim-reseller`;

    const linked = await asOperator('POST', path, { reseller_id: 'reseller-0042' });
    const again = await asOperator('POST', path, { reseller_id: 'reseller-0043' });
    const pool = await asOperator<Json>('GET', poolPath(partner.accountId));

    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ account_id: partner.accountId, reseller_id: 'reseller-0042' });
    expect([again.status, again.body.code]).toEqual([409, 'EsimResellerAlreadyLinked']);
    expect(again.body.details).toEqual({ reseller_id: 'reseller-0042' });
    expect(pool.body.reseller_id).toBe('reseller-0042');
  });

  it('refuses a malformed reseller id with 422', async () => {
    const partner = await onboardPartner(['esim:read'], 'eSIM reseller test');

    const refused = await asOperator('POST', `/v2/admin/accounts/${partner.accountId}/esim-reseller`, {
      reseller_id: 'has spaces',
    });

    expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
  });
});
