import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LedgerLine, NewLedgerLine } from '../../../shared/domain/billing/model.ts';
import type { Ledger, LedgerReader, StatementClosing } from '../../../shared/domain/billing/ports.ts';
import { uuidV7 } from '../../../shared/domain/booking/ids.ts';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { everyPage } from './staging.ts';

/** The ledger's ports over one store, with the commit of staged writes and an event to close with. */
export interface LedgerStores {
  ledger: Ledger;
  reader: LedgerReader;
  closing: StatementClosing;
  commit(writes: readonly StagedWrite[]): Promise<void>;
  /** The closed statement's outbox event. */
  event(accountId: string): StagedWrite;
}

export const october = '2026-10-20T10:00:00.000Z';

export function newLine(
  accountId: string,
  cents: bigint,
  overrides: Partial<NewLedgerLine> = {},
): NewLedgerLine {
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

/**
 * What the ledger does in memory and on DynamoDB: exact totals under concurrent lines, a closing that
 * neither loses nor double-counts a line arriving meanwhile, closed statements recorded once, months
 * listed newest first.
 */
export function ledgerContract(name: string, stores: () => LedgerStores): void {
  /** One line in its own transaction, as a change would commit it; a closed month is retried. */
  async function charge(line: NewLedgerLine): Promise<LedgerLine> {
    for (let attempt = 1; ; attempt++) {
      const { line: written, writes } = stores().ledger.charge(line);
      try {
        await stores().commit(writes);
        return written;
      } catch (error) {
        if (!(error instanceof ConcurrentChangeError) || attempt >= 5) throw error;
      }
    }
  }

  describe(`the ledger contract: ${name}`, () => {
    it('keeps exact totals under 50 concurrent lines of one account', async () => {
      const accountId = randomUUID();
      const amounts = Array.from({ length: 50 }, (_, index) => BigInt((index % 7) * 1000 - 2500 + index));

      await Promise.all(amounts.map((cents) => charge(newLine(accountId, cents))));

      const statement = await stores().reader.statement(accountId, '2026-10');
      expect(statement).toEqual({
        accountId,
        period: '2026-10',
        status: 'Open',
        totals: [{ amount: { minor: amounts.reduce((a, b) => a + b, 0n), currency: 'EUR' }, lineCount: 50 }],
        closedAt: null,
      });
      const lines = await everyPage((cursor) =>
        stores().reader.lines(accountId, '2026-10', { limit: 7, cursor }),
      );
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
      const { totals } = await stores().closing.closeShards(accountId, '2026-10', now);
      const written = await Promise.all(arriving);

      const inOctober = written.filter((line) => line.period === '2026-10');
      const inNovember = written.filter((line) => line.period === '2026-11');
      expect(inOctober.length + inNovember.length).toBe(40);
      const sum = (lines: LedgerLine[]) => lines.reduce((total, line) => total + line.amount.minor, 0n);
      const octoberTotals = inOctober.length
        ? [{ amount: { minor: sum(inOctober), currency: 'EUR' }, lineCount: inOctober.length }]
        : [];
      expect(totals).toEqual(octoberTotals);
      expect((await stores().closing.closeShards(accountId, '2026-10', now)).totals).toEqual(octoberTotals);
      expect((await stores().reader.statement(accountId, '2026-11'))?.totals ?? []).toEqual(
        inNovember.length
          ? [{ amount: { minor: sum(inNovember), currency: 'EUR' }, lineCount: inNovember.length }]
          : [],
      );
      const storedOctober = await everyPage((cursor) =>
        stores().reader.lines(accountId, '2026-10', { limit: 50, cursor }),
      );
      expect(storedOctober.map((line) => line.lineId).sort()).toEqual(
        inOctober.map((line) => line.lineId).sort(),
      );
    });

    it("commits a change's eight lines in one transaction, each counted once", async () => {
      const accountId = randomUUID();
      const lines = Array.from({ length: 8 }, (_, index) => newLine(accountId, BigInt(index + 1)));

      await stores().commit(
        stores()
          .ledger.chargeAll(lines)
          .flatMap((charge) => charge.writes),
      );

      const statement = await stores().reader.statement(accountId, '2026-10');
      expect(statement?.totals).toEqual([{ amount: { minor: 36n, currency: 'EUR' }, lineCount: 8 }]);
    });

    it("reads the lines of one booking or one eSIM across months, never another account's", async () => {
      const accountId = randomUUID();
      const bookingId = randomUUID();
      const iccid = `89${String(Date.now()).padStart(17, '0')}`;
      const fee = await charge(
        newLine(accountId, 4000n, { kind: 'pass', bookingId, occurredAt: '2026-09-30T23:00:00.000Z' }),
      );
      const credit = await charge(newLine(accountId, -4000n, { kind: 'cancellation_credit', bookingId }));
      const order = await charge(newLine(accountId, 900n, { kind: 'esim', iccid }));
      await charge(newLine(accountId, 100n));
      await charge(newLine(randomUUID(), 500n, { kind: 'pass', bookingId }));
      await charge(newLine(randomUUID(), 500n, { kind: 'esim', iccid }));

      const ofBooking = await stores().reader.linesAbout(accountId, { bookingId });
      const ofEsim = await stores().reader.linesAbout(accountId, { iccid });

      // Lines come in line-id order; two ids minted in one millisecond may order either way.
      expect(ofBooking).toEqual([fee, credit].sort((a, b) => a.lineId.localeCompare(b.lineId)));
      expect(ofEsim).toEqual([order]);
      expect(await stores().reader.linesAbout(randomUUID(), { bookingId })).toEqual([]);
    });

    it('records a closed statement once, and lists statements newest first with a kind filter on lines', async () => {
      const accountId = randomUUID();
      await charge(newLine(accountId, 500n, { occurredAt: '2026-08-10T00:00:00.000Z' }));
      await charge(newLine(accountId, 700n, { occurredAt: '2026-09-10T00:00:00.000Z', kind: 'esim' }));
      await charge(newLine(accountId, -200n, { occurredAt: '2026-09-11T00:00:00.000Z' }));
      const now = new Date('2026-10-02T00:00:00.000Z');
      const { totals } = await stores().closing.closeShards(accountId, '2026-09', now);
      const statement = {
        accountId,
        period: '2026-09',
        status: 'Closed' as const,
        totals,
        closedAt: now.toISOString(),
      };

      expect(await stores().closing.recordClosed(statement, stores().event(accountId))).toBe('closed');
      expect(await stores().closing.recordClosed(statement, stores().event(accountId))).toBe(
        'already-closed',
      );

      // Months closed without lines (shards only) between statements are skipped, not the end of the list.
      await charge(newLine(accountId, 100n, { occurredAt: '2025-12-10T00:00:00.000Z' }));
      for (const month of ['01', '02', '03', '04', '05', '06']) {
        await stores().closing.closeShards(accountId, `2026-${month}`, now);
      }

      const listed = await everyPage((cursor) => stores().reader.statements(accountId, { limit: 1, cursor }));
      expect(listed.map((each) => [each.period, each.status])).toEqual([
        ['2026-09', 'Closed'],
        ['2026-08', 'Open'],
        ['2025-12', 'Open'],
      ]);
      expect(listed[0]?.totals).toEqual([{ amount: { minor: 500n, currency: 'EUR' }, lineCount: 2 }]);
      const esimLines = await stores().reader.lines(accountId, '2026-09', { limit: 10, kind: 'esim' });
      expect(esimLines.items.map((line) => line.amount.minor)).toEqual([700n]);
      expect(await stores().reader.statement(randomUUID(), '2026-09')).toBeUndefined();
    });
  });
}
