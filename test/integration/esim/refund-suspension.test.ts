import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../../shared/domain/billing/model.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { asAdmin, employeeLogin } from '../../support/employees.ts';
import {
  type EsimPartner,
  esimPartner,
  eventsOf,
  type Json,
  loadPool,
  orderBody,
  storedEsim,
  tariffs,
} from './helpers.ts';

/*
 * The partner's refund, suspend and resume of its eSIMs (docs/esim.md, Refund; Suspension) on the
 * local stage: ledger line and event in the change's transaction, every refusal with its status and
 * code, 20 racing refunds and top-ups, retired ICCIDs, tenant isolation.
 */

afterAll(async () => {
  await employeeLogin.close();
});

const scopes = ['esim:write', 'esim:read', 'billing:read'];
const esimPath = (iccid: string, action: string) => `/v2/b2b/fulfilment/esims/${iccid}/${action}`;
const lines = `/v2/b2b/billing/statements/${periodOf(new Date())}/lines`;

function act(
  partner: EsimPartner,
  iccid: string,
  action: string,
  reason = 'Trip cancelled',
  key = randomUUID(),
) {
  return partner.call('POST', esimPath(iccid, action), {
    body: { reason },
    headers: { 'idempotency-key': key },
  });
}

/** Rewrites the stored eSIM (what the SM-DP+ slice or the passing of days would change). */
async function patchStored(partner: EsimPartner, iccid: string, fields: Json): Promise<void> {
  const item = await storedEsim(partner.accountId, iccid);
  if (!item) throw new Error(`No eSIM ${iccid}`);
  await documentClient().send(
    new PutCommand({ TableName: endpoints().tables.main, Item: { ...item, ...fields } }),
  );
}

const statusEvents = async (iccid: string) =>
  (await eventsOf(iccid))
    .filter((event) => event.event === 'esim.status.changed')
    .map((event) => event.data as Json);

describe('refund', () => {
  it("answers the eSIM Refunded, credits the order's price and sends esim.status.changed; a replay changes nothing", async () => {
    const partner = await esimPartner(2, scopes);
    const esim = await partner.issued();
    const iccid = esim.iccid as string;
    const key = randomUUID();

    const refunded = await act(partner, iccid, 'refund', 'Trip cancelled', key);
    const replay = await act(partner, iccid, 'refund', 'Trip cancelled', key);

    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ iccid, status: 'Refunded', order_id: esim.order_id });
    expect(replay.body).toEqual(refunded.body);
    expect((await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`)).body.status).toBe('Refunded');
    const ledger = (await partner.call('GET', lines)).body.data as Json[];
    expect(ledger.map((line) => [line.kind, line.amount, line.iccid])).toEqual([
      ['esim', '3.00', iccid],
      ['esim_refund', '-3.00', iccid],
    ]);
    expect(ledger[1]).toMatchObject({ order_id: esim.order_id, currency: 'USD' });
    expect(await statusEvents(iccid)).toEqual([{ iccid, status: 'Refunded', previous_status: 'NotActive' }]);
    const stored = await storedEsim(partner.accountId, iccid);
    expect(stored).toMatchObject({ refunded_at: expect.any(String) });
    expect(stored).not.toHaveProperty('gsi1pk');
  });

  it.each([
    ['already_refunded', async (partner: EsimPartner, iccid: string) => act(partner, iccid, 'refund')],
    ['suspended', async (partner: EsimPartner, iccid: string) => act(partner, iccid, 'suspend')],
    ['usage_recorded', async (partner: EsimPartner, iccid: string) => partner.usage(iccid, 1)],
    [
      'profile_downloaded',
      (partner: EsimPartner, iccid: string) =>
        patchStored(partner, iccid, {
          profile: {
            state: 'Downloaded',
            eid: '89049032000000000000000000000001',
            updated_at: new Date().toISOString(),
          },
        }),
    ],
    [
      'refund_window_passed',
      (partner: EsimPartner, iccid: string) =>
        patchStored(partner, iccid, { created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() }),
    ],
  ])('refuses with 409 EsimRefundUnavailable, reason %s, writing no line', async (reason, prepare) => {
    const partner = await esimPartner(1, scopes);
    const iccid = (await partner.issued()).iccid as string;
    await prepare(partner, iccid);
    const before = ((await partner.call('GET', lines)).body.data as Json[]).length;

    const refused = await act(partner, iccid, 'refund');

    expect([refused.status, refused.body.code]).toEqual([409, 'EsimRefundUnavailable']);
    expect(refused.body.details).toEqual({ reason });
    expect((await partner.call('GET', lines)).body.data).toHaveLength(before);
  });

  it('refunds a profile the SM-DP+ reports Released', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    await patchStored(partner, iccid, {
      profile: { state: 'Released', eid: null, updated_at: new Date().toISOString() },
    });

    expect((await act(partner, iccid, 'refund')).status).toBe(200);
  });

  it('leaves a refunded eSIM with no top-up, usage, suspend or resume (409)', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    expect((await act(partner, iccid, 'refund')).status).toBe(200);

    const topUp = await partner.topUp(iccid);
    const usage = await partner.usage(iccid, 10);
    const suspend = await act(partner, iccid, 'suspend');
    const resume = await act(partner, iccid, 'resume');
    const adminSuspend = await asAdmin<Json>('POST', `/api/v1/admin/esims/${iccid}/suspend`, {
      body: { reason: 'Fraud' },
    });

    expect([topUp.status, topUp.body.code, topUp.body.details]).toEqual([
      409,
      'EsimTopupUnavailable',
      { reason: 'esim_refunded' },
    ]);
    for (const refused of [usage, suspend, resume, adminSuspend]) {
      expect([refused.status, refused.body.code]).toEqual([409, 'EsimInvalidState']);
      expect(refused.body.details).toMatchObject({ status: 'Refunded', reason: 'esim_refunded' });
    }
  });

  it('retires the ICCID: a reload of it adds nothing, another account cannot load it, and no confirm issues it again', async () => {
    const partner = await esimPartner(1);
    const other = await esimPartner(0);
    const iccid = (await partner.issued()).iccid as string;
    expect((await act(partner, iccid, 'refund')).status).toBe(200);

    const reload = await loadPool(partner.accountId, [iccid]);
    const elsewhere = await loadPool(other.accountId, [iccid]);
    const order = await partner.order();
    const confirm = await partner.confirm(order.body.order_id as string);

    expect(reload.body).toMatchObject({ added: 0, already_present: 1 });
    expect(elsewhere.status).toBe(422);
    expect([confirm.status, confirm.body.code]).toEqual([409, 'EsimPoolExhausted']);
    expect((await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`)).body.status).toBe('Refunded');
  });

  it("answers 404 EsimNotFound for another account's eSIM on refund, suspend and resume", async () => {
    const [partner, other] = await Promise.all([esimPartner(1), esimPartner(0)]);
    const iccid = (await partner.issued()).iccid as string;

    for (const action of ['refund', 'suspend', 'resume']) {
      const refused = await act(other, iccid, action);
      expect([refused.status, refused.body.code], action).toEqual([404, 'EsimNotFound']);
    }
    expect((await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`)).body.status).toBe('NotActive');
  });

  it('is 422 without a reason and 403 without esim:write', async () => {
    const partner = await esimPartner(1);
    const reader = await esimPartner(0, ['esim:read']);
    const iccid = (await partner.issued()).iccid as string;

    const noReason = await partner.call('POST', esimPath(iccid, 'refund'), {
      body: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    const forbidden = await act(reader, iccid, 'refund');

    expect([noReason.status, noReason.body.code]).toEqual([422, 'ValidationError']);
    expect(forbidden.status).toBe(403);
  });
});

describe('20 concurrent refunds and top-ups on one eSIM', () => {
  it('end in one consistent state: one refund, and every top-up that won committed before it', async () => {
    const partner = await esimPartner(1, scopes);
    const iccid = (await partner.issued()).iccid as string;
    const topUpBody = orderBody({ package_template_id: tariffs.cis, active_period: 30 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? act(partner, iccid, 'refund').then((answer) => ({ kind: 'refund', answer }))
          : partner.topUp(iccid, topUpBody).then((answer) => ({ kind: 'topup', answer })),
      ),
    );

    const of = (kind: string, status: number) =>
      answers.filter((each) => each.kind === kind && each.answer.status === status);
    for (const { kind, answer } of answers) {
      expect([200, 201, 409, 503], `${kind}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
    }
    for (const { answer } of [...of('refund', 409), ...of('topup', 409)]) {
      expect(answer.body.details).toMatchObject({
        reason: expect.stringMatching(/^(already_refunded|esim_refunded)$/),
      });
    }
    // Contention may leave every refund at 503 (retry later): the retry then refunds.
    if (of('refund', 200).length === 0) expect((await act(partner, iccid, 'refund')).status).toBe(200);
    const refunds = Math.max(1, of('refund', 200).length);
    const topUps = of('topup', 201).length;

    const esim = await partner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`);
    const stored = await storedEsim(partner.accountId, iccid);
    const ledger = (await partner.call('GET', lines)).body.data as Json[];
    expect(refunds).toBe(1);
    expect(esim.body.status).toBe('Refunded');
    expect(esim.body.packages).toHaveLength(1 + topUps);
    // Every committed change moved the version by one (the issue, the top-ups, the refund), and a top-up
    // reads the version it writes on: none can have committed on the refunded version. (Request times
    // say nothing of commit order: a refund run again on fresh reads keeps its request's time.)
    expect(stored?.version).toBe(1 + topUps + 1);
    expect(ledger.filter((line) => line.kind === 'esim_topup')).toHaveLength(topUps);
    expect(ledger.filter((line) => line.kind === 'esim_refund')).toHaveLength(1);
    expect(await statusEvents(iccid)).toEqual([{ iccid, status: 'Refunded', previous_status: 'NotActive' }]);
  });
});

describe('suspension by the partner', () => {
  it('blocks top-ups and usage, resume restores them, each change sends esim.status.changed', async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    const key = randomUUID();

    const suspended = await act(partner, iccid, 'suspend', 'Fraud suspected', key);
    const replay = await act(partner, iccid, 'suspend', 'Fraud suspected', key);
    const topUp = await partner.topUp(iccid);
    const usage = await partner.usage(iccid, 10);
    const twice = await act(partner, iccid, 'suspend');

    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ iccid, status: 'Suspended' });
    expect(replay.body).toEqual(suspended.body);
    expect([topUp.status, topUp.body.details]).toEqual([409, { reason: 'esim_suspended' }]);
    expect([usage.status, usage.body.code]).toEqual([409, 'EsimInvalidState']);
    expect([twice.status, twice.body.code]).toEqual([409, 'EsimInvalidState']);

    const resumed = await act(partner, iccid, 'resume', 'Cleared');
    const resumeAgain = await act(partner, iccid, 'resume');

    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'NotActive' });
    expect([resumeAgain.status, resumeAgain.body.code]).toEqual([409, 'EsimInvalidState']);
    expect((await partner.topUp(iccid)).status).toBe(201);
    expect((await partner.usage(iccid, 10)).status).toBe(200);
    expect(await statusEvents(iccid)).toEqual([
      { iccid, status: 'Suspended', previous_status: 'NotActive' },
      { iccid, status: 'NotActive', previous_status: 'Suspended' },
    ]);
    const history = (await asAdmin<Json>('GET', `/api/v1/admin/esims/${iccid}`)).body.history as Json[];
    expect(history.map((entry) => [entry.to, (entry.actor as Json).type])).toEqual([
      ['Suspended', 'application'],
      ['NotActive', 'application'],
    ]);
  });

  it("may not resume an employee's suspension (409 EsimInvalidState, suspended_by_employee); the employee's suspend and resume send the event", async () => {
    const partner = await esimPartner(1);
    const iccid = (await partner.issued()).iccid as string;
    const admin = (action: string) =>
      asAdmin<Json>('POST', `/api/v1/admin/esims/${iccid}/${action}`, { body: { reason: 'Fraud' } });
    expect((await admin('suspend')).status).toBe(200);

    const refused = await act(partner, iccid, 'resume');

    expect([refused.status, refused.body.code]).toEqual([409, 'EsimInvalidState']);
    expect(refused.body.details).toEqual({ status: 'Suspended', reason: 'suspended_by_employee' });
    expect((await admin('resume')).status).toBe(200);
    expect(await statusEvents(iccid)).toEqual([
      { iccid, status: 'Suspended', previous_status: 'NotActive' },
      { iccid, status: 'NotActive', previous_status: 'Suspended' },
    ]);
  });
});
