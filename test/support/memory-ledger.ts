import {
  type CurrencyTotal,
  type LedgerLine,
  type NewLedgerLine,
  periodFor,
  type Statement,
  sumTotals,
  totalsOf,
} from '../../shared/domain/billing/model.ts';
import type {
  Ledger,
  LedgerCharge,
  LedgerReader,
  LedgerSubject,
  LinesQuery,
  StatementClosing,
} from '../../shared/domain/billing/ports.ts';
import { ConcurrentChangeError } from '../../shared/domain/errors.ts';
import type { DomainEvent } from '../../shared/domain/events.ts';
import type { Page, PageRequest } from '../../shared/domain/ports.ts';
import type { StagedWrite } from '../../shared/domain/unit-of-work.ts';

interface LineWrite extends StagedWrite {
  line: LedgerLine;
}
interface EventWrite extends StagedWrite {
  event: DomainEvent;
}

const key = (accountId: string, period: string) => `${accountId}/${period}`;

/**
 * The ledger in memory, with the store's rules: a line lands in its month unless that month is
 * closed, a refused line teaches the ledger the closed month, a closed statement never changes.
 */
export class MemoryLedger implements Ledger, LedgerReader, StatementClosing {
  readonly written: LedgerLine[] = [];
  readonly closed = new Map<string, Statement>();
  readonly closedShards = new Set<string>();
  readonly events: DomainEvent[] = [];
  private readonly closedThrough = new Map<string, string>();

  charge(newLine: NewLedgerLine): LedgerCharge {
    const period = periodFor(newLine.occurredAt, this.closedThrough.get(newLine.accountId));
    const line: LedgerLine = { ...newLine, period };
    const write: LineWrite = { description: `ledger line ${line.lineId}`, line };
    return { line, writes: [write] };
  }

  chargeAll(lines: readonly NewLedgerLine[]): LedgerCharge[] {
    return lines.map((line) => this.charge(line));
  }

  /** Commits staged writes: every line of a closed month refuses the whole set. */
  apply(writes: readonly StagedWrite[]): void {
    const lines = writes.filter((write): write is LineWrite => 'line' in write).map((write) => write.line);
    for (const line of lines) {
      if (this.closedShards.has(key(line.accountId, line.period))) {
        const known = this.closedThrough.get(line.accountId);
        if (known === undefined || line.period > known) this.closedThrough.set(line.accountId, line.period);
        throw new ConcurrentChangeError(`The statement of ${line.period} closed meanwhile.`);
      }
    }
    this.written.push(...lines);
  }

  outbox = { event: (event: DomainEvent): EventWrite => ({ description: `event ${event.type}`, event }) };

  async statement(accountId: string, period: string): Promise<Statement | undefined> {
    const closed = this.closed.get(key(accountId, period));
    if (closed) return closed;
    const totals = totalsOf(this.linesOf(accountId, period));
    return totals.length === 0 ? undefined : { accountId, period, status: 'Open', totals, closedAt: null };
  }

  async statements(accountId: string, page: PageRequest): Promise<Page<Statement>> {
    const periods = [
      ...new Set(this.written.filter((line) => line.accountId === accountId).map((l) => l.period)),
    ]
      .sort()
      .reverse()
      .filter((period) => page.cursor === undefined || period < page.cursor);
    const all = (await Promise.all(periods.map((period) => this.statement(accountId, period)))).flatMap(
      (statement) => (statement ? [statement] : []),
    );
    const items = all.slice(0, page.limit);
    return { items, nextCursor: all.length > page.limit ? (items.at(-1)?.period ?? null) : null };
  }

  async statementsOf(accountIds: readonly string[], period: string): Promise<Map<string, Statement>> {
    const found = new Map<string, Statement>();
    for (const accountId of accountIds) {
      const statement = await this.statement(accountId, period);
      if (statement) found.set(accountId, statement);
    }
    return found;
  }

  async lines(accountId: string, period: string, query: LinesQuery): Promise<Page<LedgerLine>> {
    const all = this.linesOf(accountId, period)
      .filter((line) => !query.kind || line.kind === query.kind)
      .filter((line) => query.cursor === undefined || line.lineId > query.cursor);
    const items = all.slice(0, query.limit);
    return { items, nextCursor: all.length > query.limit ? (items.at(-1)?.lineId ?? null) : null };
  }

  async linesAbout(accountId: string, subject: LedgerSubject): Promise<LedgerLine[]> {
    return this.written
      .filter(
        (line) =>
          line.accountId === accountId &&
          ('bookingId' in subject ? line.bookingId === subject.bookingId : line.iccid === subject.iccid),
      )
      .sort((a, b) => a.lineId.localeCompare(b.lineId));
  }

  async closeShards(accountId: string, period: string): Promise<{ totals: CurrencyTotal[] }> {
    this.closedShards.add(key(accountId, period));
    return { totals: sumTotals([totalsOf(this.linesOf(accountId, period))]) };
  }

  async recordClosed(statement: Statement, event: StagedWrite): Promise<'closed' | 'already-closed'> {
    const at = key(statement.accountId, statement.period);
    if (this.closed.has(at)) return 'already-closed';
    this.closed.set(at, statement);
    this.events.push((event as EventWrite).event);
    return 'closed';
  }

  async unclosedPeriods(accountId: string, from: string, through: string): Promise<string[]> {
    const periods = new Set(
      this.written
        .filter((line) => line.accountId === accountId && line.period >= from && line.period <= through)
        .map((line) => line.period),
    );
    return [...periods].filter((period) => !this.closed.has(key(accountId, period))).sort();
  }

  private linesOf(accountId: string, period: string): LedgerLine[] {
    return this.written
      .filter((line) => line.accountId === accountId && line.period === period)
      .sort((a, b) => a.lineId.localeCompare(b.lineId));
  }
}
