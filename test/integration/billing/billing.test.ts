import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { ledgerStore } from '../../../shared/db/entities/ledger.ts';
import { closingTime, nextPeriod, periodOf } from '../../../shared/domain/billing/model.ts';
import { uuidV7 } from '../../../shared/domain/booking/ids.ts';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { parseMoney } from '../../../shared/domain/money/money.ts';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { type ApiResponse, endpoints, request } from '../../support/api.ts';
import { scanMainTable } from '../../support/aws.ts';
import { asAdmin, asSupport, employeeLogin, employeeToken } from '../../support/employees.ts';
import { onboardPartner } from '../../support/onboard.ts';
import { esimPartner, forgetConfirmAnswer, type Json, orderBody, tariffs } from '../esim/helpers.ts';
import { eventually, newPartner, startReceiver, subscribe } from '../webhooks/helpers.ts';

/*
 * Statements and ledger lines on the local stage (docs/billing.md): eSIM confirms and top-ups charge,
 * employees adjust, partners and employees read (JSON and CSV), and the closing worker closes a month.
 * The closing test closes a month far ahead (no other test writes to it) for every account.
 */

afterAll(async () => {
  await employeeLogin.close();
});

const current = periodOf(new Date());
const statements = '/v2/b2b/billing/statements';
const employeeBilling = (accountId: string) => `/api/v1/admin/accounts/${accountId}/billing`;
const billingScopes = ['esim:write', 'esim:read', 'billing:read'];

async function auditRecordsOf(response: ApiResponse<unknown>, accountId: string): Promise<Json[]> {
  const page = await asAdmin<{ data: Json[] }>(
    'GET',
    `/api/v1/admin/audit-log?limit=200&target=${accountId}`,
  );
  expect(page.status).toBe(200);
  return page.body.data.filter((record) => record.request_id === response.headers['x-request-id']);
}

async function adjust(accountId: string, body: Json, idempotencyKey = randomUUID()) {
  return asAdmin<Json>('POST', `${employeeBilling(accountId)}/adjustments`, { body, idempotencyKey });
}

describe('eSIM charges', () => {
  it('writes an esim line at confirm (the order price) and an esim_topup line at top-up', async () => {
    const partner = await esimPartner(3, billingScopes);
    const esim = await partner.issued();
    const iccid = esim.iccid as string;
    const topUp = await partner.topUp(
      iccid,
      orderBody({ package_template_id: tariffs.cis, active_period: 30 }),
    );
    expect(topUp.status).toBe(201);

    const lines = await partner.call('GET', `${statements}/${current}/lines`);
    const statement = await partner.call('GET', `${statements}/${current}`);

    expect(lines.status).toBe(200);
    const data = lines.body.data as Json[];
    expect(data.map((line) => [line.kind, line.iccid])).toEqual([
      ['esim', iccid],
      ['esim_topup', iccid],
    ]);
    expect(data[0]).toMatchObject({ period: current, order_id: esim.order_id, currency: 'USD' });
    expect(data[1]).toMatchObject({ package_id: topUp.body.package_id });
    expect(statement.body).toMatchObject({ period: current, status: 'Open', closed_at: null });
    const totals = statement.body.totals as Json[];
    expect(totals).toHaveLength(1);
    expect(totals[0]?.line_count).toBe(2);
    const sum = data.reduce((total, line) => total + Math.round(Number(line.amount) * 100), 0);
    expect(Math.round(Number(totals[0]?.amount) * 100)).toBe(sum);

    const esimOnly = await partner.call('GET', `${statements}/${current}/lines?kind=esim`);
    expect((esimOnly.body.data as Json[]).map((line) => line.kind)).toEqual(['esim']);
  });

  it('writes one esim line however the confirm is repeated: again, under its key, after losing its stored answer', async () => {
    const partner = await esimPartner(3, billingScopes);
    const orderId = (await partner.order()).body.order_id as string;
    const key = randomUUID();

    const first = await partner.confirm(orderId, { 'idempotency-key': key });
    const replay = await partner.confirm(orderId, { 'idempotency-key': key });
    const withoutKey = await partner.confirm(orderId);
    await forgetConfirmAnswer(partner.accountId, key);
    const afterCrash = await partner.confirm(orderId, { 'idempotency-key': key });

    expect([first.status, replay.status, withoutKey.status, afterCrash.status]).toEqual([200, 200, 200, 200]);
    const lines = await partner.call('GET', `${statements}/${current}/lines`);
    expect((lines.body.data as Json[]).map((line) => [line.kind, line.order_id])).toEqual([
      ['esim', orderId],
    ]);
  });

  it('writes no second line for a replayed top-up', async () => {
    const partner = await esimPartner(2, billingScopes);
    const esim = await partner.issued();
    const key = randomUUID();
    const body = orderBody({ package_template_id: tariffs.cis, active_period: 30 });

    const first = await partner.topUp(esim.iccid as string, body, key);
    const replay = await partner.topUp(esim.iccid as string, body, key);

    expect([first.status, replay.status]).toEqual([201, 201]);
    const lines = await partner.call('GET', `${statements}/${current}/lines?kind=esim_topup`);
    expect(lines.body.data).toHaveLength(1);
  });
});

describe('adjustments', () => {
  it('answers 201 with the line, audits it, and a replay with the same key writes no second line', async () => {
    const partner = await onboardPartner(['billing:read'], 'Billing test');
    const key = randomUUID();
    const body = { amount: '-12.50', currency: 'EUR', description: 'Goodwill, "late lounge"' };

    const created = await adjust(partner.accountId, body, key);
    const replay = await adjust(partner.accountId, body, key);

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      period: current,
      kind: 'adjustment',
      amount: '-12.50',
      currency: 'EUR',
      description: body.description,
    });
    expect(replay.status).toBe(201);
    expect(replay.body.line_id).toBe(created.body.line_id);
    const lines = await partner.call('GET', `${statements}/${current}/lines`);
    expect((lines.body.data as Json[]).map((line) => line.line_id)).toEqual([created.body.line_id]);
    expect(await auditRecordsOf(created, partner.accountId)).toEqual([
      expect.objectContaining({
        action: 'createAdjustment',
        actor: expect.objectContaining({ type: 'employee', id: 'ada.admin' }),
        target: { type: 'account', id: partner.accountId },
      }),
    ]);
  });

  it('refuses support (403), a missing Idempotency-Key (422), bad amounts (422) and unknown accounts (404)', async () => {
    const partner = await onboardPartner(['billing:read'], 'Billing test');
    const path = `${employeeBilling(partner.accountId)}/adjustments`;
    const body = { amount: '5.00', currency: 'EUR', description: 'Credit' };

    const bySupport = await asSupport<Json>('POST', path, { body });
    const withoutKey = await request<Json>('POST', path, {
      host: 'admin',
      cert: null,
      token: await employeeToken('ada.admin'),
      body,
    });
    const tooPrecise = await adjust(partner.accountId, { ...body, amount: '1.005' });
    const zero = await adjust(partner.accountId, { ...body, amount: '0.00' });
    const notAnAmount = await adjust(partner.accountId, { ...body, amount: 'five' });
    const unknown = await adjust(randomUUID(), body);

    expect([bySupport.status, bySupport.body.code]).toEqual([403, 'Forbidden']);
    expect([withoutKey.status, withoutKey.body.code]).toEqual([422, 'ValidationError']);
    for (const refused of [tooPrecise, zero, notAnAmount]) {
      expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
      expect(JSON.stringify(refused.body.details)).toContain('body.amount');
    }
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ResourceNotFound']);
    const lines = await partner.call('GET', `${statements}/${current}/lines`);
    expect(lines.body.data).toEqual([]);
  });
});

describe('reading statements', () => {
  it('gives the lines as RFC 4180 CSV with Accept: text/csv, partners and employees alike', async () => {
    const partner = await onboardPartner(['billing:read'], 'Billing test');
    const first = await adjust(partner.accountId, { amount: '3.00', currency: 'EUR', description: 'a, "b"' });
    const second = await adjust(partner.accountId, {
      amount: '-1.25',
      currency: 'EUR',
      description: 'plain',
    });

    const asPartner = await partner.call('GET', `${statements}/${current}/lines`, {
      headers: { accept: 'text/csv' },
    });
    const asEmployee = await asSupport<string>(
      'GET',
      `${employeeBilling(partner.accountId)}/statements/${current}/lines`,
      {
        headers: { accept: 'text/csv' },
      },
    );

    expect(asPartner.status).toBe(200);
    expect(asPartner.headers['content-type']).toMatch(/^text\/csv/);
    const rows = String(asPartner.body).split('\r\n');
    expect(rows[0]).toBe(
      'line_id,period,occurred_at,kind,description,amount,currency,booking_id,pass_id,redemption_id,iccid,order_id,package_id',
    );
    expect(rows[1]).toBe(
      `${first.body.line_id},${current},${first.body.occurred_at},adjustment,"a, ""b""",3.00,EUR,,,,,,`,
    );
    expect(rows[2]).toMatch(new RegExp(`^${second.body.line_id},${current},.*,adjustment,plain,-1.25,EUR,`));
    expect(rows.slice(3)).toEqual(['']);
    expect(asEmployee.body).toBe(asPartner.body);
  });

  it('keeps accounts apart: a partner sees only its own statements and lines', async () => {
    const mine = await onboardPartner(['billing:read'], 'Billing test');
    const theirs = await onboardPartner(['billing:read'], 'Billing test');
    await adjust(theirs.accountId, { amount: '9.00', currency: 'EUR', description: 'Theirs' });

    const statement = await mine.call('GET', `${statements}/${current}`);
    const lines = await mine.call('GET', `${statements}/${current}/lines`);
    const listed = await mine.call('GET', statements);
    const theirStatement = await theirs.call('GET', `${statements}/${current}`);

    expect(statement.body).toEqual({ period: current, status: 'Open', totals: [], closed_at: null });
    expect(lines.body.data).toEqual([]);
    expect(listed.body).toEqual({ data: [], next_cursor: null });
    expect(theirStatement.body.totals).toEqual([{ amount: '9.00', currency: 'EUR', line_count: 1 }]);
  });

  it('answers 404 for a month without lines other than the current one, 422 for a bad period, 403 without the scope', async () => {
    const partner = await onboardPartner(['billing:read'], 'Billing test');
    const noScope = await onboardPartner(['esim:read'], 'Billing test');

    const past = await partner.call('GET', `${statements}/2020-01`);
    const badMonth = await partner.call('GET', `${statements}/2026-13`);
    const badLines = await partner.call('GET', `${statements}/26-01/lines`);
    const badKind = await partner.call('GET', `${statements}/${current}/lines?kind=coffee`);
    const forbidden = await noScope.call('GET', statements);
    const employeeUnknown = await asSupport<Json>('GET', `${employeeBilling(randomUUID())}/statements`);
    const financeBadPeriod = await asSupport<Json>('GET', '/api/v1/admin/billing/statements?period=2026-1');

    expect([past.status, past.body.code]).toEqual([404, 'ResourceNotFound']);
    for (const refused of [badMonth, badLines, badKind, financeBadPeriod]) {
      expect([refused.status, refused.body.code]).toEqual([422, 'ValidationError']);
    }
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'Forbidden']);
    expect([employeeUnknown.status, employeeUnknown.body.code]).toEqual([404, 'ResourceNotFound']);
  });

  it("lets employees read an account's statements and finance read every account's month, JSON and CSV", async () => {
    const partner = await onboardPartner(['billing:read'], 'Billing test');
    await adjust(partner.accountId, { amount: '20.00', currency: 'EUR', description: 'Set-up fee' });

    const listed = await asSupport<Json>('GET', `${employeeBilling(partner.accountId)}/statements`);
    const finance = await asSupport<Json>(
      'GET',
      `/api/v1/admin/billing/statements?period=${current}&limit=200`,
    );
    const financeCsv = await asAdmin<string>('GET', `/api/v1/admin/billing/statements?period=${current}`, {
      headers: { accept: 'text/csv' },
    });

    expect(listed.body.data).toEqual([
      {
        period: current,
        status: 'Open',
        totals: [{ amount: '20.00', currency: 'EUR', line_count: 1 }],
        closed_at: null,
      },
    ]);
    expect(finance.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account_id: partner.accountId, period: current, status: 'Open' }),
      ]),
    );
    expect(financeCsv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = String(financeCsv.body).split('\r\n');
    expect(rows[0]).toBe('account_id,period,status,currency,amount,line_count,closed_at');
    expect(rows).toContain(`${partner.accountId},${current},Open,EUR,20.00,1,`);
  });
});

/** The closing worker, run here against the stage's tables as EventBridge runs it in AWS. */
async function closeStatements(at: Date) {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  const { handler } = await import('../../../functions/statement-closing/handler.ts');
  const putBack = useClock(TestClock.stoppedAt(at));
  try {
    return await handler();
  } finally {
    putBack();
  }
}

/**
 * A line of the account written in this process with its own `occurred_at` (months no other test
 * writes to), committed as a use case commits it: a line refused by a closed month goes, on the next
 * attempt, to the open month.
 */
async function lineAt(accountId: string, amount: string, occurredAt: string, description: string) {
  Object.assign(process.env, endpoints().environment);
  for (let attempt = 1; ; attempt++) {
    const { line, writes } = ledgerStore.charge({
      lineId: uuidV7(new Date()),
      accountId,
      occurredAt,
      kind: 'adjustment',
      description,
      amount: parseMoney({ amount, currency: 'EUR' }),
    });
    try {
      await stagedWriteCommitter.commit(writes);
      return { line, attempt };
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError) || attempt >= 2) throw error;
    }
  }
}

/*
 * The worker closes the due month of EVERY account of the stage, and integration files run at the
 * same time on one stage: it is run at the closing time of a month far ahead, which no other test
 * writes to, so no other test's lines (all of the current month) move to another month. Ahead, not
 * past: the webhook pipeline delivers only events newer than the subscription.
 */
const closedMonth = '2099-01';
const missedMonth = '2098-11';

describe('the closing worker', () => {
  it('closes the month at its closing time and a month a missed run left open, sends each event once, and a late line lands in the open month', async () => {
    const partner = await newPartner(['billing:read', 'webhooks']);
    const endpoint = await startReceiver();
    try {
      await subscribe(partner, endpoint.url);
      await lineAt(partner.accountId, '3.00', '2098-11-15T12:00:00.000Z', 'Missed run');
      await lineAt(partner.accountId, '7.00', '2099-01-31T23:00:00.000Z', 'Before closing');
      const at = closingTime(closedMonth);

      const run = await closeStatements(at);
      const again = await closeStatements(new Date(at.getTime() + 60_000));
      const late = await lineAt(partner.accountId, '1.00', '2099-01-31T23:30:00.000Z', 'Late');
      const closed = await partner.call('GET', `${statements}/${closedMonth}`);
      const missed = await partner.call('GET', `${statements}/${missedMonth}`);
      const open = await partner.call('GET', `${statements}/${nextPeriod(closedMonth)}`);
      const listed = await partner.call('GET', statements);

      expect(run).toMatchObject({ period: closedMonth });
      expect(run.caughtUp).toContain(missedMonth);
      expect(run.closed).toBeGreaterThanOrEqual(2);
      expect(again).toMatchObject({ period: closedMonth, caughtUp: [], closed: 0 });
      expect(closed.body).toEqual({
        period: closedMonth,
        status: 'Closed',
        totals: [{ amount: '7.00', currency: 'EUR', line_count: 1 }],
        closed_at: at.toISOString(),
      });
      expect(missed.body).toMatchObject({ status: 'Closed', closed_at: at.toISOString() });
      expect([late.attempt, late.line.period]).toEqual([2, nextPeriod(closedMonth)]);
      expect(open.body).toMatchObject({
        status: 'Open',
        totals: [{ amount: '1.00', currency: 'EUR', line_count: 1 }],
      });
      expect((listed.body.data as Json[]).map((each) => [each.period, each.status])).toEqual([
        [nextPeriod(closedMonth), 'Open'],
        [closedMonth, 'Closed'],
        [missedMonth, 'Closed'],
      ]);
      const events = await scanMainTable('entity = :event AND account_id = :account AND event = :type', {
        ':event': 'Event',
        ':account': partner.accountId,
        ':type': 'billing.statement.closed',
      });
      const data = { period: closedMonth, totals: [{ amount: '7.00', currency: 'EUR', line_count: 1 }] };
      const missedData = {
        period: missedMonth,
        totals: [{ amount: '3.00', currency: 'EUR', line_count: 1 }],
      };
      expect(events.map((event) => event.data)).toEqual(expect.arrayContaining([data, missedData]));
      expect(events).toHaveLength(2);
      // The webhook pipeline carries it like every event.
      const delivered = await eventually(() => {
        const bodies = endpoint.received.map((entry) => JSON.parse(entry.body) as Json);
        const found = bodies.filter(
          (body) => body.event === 'billing.statement.closed' && (body.data as Json).period === closedMonth,
        );
        if (found.length === 0) throw new Error('not delivered yet');
        return found;
      });
      const closedEvent = events.find((event) => (event.data as Json).period === closedMonth);
      expect(delivered).toEqual([expect.objectContaining({ id: closedEvent?.event_id, data })]);
    } finally {
      await endpoint.stop();
    }
  });
});
