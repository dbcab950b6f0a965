import { uuidV7 } from '../booking/ids.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { newEvent } from '../events.ts';
import { formatMoney, type MoneyAmount, MoneyError, parseMoney } from '../money/money.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { EventOutbox } from '../webhooks/ports.ts';
import {
  closingLookbackMonths,
  type LedgerLine,
  type LineKind,
  periodDueForClosing,
  periodOf,
  previousPeriod,
  type Statement,
} from './model.ts';
import type { Ledger, LedgerReader, LinesQuery, StatementClosing } from './ports.ts';

const statementNotFound = (period: string) =>
  new NotFoundError('ResourceNotFound', `No statement for ${period}: that month has no ledger line.`);

/** The current month's statement before its first line: Open, with nothing on it yet. */
const emptyOpen = (accountId: string, period: string): Statement => ({
  accountId,
  period,
  status: 'Open',
  totals: [],
  closedAt: null,
});

export function listStatements(reader: LedgerReader, accountId: string, page: PageRequest) {
  return reader.statements(accountId, page);
}

/**
 * One month's statement. A month without lines is answered only while it is the current month (Open,
 * empty totals); any other month without lines, past or future, is 404.
 */
export async function getStatement(
  reader: LedgerReader,
  accountId: string,
  period: string,
  now: Date,
): Promise<Statement> {
  const statement = await reader.statement(accountId, period);
  if (statement) return statement;
  if (period === periodOf(now)) return emptyOpen(accountId, period);
  throw statementNotFound(period);
}

export function listLines(
  reader: LedgerReader,
  accountId: string,
  period: string,
  query: LinesQuery,
): Promise<Page<LedgerLine>> {
  return reader.lines(accountId, period, query);
}

/** Every line of the period (the CSV form), page after page. */
export async function allLines(
  reader: LedgerReader,
  accountId: string,
  period: string,
  kind: LineKind | undefined,
): Promise<LedgerLine[]> {
  const lines: LedgerLine[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.lines(accountId, period, { limit: 200, cursor, kind });
    lines.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return lines;
}

export interface AdjustmentRequest {
  amount: string;
  currency: string;
  description: string;
}

/** Employee reads and writes name an account: an unknown one is 404. */
export interface BillingAccounts {
  exists(accountId: string): Promise<boolean>;
}

export async function requireAccount(accounts: BillingAccounts, accountId: string): Promise<void> {
  if (!(await accounts.exists(accountId))) {
    throw new NotFoundError('ResourceNotFound', `No account ${accountId}.`);
  }
}

/**
 * An employee's adjustment: a line of any sign but zero, with its description, in the account's open
 * statement. Staged in the request's unit of work, so it commits with the idempotency record and the
 * audit record or not at all.
 */
export async function addAdjustment(
  deps: { ledger: Ledger; accounts: BillingAccounts; uow: UnitOfWork },
  accountId: string,
  request: AdjustmentRequest,
  now: Date,
): Promise<LedgerLine> {
  const amount = parseAmount(request);
  await requireAccount(deps.accounts, accountId);
  const charge = deps.ledger.charge({
    lineId: uuidV7(now),
    accountId,
    occurredAt: now.toISOString(),
    kind: 'adjustment',
    description: request.description,
    amount,
  });
  deps.uow.stage(...charge.writes);
  return charge.line;
}

function parseAmount(request: MoneyAmount) {
  let amount: ReturnType<typeof parseMoney>;
  try {
    amount = parseMoney(request);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw new ValidationError('The amount is not an amount of that currency.', [
      { path: 'body.amount', message: error.message },
    ]);
  }
  if (amount.minor === 0n) {
    throw new ValidationError('An adjustment of zero changes nothing.', [
      { path: 'body.amount', message: 'Must not be zero.' },
    ]);
  }
  return amount;
}

/** The finance export's page: the statements of one month, per account, in the accounts' order. */
export async function statementsOfPeriod(
  deps: {
    reader: LedgerReader;
    accounts: { list(page: PageRequest): Promise<Page<{ accountId: string }>> };
  },
  period: string,
  page: PageRequest,
): Promise<Page<Statement>> {
  const accounts = await deps.accounts.list(page);
  const found = await deps.reader.statementsOf(
    accounts.items.map((account) => account.accountId),
    period,
  );
  const items = accounts.items.flatMap((account) => {
    const statement = found.get(account.accountId);
    return statement ? [statement] : [];
  });
  return { items, nextCursor: accounts.nextCursor };
}

/** The statement's totals on the wire, as views and the closed event carry them. */
export function totalsData(statement: Statement) {
  return statement.totals.map((total) => ({
    ...formatMoney(total.amount),
    line_count: total.lineCount,
  }));
}

export type CloseOutcome = 'closed' | 'already-closed' | 'no-lines';

/**
 * Closes one account's statement of `period`: every total shard is marked closed first (from then on
 * a line for that month goes to the open month), then the sum is recorded with its
 * `billing.statement.closed` event in one transaction. A re-run finds the shards closed, sums the
 * same totals, and records nothing: the statement is already closed. An account without lines that
 * month gets closed shards and no statement.
 */
export async function closeStatement(
  deps: { closing: StatementClosing; outbox: Pick<EventOutbox, 'event'> },
  accountId: string,
  period: string,
  now: Date,
): Promise<CloseOutcome> {
  const { totals } = await deps.closing.closeShards(accountId, period, now);
  if (totals.length === 0) return 'no-lines';
  const statement: Statement = { accountId, period, status: 'Closed', totals, closedAt: now.toISOString() };
  const event = newEvent({
    accountId,
    type: 'billing.statement.closed',
    orderingKey: `STATEMENT#${accountId}`,
    data: { period, totals: totalsData(statement) },
    now,
  });
  return deps.closing.recordClosed(statement, deps.outbox.event(event));
}

export interface ClosingRun {
  /** The latest month due. */
  period: string;
  /** Earlier months a missed run had left open, closed by this one. */
  caughtUp: string[];
  closed: number;
  alreadyClosed: number;
  withoutLines: number;
}

/**
 * The closing worker: the latest month due (month M at 00:00 UTC on the 2nd of M+1) for every
 * account, a few accounts at a time, and every earlier month of the last `closingLookbackMonths`
 * that a missed run left with lines and not closed. An earlier month without lines needs nothing: a
 * line is never written more than a few days after it occurred (an offline scan, 72 h), so no line
 * can reach it any more. Idempotent: a run after a complete one changes nothing.
 */
export async function closeDueStatements(
  deps: Parameters<typeof closeStatement>[0] & {
    accounts: { list(page: PageRequest): Promise<Page<{ accountId: string }>> };
  },
  now: Date,
  parallel = 8,
): Promise<ClosingRun> {
  const period = periodDueForClosing(now);
  let oldest = period;
  for (let month = 1; month < closingLookbackMonths; month++) oldest = previousPeriod(oldest);
  const caughtUp = new Set<string>();
  const run: ClosingRun = { period, caughtUp: [], closed: 0, alreadyClosed: 0, withoutLines: 0 };
  let cursor: string | undefined;
  do {
    const page = await deps.accounts.list({ limit: 100, cursor });
    const queue = page.items.map((account) => account.accountId);
    const worker = async () => {
      for (let accountId = queue.shift(); accountId; accountId = queue.shift()) {
        const missed = (await deps.closing.unclosedPeriods(accountId, oldest, period)).filter(
          (month) => month < period,
        );
        for (const month of [...missed, period]) {
          const outcome = await closeStatement(deps, accountId, month, now);
          if (month !== period) caughtUp.add(month);
          if (outcome === 'closed') run.closed++;
          else if (outcome === 'already-closed') run.alreadyClosed++;
          else run.withoutLines++;
        }
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  run.caughtUp = [...caughtUp].sort();
  return run;
}
