import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  asOperator,
  esimPartner,
  forgetConfirmAnswer,
  type Json,
  loadPool,
  orderBody,
  poolPath,
  storedItems,
  tariffs,
  testIccids,
  timePasses,
} from './helpers.ts';

describe('idempotent eSIM orders', () => {
  it('replays the first response for the same key and body, creating nothing new', async () => {
    const partner = await esimPartner(0);
    const key = randomUUID();
    const first = await partner.order(orderBody(), key);

    const replay = await partner.order(
      { validity_period: 30, active_period: 7, package_template_id: tariffs.russia },
      key,
    );

    expect(first.headers['idempotency-status']).toBe('created');
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(replay.headers['idempotency-key']).toBe(key);
    expect(replay.body).toEqual(first.body);
    expect(await storedItems(partner.accountId, 'ESIM_ORDER#')).toHaveLength(1);
  });

  it('refuses the same key with another body with 409 IdempotencyConflict', async () => {
    const partner = await esimPartner(0);
    const key = randomUUID();
    await partner.order(orderBody(), key);

    const conflict = await partner.order(orderBody({ validity_period: 31 }), key);

    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('IdempotencyConflict');
    expect(await storedItems(partner.accountId, 'ESIM_ORDER#')).toHaveLength(1);
  });

  it('requires the Idempotency-Key header (422)', async () => {
    const partner = await esimPartner(0);

    const response = await partner.call('POST', '/v2/b2b/fulfilment/esims', { body: orderBody() });

    expect(response.status).toBe(422);
    expect(response.body.details).toMatchObject({ errors: [{ path: 'headers.idempotency-key' }] });
  });

  it('makes exactly one order of 20 concurrent requests with one key', async () => {
    const partner = await esimPartner(0);
    const key = randomUUID();

    const responses = await Promise.all(Array.from({ length: 20 }, () => partner.order(orderBody(), key)));

    const created = responses.filter((response) => response.status === 201);
    // A request that arrives while the first is still in flight is told to retry (409 + Retry-After).
    const inFlight = responses.filter((response) => response.status === 409);
    expect(created.length + inFlight.length).toBe(20);
    for (const response of inFlight) {
      expect(response.body.code).toBe('IdempotencyConflict');
      expect(response.headers['retry-after']).toBeDefined();
    }
    expect(new Set(created.map((response) => response.body.order_id)).size).toBe(1);
    expect(created.filter((response) => response.headers['idempotency-status'] === 'created')).toHaveLength(
      1,
    );
    expect(await storedItems(partner.accountId, 'ESIM_ORDER#')).toHaveLength(1);
  });
});

describe('idempotent top-ups', () => {
  const topUpBody = () => orderBody({ package_template_id: tariffs.russiaLarge, active_period: 30 });

  it('replays the package for the same key, iccid and body, adding one package only', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    const key = randomUUID();

    const first = await partner.topUp(iccid, topUpBody(), key);
    const replay = await partner.topUp(iccid, topUpBody(), key);
    const esim = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);

    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(replay.body).toEqual(first.body);
    expect(esim.body.packages as Json[]).toHaveLength(2);
  });

  it('replays its 201 for the same key after the eSIM expired, where running it again would be 409', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    const key = randomUUID();
    const first = await partner.topUp(iccid, topUpBody(), key);
    await timePasses(partner.accountId, iccid);

    const retry = await partner.topUp(iccid, topUpBody(), key);
    const fresh = await partner.topUp(iccid, topUpBody(), randomUUID());

    expect(first.status).toBe(201);
    expect([retry.status, retry.headers['idempotency-status']]).toEqual([201, 'reused']);
    expect(retry.body).toEqual(first.body);
    expect([fresh.status, fresh.body.code]).toEqual([409, 'EsimTopupUnavailable']);
  });

  it('compares the iccid too: the same key and body on another eSIM is a conflict', async () => {
    const partner = await esimPartner(2);
    const one = (await partner.issued()).iccid as string;
    const two = (await partner.issued()).iccid as string;
    const key = randomUUID();
    await partner.topUp(one, topUpBody(), key);

    const conflict = await partner.topUp(two, topUpBody(), key);

    expect([conflict.status, conflict.body.code]).toEqual([409, 'IdempotencyConflict']);
  });

  it('refuses the same key with another body', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    const key = randomUUID();
    await partner.topUp(iccid, topUpBody(), key);

    const conflict = await partner.topUp(iccid, { ...topUpBody(), validity_period: 60 }, key);

    expect([conflict.status, conflict.body.code]).toEqual([409, 'IdempotencyConflict']);
  });

  it('adds one package for 20 concurrent requests with one key', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    const key = randomUUID();

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => partner.topUp(iccid, topUpBody(), key)),
    );
    const esim = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);

    const created = responses.filter((response) => response.status === 201);
    expect(created.length + responses.filter((response) => response.status === 409).length).toBe(20);
    expect(new Set(created.map((response) => response.body.package_id)).size).toBe(1);
    expect(esim.body.packages as Json[]).toHaveLength(2);
  });
});

describe('confirm with an Idempotency-Key', () => {
  it('replays the eSIM for the same key', async () => {
    const partner = await esimPartner(2);
    const orderId = (await partner.order()).body.order_id as string;
    const key = randomUUID();

    const first = await partner.confirm(orderId, { 'idempotency-key': key });
    const replay = await partner.confirm(orderId, { 'idempotency-key': key });

    expect(first.status).toBe(200);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(replay.body).toEqual(first.body);
  });

  it('answers 200 with the same ICCID when retried after its eSIM was issued but its answer never stored', async () => {
    const partner = await esimPartner(3);
    const orderId = (await partner.order()).body.order_id as string;
    const key = randomUUID();
    const first = await partner.confirm(orderId, { 'idempotency-key': key });
    await forgetConfirmAnswer(partner.accountId, key);

    const retry = await partner.confirm(orderId, { 'idempotency-key': key });
    const pool = await asOperator('GET', poolPath(partner.accountId));

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotency-status']).toBe('created');
    expect(retry.body.iccid).toBe(first.body.iccid);
    expect(retry.body.order_id).toBe(orderId);
    expect(await storedItems(partner.accountId, 'ESIM#')).toHaveLength(1);
    expect(pool.body).toMatchObject({ available: 2, issued: 1 });
  });

  it('replays EsimPoolExhausted under its key after the pool is refilled, taking no ICCID', async () => {
    const partner = await esimPartner(0);
    const orderId = (await partner.order()).body.order_id as string;
    const key = randomUUID();
    const exhausted = await partner.confirm(orderId, { 'idempotency-key': key });
    expect((await loadPool(partner.accountId, testIccids(1))).status).toBe(201);

    const replay = await partner.confirm(orderId, { 'idempotency-key': key });
    const order = await partner.call('GET', `/v2/b2b/fulfilment/orders/${orderId}`);
    const pool = await asOperator('GET', poolPath(partner.accountId));

    expect([exhausted.status, exhausted.body.code]).toEqual([409, 'EsimPoolExhausted']);
    expect([replay.status, replay.body.code]).toEqual([409, 'EsimPoolExhausted']);
    expect(replay.headers['idempotency-status']).toBe('reused');
    expect(order.body.status).toBe('Pending');
    expect(pool.body).toMatchObject({ available: 1, issued: 0 });
    expect((await partner.confirm(orderId, { 'idempotency-key': randomUUID() })).status).toBe(200);
  });

  it('refuses a key used on another order with 409 IdempotencyConflict, confirming nothing', async () => {
    const partner = await esimPartner(3);
    const one = (await partner.order()).body.order_id as string;
    const two = (await partner.order()).body.order_id as string;
    const key = randomUUID();
    await partner.confirm(one, { 'idempotency-key': key });

    const conflict = await partner.confirm(two, { 'idempotency-key': key });
    const order = await partner.call('GET', `/v2/b2b/fulfilment/orders/${two}`);
    const pool = await asOperator('GET', poolPath(partner.accountId));

    expect([conflict.status, conflict.body.code]).toEqual([409, 'IdempotencyConflict']);
    expect(order.body).toMatchObject({ status: 'Pending', iccid: null });
    expect(pool.body).toMatchObject({ available: 2, issued: 1 });
  });
});
