import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { esimOrderStore } from '../../../shared/db/entities/esim-order.ts';
import { iccidPool } from '../../../shared/db/entities/esim-pool.ts';
import { eventOutbox } from '../../../shared/db/entities/event.ts';
import { ledgerReader, ledgerStore, statementClosing } from '../../../shared/db/entities/ledger.ts';
import { newEvent } from '../../../shared/domain/events.ts';
import { endpoints } from '../../support/api.ts';
import { anOrder, confirmation, freshIccids } from '../../support/contracts/esim-records.ts';
import { ledgerContract, newLine } from '../../support/contracts/ledger.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
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

ledgerContract('DynamoDB', () => ({
  ledger: ledgerStore,
  reader: ledgerReader,
  closing: statementClosing,
  commit: stagedWriteCommitter.commit,
  event: closedEvent,
}));

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

describe('totals beyond 2^53 minor units', () => {
  it('are read exactly, open and closed (numbers read as their decimal strings)', async () => {
    const accountId = randomUUID();
    const big = 9_007_199_254_740_993n; // 2^53 + 1: a double would read 2^53.
    for (const minor of [big, big + 2n]) {
      await stagedWriteCommitter.commit(ledgerStore.charge(newLine(accountId, minor)).writes);
    }

    const open = await ledgerReader.statement(accountId, '2026-10');
    const { totals } = await statementClosing.closeShards(
      accountId,
      '2026-10',
      new Date('2026-11-02T00:00:00.000Z'),
    );

    const exact = [{ amount: { minor: 2n * big + 2n, currency: 'EUR' }, lineCount: 2 }];
    expect(open?.totals).toEqual(exact);
    expect(totals).toEqual(exact);
  });
});
