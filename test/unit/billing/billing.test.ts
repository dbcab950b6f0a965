import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closingTime,
  type LedgerLine,
  lineKinds,
  periodDueForClosing,
  periodFor,
  totalsOf,
} from '../../../shared/domain/billing/model.ts';
import { addAdjustment, closeDueStatements, getStatement } from '../../../shared/domain/billing/service.ts';
import { ApiError, errorCatalog, ValidationError } from '../../../shared/domain/errors.ts';
import { add, type Money, zero } from '../../../shared/domain/money/money.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { acceptsCsv, csv, csvField, linesCsv } from '../../../shared/http/views/billing.ts';
import { MemoryLedger } from '../../support/memory-ledger.ts';

const accountId = randomUUID();
const otherAccountId = randomUUID();

class Uow {
  readonly writes: StagedWrite[] = [];
  stage(...writes: StagedWrite[]) {
    this.writes.push(...writes);
  }
}

const accounts = { exists: async (id: string) => id === accountId || id === otherAccountId };
const accountList = {
  list: async () => ({ items: [{ accountId }, { accountId: otherAccountId }], nextCursor: null }),
};

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return {
    status: errorCatalog[error.code].status,
    code: error.code,
    path: error instanceof ValidationError ? error.errors[0]?.path : undefined,
  };
}

async function adjust(ledger: MemoryLedger, amount: string, at: string, account = accountId) {
  const uow = new Uow();
  const line = await addAdjustment(
    { ledger, accounts, uow },
    account,
    { amount, currency: 'EUR', description: 'Goodwill' },
    new Date(at),
  );
  ledger.apply(uow.writes);
  return line;
}

describe('the period of a line', () => {
  it('is the UTC month of occurred_at while that month is open', () => {
    expect(periodFor('2026-10-31T23:59:59.999Z', undefined)).toBe('2026-10');
    expect(periodFor('2026-11-01T00:00:00.000Z', '2026-09')).toBe('2026-11');
  });

  it('is the open month after the closed ones when its own month is closed', () => {
    expect(periodFor('2026-10-31T23:59:59.999Z', '2026-10')).toBe('2026-11');
    expect(periodFor('2026-09-15T10:00:00.000Z', '2026-11')).toBe('2026-12');
    expect(periodFor('2026-12-31T10:00:00.000Z', '2026-12')).toBe('2027-01');
  });

  it('closes month M at 00:00 UTC on the 2nd of M+1', () => {
    expect(closingTime('2026-10').toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(closingTime('2026-12').toISOString()).toBe('2027-01-02T00:00:00.000Z');
    expect(periodDueForClosing(new Date('2026-11-02T00:00:00.000Z'))).toBe('2026-10');
    expect(periodDueForClosing(new Date('2026-11-01T23:59:59.999Z'))).toBe('2026-09');
    expect(periodDueForClosing(new Date('2027-01-20T00:00:00.000Z'))).toBe('2026-12');
  });
});

describe('a statement', () => {
  it('totals, per currency, the sum and count of its lines for any sequence of lines', () => {
    const amount = fc.record({
      minor: fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
      currency: fc.constantFrom('EUR', 'USD', 'JPY', 'KWD'),
    });
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 60 }), (amounts: Money[]) => {
        const totals = totalsOf(amounts.map((each) => ({ amount: each })));
        for (const currency of ['EUR', 'USD', 'JPY', 'KWD']) {
          const mine = amounts.filter((each) => each.currency === currency);
          const total = totals.find((each) => each.amount.currency === currency);
          if (mine.length === 0) expect(total).toBeUndefined();
          else
            expect(total).toEqual({
              amount: mine.reduce(add, zero(currency)),
              lineCount: mine.length,
            });
        }
      }),
    );
  });

  it('closes with the totals of its lines, never counting a line twice or losing one across closings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: -50_000, max: 50_000 }), fc.boolean()), { maxLength: 30 }),
        async (steps) => {
          const ledger = new MemoryLedger();
          // Lines of October, with the closing run in the middle of them: late ones go to November.
          const written: LedgerLine[] = [];
          let closed = false;
          for (const [cents, closeNow] of steps) {
            if (cents === 0) continue;
            if (closeNow && !closed) {
              await closeDueStatements(
                { closing: ledger, outbox: ledger.outbox, accounts: accountList },
                new Date('2026-11-02T00:00:00.000Z'),
              );
              closed = true;
            }
            const amount = (cents / 100).toFixed(2);
            const first = await adjust(ledger, amount, '2026-10-20T10:00:00.000Z').catch(() => undefined);
            written.push(first ?? (await adjust(ledger, amount, '2026-10-20T10:00:00.000Z')));
          }
          const sum = (period: string) => totalsOf(written.filter((line) => line.period === period));
          const october = await ledger.statement(accountId, '2026-10');
          const november = await ledger.statement(accountId, '2026-11');
          expect(october?.totals ?? []).toEqual(sum('2026-10'));
          expect(november?.totals ?? []).toEqual(sum('2026-11'));
          expect(ledger.written).toHaveLength(written.length);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('adjustments', () => {
  it('write one line of any sign in the open month', async () => {
    const ledger = new MemoryLedger();

    const line = await adjust(ledger, '-12.50', '2026-10-20T10:00:00.000Z');

    expect(line).toMatchObject({
      accountId,
      period: '2026-10',
      kind: 'adjustment',
      description: 'Goodwill',
      amount: { minor: -1250n, currency: 'EUR' },
    });
    expect(ledger.written).toEqual([line]);
  });

  it('refuse zero and amounts with more decimals than the currency has (422 on body.amount)', async () => {
    const ledger = new MemoryLedger();
    for (const amount of ['0.00', '1.005']) {
      const refused = await refusal(adjust(ledger, amount, '2026-10-20T10:00:00.000Z'));
      expect([refused.status, refused.code, refused.path]).toEqual([422, 'ValidationError', 'body.amount']);
    }
  });

  it('refuse an unknown account (404)', async () => {
    const refused = await refusal(
      adjust(new MemoryLedger(), '1.00', '2026-10-20T10:00:00.000Z', randomUUID()),
    );
    expect([refused.status, refused.code]).toEqual([404, 'ResourceNotFound']);
  });
});

describe('closing', () => {
  const deps = (ledger: MemoryLedger) => ({ closing: ledger, outbox: ledger.outbox, accounts: accountList });

  it('closes last month for every account with lines, sends the event, and a re-run changes nothing', async () => {
    const ledger = new MemoryLedger();
    await adjust(ledger, '10.00', '2026-10-03T10:00:00.000Z');
    await adjust(ledger, '2.50', '2026-10-31T23:00:00.000Z');
    const at = new Date('2026-11-02T00:00:00.000Z');

    const first = await closeDueStatements(deps(ledger), at);
    const again = await closeDueStatements(deps(ledger), new Date('2026-11-02T01:00:00.000Z'));

    expect(first).toEqual({ period: '2026-10', caughtUp: [], closed: 1, alreadyClosed: 0, withoutLines: 1 });
    expect(again).toEqual({ period: '2026-10', caughtUp: [], closed: 0, alreadyClosed: 1, withoutLines: 1 });
    expect(await ledger.statement(accountId, '2026-10')).toEqual({
      accountId,
      period: '2026-10',
      status: 'Closed',
      totals: [{ amount: { minor: 1250n, currency: 'EUR' }, lineCount: 2 }],
      closedAt: at.toISOString(),
    });
    expect(ledger.events).toEqual([
      expect.objectContaining({
        accountId,
        type: 'billing.statement.closed',
        data: { period: '2026-10', totals: [{ amount: '12.50', currency: 'EUR', line_count: 2 }] },
      }),
    ]);
  });

  it('closes, after missed runs, every earlier month left open with lines, once', async () => {
    const ledger = new MemoryLedger();
    await adjust(ledger, '4.00', '2026-08-10T10:00:00.000Z');
    await adjust(ledger, '5.00', '2026-09-10T10:00:00.000Z');
    await adjust(ledger, '6.00', '2026-10-10T10:00:00.000Z');
    await closeDueStatements(deps(ledger), new Date('2026-09-02T00:00:00.000Z'));

    // The runs of October and November were missed.
    const run = await closeDueStatements(deps(ledger), new Date('2026-12-02T00:00:00.000Z'));
    const again = await closeDueStatements(deps(ledger), new Date('2026-12-02T01:00:00.000Z'));

    expect(run).toMatchObject({ period: '2026-11', caughtUp: ['2026-09', '2026-10'], closed: 2 });
    expect(again).toMatchObject({ period: '2026-11', caughtUp: [], closed: 0 });
    for (const period of ['2026-08', '2026-09', '2026-10'])
      expect((await ledger.statement(accountId, period))?.status).toBe('Closed');
    expect(ledger.events.map((event) => (event.data as { period: string }).period)).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
  });

  it('sends a line of a closed month to the open month, after one refused attempt', async () => {
    const ledger = new MemoryLedger();
    await adjust(ledger, '1.00', '2026-10-03T10:00:00.000Z');
    await closeDueStatements(deps(ledger), new Date('2026-11-02T00:00:00.000Z'));

    const refused = await refusal(adjust(ledger, '3.00', '2026-10-31T23:59:00.000Z'));
    const late = await adjust(ledger, '3.00', '2026-10-31T23:59:00.000Z');

    expect(refused.code).toBe('ServiceUnavailable');
    expect(late.period).toBe('2026-11');
    expect((await ledger.statement(accountId, '2026-10'))?.totals).toEqual([
      { amount: { minor: 100n, currency: 'EUR' }, lineCount: 1 },
    ]);
  });
});

describe('reading a statement', () => {
  it('answers the current month without lines as Open and empty, any other month without lines as 404', async () => {
    const ledger = new MemoryLedger();
    const now = new Date('2026-11-15T10:00:00.000Z');

    expect(await getStatement(ledger, accountId, '2026-11', now)).toEqual({
      accountId,
      period: '2026-11',
      status: 'Open',
      totals: [],
      closedAt: null,
    });
    for (const period of ['2026-10', '2026-12']) {
      const refused = await refusal(getStatement(ledger, accountId, period, now));
      expect([refused.status, refused.code]).toEqual([404, 'ResourceNotFound']);
    }
  });

  it("never shows another account's lines", async () => {
    const ledger = new MemoryLedger();
    await adjust(ledger, '5.00', '2026-10-03T10:00:00.000Z', otherAccountId);

    const refused = await refusal(
      getStatement(ledger, accountId, '2026-10', new Date('2026-11-15T10:00:00Z')),
    );

    expect(refused.status).toBe(404);
  });
});

describe('CSV (RFC 4180)', () => {
  it('quotes fields with commas, quotes or line breaks and doubles their quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(undefined)).toBe('');
    expect(csv(['a', 'b'], [['1', null]])).toBe('a,b\r\n1,\r\n');
  });

  it('writes a header row and one row per line, with the fields of a line', () => {
    const line: LedgerLine = {
      lineId: randomUUID(),
      accountId,
      period: '2026-10',
      occurredAt: '2026-10-03T10:00:00.000Z',
      kind: 'esim',
      description: 'eSIM "Europe", 5 GB',
      amount: { minor: 1250n, currency: 'EUR' },
      iccid: '8988299000001000001',
    };

    const rows = linesCsv([line]).split('\r\n');

    expect(rows[0]).toBe(
      'line_id,period,occurred_at,kind,description,amount,currency,booking_id,pass_id,redemption_id,iccid,order_id,package_id',
    );
    expect(rows[1]).toBe(
      `${line.lineId},2026-10,2026-10-03T10:00:00.000Z,esim,"eSIM ""Europe"", 5 GB",12.50,EUR,,,,8988299000001000001,,`,
    );
    expect(rows).toHaveLength(3);
  });

  it('is chosen by Accept: text/csv unless JSON is preferred', () => {
    expect(acceptsCsv('text/csv')).toBe(true);
    expect(acceptsCsv('text/csv, application/json;q=0.5')).toBe(true);
    expect(acceptsCsv('application/json, text/csv;q=0.5')).toBe(false);
    expect(acceptsCsv('text/csv;q=0')).toBe(false);
    expect(acceptsCsv('application/json')).toBe(false);
    expect(acceptsCsv('*/*, text/csv;q=0.5')).toBe(false);
    expect(acceptsCsv('text/csv, */*;q=0.1')).toBe(true);
    expect(acceptsCsv(undefined)).toBe(false);
  });

  it('knows every line kind of the decisions', () => {
    expect(lineKinds).toEqual([
      'visit',
      'no_show',
      'pass',
      'cancellation_credit',
      'cancellation_fee',
      'esim',
      'esim_topup',
      'esim_refund',
      'adjustment',
    ]);
  });
});
