import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { esimOrderStore } from '../../../shared/db/entities/esim-order.ts';
import { iccidPool } from '../../../shared/db/entities/esim-pool.ts';
import { eventOutbox } from '../../../shared/db/entities/event.ts';
import { ledgerReader, ledgerStore, statementClosing } from '../../../shared/db/entities/ledger.ts';
import type { LedgerLine, NewLedgerLine } from '../../../shared/domain/billing/model.ts';
import { uuidV7 } from '../../../shared/domain/booking/ids.ts';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { newEvent } from '../../../shared/domain/events.ts';
import { endpoints } from '../../support/api.ts';
import { anOrder, confirmation, freshIccids } from '../../support/contracts/esim-records.ts';
import { everyPage } from '../../support/contracts/staging.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

const october = '2026-10-20T10:00:00.000Z';

function newLine(accountId: string, cents: bigint, overrides: Partial<NewLedgerLine> = {}): NewLedgerLine {
  return {
    lineId: uuidV7(),
    accountId,
    occurredAt: october,
    kind: 'adjustment',
    description: 'Test line',
    amount: { minor: cents, currency: 'EUR' },
    ...overrides,
  };
}

/** One line in its own transaction, as a change would commit it; a closed month is retried once. */
async function charge(line: NewLedgerLine): Promise<LedgerLine> {
  for (let attempt = 1; ; attempt++) {
    const { line: written, writes } = ledgerStore.charge(line);
    try {
      await stagedWriteCommitter.commit(writes);
      return written;
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError) || attempt >= 5) throw error;
    }
  }
}

describe('the ledger on DynamoDB', () => {
  it('keeps exact totals under 50 concurrent lines of one account', async () => {
    const accountId = randomUUID();
    const amounts = Array.from({ length: 50 }, (_, index) => BigInt((index % 7) * 1000 - 2500 + index));

    await Promise.all(amounts.map((cents) => charge(newLine(accountId, cents))));

    const statement = await ledgerReader.statement(accountId, '2026-10');
    expect(statement).toEqual({
      accountId,
      period: '2026-10',
      status: 'Open',
      totals: [{ amount: { minor: amounts.reduce((a, b) => a + b, 0n), currency: 'EUR' }, lineCount: 50 }],
      closedAt: null,
    });
    const lines = await everyPage((cursor) => ledgerReader.lines(accountId, '2026-10', { limit: 7, cursor }));
    expect(lines).toHaveLength(50);
    expect(lines.map((line) => line.lineId)).toEqual(lines.map((line) => line.lineId).sort());
  });

  it('loses no line and counts none twice when the month closes while lines arrive', async () => {
    const accountId = randomUUID();
    const now = new Date('2026-11-02T00:00:00.000Z');

    const arriving = Array.from({ length: 40 }, (_, index) =>
      charge(newLine(accountId, BigInt(100 + index))),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { totals } = await statementClosing.closeShards(accountId, '2026-10', now);
    const written = await Promise.all(arriving);

    const inOctober = written.filter((line) => line.period === '2026-10');
    const inNovember = written.filter((line) => line.period === '2026-11');
    expect(inOctober.length + inNovember.length).toBe(40);
    const sum = (lines: LedgerLine[]) => lines.reduce((total, line) => total + line.amount.minor, 0n);
    const octoberTotals = inOctober.length
      ? [{ amount: { minor: sum(inOctober), currency: 'EUR' }, lineCount: inOctober.length }]
      : [];
    expect(totals).toEqual(octoberTotals);
    expect((await statementClosing.closeShards(accountId, '2026-10', now)).totals).toEqual(octoberTotals);
    expect((await ledgerReader.statement(accountId, '2026-11'))?.totals ?? []).toEqual(
      inNovember.length
        ? [{ amount: { minor: sum(inNovember), currency: 'EUR' }, lineCount: inNovember.length }]
        : [],
    );
    const storedOctober = await everyPage((cursor) =>
      ledgerReader.lines(accountId, '2026-10', { limit: 50, cursor }),
    );
    expect(storedOctober.map((line) => line.lineId).sort()).toEqual(
      inOctober.map((line) => line.lineId).sort(),
    );
  });

  it('records a closed statement once, and lists statements newest first with a kind filter on lines', async () => {
    const accountId = randomUUID();
    await charge(newLine(accountId, 500n, { occurredAt: '2026-08-10T00:00:00.000Z' }));
    await charge(newLine(accountId, 700n, { occurredAt: '2026-09-10T00:00:00.000Z', kind: 'esim' }));
    await charge(newLine(accountId, -200n, { occurredAt: '2026-09-11T00:00:00.000Z' }));
    const now = new Date('2026-10-02T00:00:00.000Z');
    const { totals } = await statementClosing.closeShards(accountId, '2026-09', now);
    const statement = {
      accountId,
      period: '2026-09',
      status: 'Closed' as const,
      totals,
      closedAt: now.toISOString(),
    };

    expect(await statementClosing.recordClosed(statement, closedEvent(accountId))).toBe('closed');
    expect(await statementClosing.recordClosed(statement, closedEvent(accountId))).toBe('already-closed');

    // Months closed without lines (shards only) between statements are skipped, not the end of the list.
    await charge(newLine(accountId, 100n, { occurredAt: '2025-12-10T00:00:00.000Z' }));
    for (const month of ['01', '02', '03', '04', '05', '06']) {
      await statementClosing.closeShards(accountId, `2026-${month}`, now);
    }

    const listed = await everyPage((cursor) => ledgerReader.statements(accountId, { limit: 1, cursor }));
    expect(listed.map((each) => [each.period, each.status])).toEqual([
      ['2026-09', 'Closed'],
      ['2026-08', 'Open'],
      ['2025-12', 'Open'],
    ]);
    expect(listed[0]?.totals).toEqual([{ amount: { minor: 500n, currency: 'EUR' }, lineCount: 2 }]);
    const esimLines = await ledgerReader.lines(accountId, '2026-09', { limit: 10, kind: 'esim' });
    expect(esimLines.items.map((line) => line.amount.minor)).toEqual([700n]);
    expect(await ledgerReader.statement(randomUUID(), '2026-09')).toBeUndefined();
  });
});

describe('an eSIM confirm whose line meets a closed month', () => {
  it('answers statement-closed and writes nothing; the next claim puts the line into the open month', async () => {
    const accountId = randomUUID();
    const [first = '', second = ''] = freshIccids(2);
    await iccidPool.load(accountId, [first, second], new Date());
    const order = anOrder({ accountId });
    await stagedWriteCommitter.commit([esimOrderStore.createWrite(order)]);
    await statementClosing.closeShards(accountId, '2026-10', new Date('2026-11-02T00:00:00.000Z'));
    const claimWith = (iccid: string) => {
      const { line, writes } = ledgerStore.charge(newLine(accountId, 300n, { kind: 'esim', iccid }));
      return { line, outcome: iccidPool.claim({ order, ...confirmation(order, iccid), charges: writes }) };
    };

    const refused = claimWith(first);
    expect(refused.line.period).toBe('2026-10');
    expect(await refused.outcome).toBe('statement-closed');
    const issued = claimWith(second);

    expect(issued.line.period).toBe('2026-11');
    expect(await issued.outcome).toBe('issued');
    expect(await iccidPool.counts(accountId)).toEqual({ available: 1, issued: 1 });
    expect((await ledgerReader.lines(accountId, '2026-10', { limit: 10 })).items).toEqual([]);
    expect(
      (await ledgerReader.lines(accountId, '2026-11', { limit: 10 })).items.map((l) => l.lineId),
    ).toEqual([issued.line.lineId]);
  });
});

const closedEvent = (accountId: string) =>
  eventOutbox.event(
    newEvent({
      accountId,
      type: 'billing.statement.closed',
      orderingKey: `STATEMENT#${accountId}`,
      data: {},
      now: new Date(),
    }),
  );
