import type { Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type { CurrencyTotal, LedgerLine, LineKind, NewLedgerLine, Statement } from './model.ts';

/** A line with its period assigned, and the writes that record it: stage them with the change. */
export interface LedgerCharge {
  line: LedgerLine;
  writes: StagedWrite[];
}

/**
 * The port every chargeable change calls (shared/db/entities/ledger.ts): `charge` answers the writes
 * of one line, to be staged in the SAME transaction as the change that causes it, so the line exists
 * if and only if the change committed. When the line's statement turns out closed at commit, the
 * commit fails with ConcurrentChangeError and the ledger remembers the account's closed month, so the
 * next attempt (the pipeline runs the operation again) puts the line into the open month.
 */
export interface Ledger {
  charge(line: NewLedgerLine): LedgerCharge;
  /** The lines of one change (a cancel's credit and fee), to be staged in its one transaction. */
  chargeAll(lines: readonly NewLedgerLine[]): LedgerCharge[];
}

export interface LinesQuery extends PageRequest {
  kind?: LineKind | undefined;
}

/** What a line concerns, for the support tools: one booking or one eSIM. */
export type LedgerSubject = { bookingId: string } | { iccid: string };

/** Reads of lines and statements; every read is keyed by the account: tenant isolation. */
export interface LedgerReader {
  /** Periods with lines (or closed), newest first. */
  statements(accountId: string, page: PageRequest): Promise<Page<Statement>>;
  /** Undefined when the period has no line and is not closed. */
  statement(accountId: string, period: string): Promise<Statement | undefined>;
  /** The statements of one period of several accounts (the finance export), absent where none. */
  statementsOf(accountIds: readonly string[], period: string): Promise<Map<string, Statement>>;
  /** The period's lines in the order they were written. */
  lines(accountId: string, period: string, query: LinesQuery): Promise<Page<LedgerLine>>;
  /** Every line of the account about one booking or eSIM, in the order written, across months. */
  linesAbout(accountId: string, subject: LedgerSubject): Promise<LedgerLine[]>;
}

/** What closing a statement writes (shared/db/entities/ledger.ts). */
export interface StatementClosing {
  /**
   * Marks every total shard of the account's period closed (keeping a first close's time), then
   * sums them: once a shard is closed no line can be added to it, so the sum is final.
   */
  closeShards(accountId: string, period: string, now: Date): Promise<{ totals: CurrencyTotal[] }>;
  /**
   * Records the closed statement with its outbox event in one transaction, on the condition that it
   * is not recorded yet: `already-closed` when a previous run did (then nothing is written).
   */
  recordClosed(statement: Statement, event: StagedWrite): Promise<'closed' | 'already-closed'>;
  /**
   * The account's months from `from` through `through` that hold lines and are not recorded closed
   * (a total shard still open, or closed shards whose statement was never recorded): one read.
   */
  unclosedPeriods(accountId: string, from: string, through: string): Promise<string[]>;
}
