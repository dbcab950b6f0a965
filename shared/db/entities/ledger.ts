import { createHash } from 'node:crypto';
import { QueryCommand, type QueryCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { onReset } from '../../config/reset.ts';
import {
  type CurrencyTotal,
  type LedgerLine,
  type LineKind,
  type NewLedgerLine,
  periodFor,
  type Statement,
  sumTotals,
} from '../../domain/billing/model.ts';
import type {
  Ledger,
  LedgerCharge,
  LedgerReader,
  LedgerSubject,
  LinesQuery,
  StatementClosing,
} from '../../domain/billing/ports.ts';
import { ConcurrentChangeError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money/money.ts';
import type { Page, PageRequest } from '../../domain/ports.ts';
import type { StagedWrite } from '../../domain/unit-of-work.ts';
import { ddb, ddbExactNumbers } from '../client.ts';
import { decodeCursor, encodeCursor } from '../paging.ts';
import { type DynamoWrite, isDynamoWrite, transact } from '../transaction.ts';

/**
 * The ledger (docs/billing.md, Ledger).
 *
 * - Line: pk `LEDGER#<account_id>#<period>`, sk `<line_id>` (a UUIDv7: the order written). Put on the
 *   condition that it is new; never updated or deleted.
 * - Total shard: pk `STATEMENT#<account_id>`, sk `<period>#S<n>`, n in 0..statementShards-1, chosen by
 *   the line id's hash. Attributes `total_<CUR>` (signed minor units) and `lines_<CUR>` grow by ADD in
 *   the line's transaction, on the condition `attribute_not_exists(closed_at)`. Concurrent lines of one
 *   account meet one item only when they hash to the same shard, so a burst does not turn into
 *   transaction conflicts on one hot item.
 * - Closed statement: pk `STATEMENT#<account_id>`, sk `<period>#CLOSED`, the totals summed after every
 *   shard was closed, written once (conditional) with its outbox event.
 *
 * A statement's items share the account's `STATEMENT#` partition, so one Query reads a month (or, newest
 * first, the list of months).
 *
 * A line that concerns a booking or an eSIM also carries gsi1pk `LEDGER_SUBJECT#<account_id>#<booking_id
 * or iccid>`, gsi1sk `<line_id>`: one Query on gsi1 (all attributes projected) reads the lines of one
 * booking or eSIM for the support tools (docs/support.md). Lines written before it: `npm run
 * backfill:ledger-subjects`.
 */
export const ledgerPartitionPrefix = 'LEDGER#';
export const ledgerSubjectPartitionPrefix = 'LEDGER_SUBJECT#';
export const statementPartitionPrefix = 'STATEMENT#';
export const statementShards = 8;

const linePartition = (accountId: string, period: string) => `${ledgerPartitionPrefix}${accountId}#${period}`;
const statementPartition = (accountId: string) => `${statementPartitionPrefix}${accountId}`;
const subjectPartition = (accountId: string, subject: LedgerSubject) =>
  `${ledgerSubjectPartitionPrefix}${accountId}#${'bookingId' in subject ? subject.bookingId : subject.iccid}`;

/** The index keys of a line that concerns a booking or an eSIM; none for an adjustment. */
export function ledgerSubjectAttributes(line: {
  accountId: string;
  lineId: string;
  bookingId?: string | undefined;
  iccid?: string | undefined;
}): { gsi1pk: string; gsi1sk: string } | undefined {
  const subject = line.bookingId
    ? { bookingId: line.bookingId }
    : line.iccid
      ? { iccid: line.iccid }
      : undefined;
  return subject ? { gsi1pk: subjectPartition(line.accountId, subject), gsi1sk: line.lineId } : undefined;
}
const shardKey = (accountId: string, period: string, shard: number) => ({
  pk: statementPartition(accountId),
  sk: `${period}#S${shard}`,
});
const closedKey = (accountId: string, period: string) => ({
  pk: statementPartition(accountId),
  sk: `${period}#CLOSED`,
});
export const shardOf = (lineId: string) =>
  createHash('sha256').update(lineId).digest().readUInt8(0) % statementShards;

const table = () => config().mainTableName;

/**
 * The latest month this container saw closed, per account: learnt when a line's shard refused it
 * (its statement closed meanwhile). The next attempt then assigns the open month without a read;
 * a new container learns it the same way, at the cost of one refused transaction per account.
 */
const closedThrough = new Map<string, string>();
onReset(() => closedThrough.clear());

function learnClosed(accountId: string, period: string): void {
  const known = closedThrough.get(accountId);
  if (known === undefined || period > known) closedThrough.set(accountId, period);
}

interface LineItem {
  pk: string;
  sk: string;
  entity: 'LedgerLine';
  line_id: string;
  account_id: string;
  period: string;
  occurred_at: string;
  kind: LineKind;
  description: string;
  amount: string;
  currency: string;
  booking_id?: string;
  pass_id?: string;
  redemption_id?: string;
  iccid?: string;
  order_id?: string;
  package_id?: string;
  gsi1pk?: string;
  gsi1sk?: string;
}

function toLineItem(line: LedgerLine): LineItem {
  return {
    pk: linePartition(line.accountId, line.period),
    sk: line.lineId,
    entity: 'LedgerLine',
    line_id: line.lineId,
    account_id: line.accountId,
    period: line.period,
    occurred_at: line.occurredAt,
    kind: line.kind,
    description: line.description,
    ...formatMoney(line.amount),
    booking_id: line.bookingId,
    pass_id: line.passId,
    redemption_id: line.redemptionId,
    iccid: line.iccid,
    order_id: line.orderId,
    package_id: line.packageId,
    ...ledgerSubjectAttributes(line),
  };
}

function fromLineItem(item: Record<string, unknown>): LedgerLine {
  const stored = item as unknown as LineItem;
  const references = {
    bookingId: stored.booking_id,
    passId: stored.pass_id,
    redemptionId: stored.redemption_id,
    iccid: stored.iccid,
    orderId: stored.order_id,
    packageId: stored.package_id,
  };
  return {
    lineId: stored.line_id,
    accountId: stored.account_id,
    period: stored.period,
    occurredAt: stored.occurred_at,
    kind: stored.kind,
    description: stored.description,
    amount: parseMoney({ amount: stored.amount, currency: stored.currency }),
    ...Object.fromEntries(Object.entries(references).filter(([, value]) => value !== undefined)),
  };
}

/** One line's writes: the line itself and its shard's totals, both refused once the month is closed. */
function charge(newLine: NewLedgerLine, shard = shardOf(newLine.lineId)): LedgerCharge {
  const period = periodFor(newLine.occurredAt, closedThrough.get(newLine.accountId));
  const line: LedgerLine = { ...newLine, period };
  const { currency } = line.amount;
  const closed = () => {
    learnClosed(line.accountId, period);
    return new ConcurrentChangeError(
      `The statement of ${period} closed meanwhile; the line goes to the next.`,
    );
  };
  const linePut: DynamoWrite = {
    description: `ledger line ${line.kind} ${line.lineId}`,
    item: {
      Put: { TableName: table(), Item: toLineItem(line), ConditionExpression: 'attribute_not_exists(pk)' },
    },
  };
  const totalsAdd: DynamoWrite = {
    description: `statement totals of ${line.accountId} ${period}`,
    item: {
      Update: {
        TableName: table(),
        Key: shardKey(line.accountId, period, shard),
        UpdateExpression:
          'ADD #total :amount, #lines :one SET entity = :entity, account_id = :account, period = :period',
        ConditionExpression: 'attribute_not_exists(closed_at)',
        ExpressionAttributeNames: { '#total': `total_${currency}`, '#lines': `lines_${currency}` },
        ExpressionAttributeValues: {
          ':amount': line.amount.minor,
          ':one': 1,
          ':entity': 'StatementShard',
          ':account': line.accountId,
          ':period': period,
        },
      },
    },
    onConditionFailed: closed,
  };
  return { line, writes: [linePut, totalsAdd] };
}

/**
 * The lines of one change, on consecutive shards from the first line's: a transaction may touch an
 * item once, so two lines hashed to one shard would fail the whole change.
 */
function chargeAll(lines: readonly NewLedgerLine[]): LedgerCharge[] {
  if (lines.length > statementShards) throw new Error(`At most ${statementShards} lines per change`);
  const first = lines[0] ? shardOf(lines[0].lineId) : 0;
  return lines.map((line, index) => charge(line, (first + index) % statementShards));
}

/** Totals are read through ddbExactNumbers: each number is its exact decimal string (a NumberValue). */
function shardTotals(item: Record<string, unknown>): CurrencyTotal[] {
  return Object.keys(item)
    .filter((name) => name.startsWith('total_'))
    .map((name) => {
      const currency = name.slice('total_'.length);
      return {
        amount: { minor: BigInt(String(item[name])), currency },
        lineCount: Number(String(item[`lines_${currency}`] ?? 0)),
      };
    });
}

interface ClosedItem {
  pk: string;
  sk: string;
  entity: 'Statement';
  account_id: string;
  period: string;
  closed_at: string;
  totals: { currency: string; minor: string; line_count: number }[];
}

/** A month's statement from its items (shards and the closed record); undefined when it has no line. */
function statementOf(
  accountId: string,
  period: string,
  items: Record<string, unknown>[],
): Statement | undefined {
  const closed = items.find((item) => item.entity === 'Statement') as ClosedItem | undefined;
  if (closed) {
    return {
      accountId,
      period,
      status: 'Closed',
      totals: closed.totals.map((total) => ({
        amount: { minor: BigInt(total.minor), currency: total.currency },
        lineCount: Number(String(total.line_count)),
      })),
      closedAt: closed.closed_at,
    };
  }
  const totals = sumTotals(items.filter((item) => item.entity === 'StatementShard').map(shardTotals));
  if (totals.length === 0) return undefined;
  return { accountId, period, status: 'Open', totals, closedAt: null };
}

const periodOfSortKey = (sk: string) => sk.slice(0, 7);

async function statement(accountId: string, period: string): Promise<Statement | undefined> {
  const result = await ddbExactNumbers().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :period)',
      ExpressionAttributeValues: { ':pk': statementPartition(accountId), ':period': `${period}#` },
      ConsistentRead: true,
    }),
  );
  return statementOf(accountId, period, result.Items ?? []);
}

const isPeriodPosition = (position: Record<string, unknown>): position is { period: string } =>
  Object.keys(position).length === 1 &&
  typeof position.period === 'string' &&
  /^\d{4}-\d{2}$/.test(position.period);

/** Newest first: months are read in descending sort key order and grouped, one more than asked. */
async function statements(accountId: string, page: PageRequest): Promise<Page<Statement>> {
  const before = page.cursor ? decodeCursor(page.cursor, isPeriodPosition).period : undefined;
  const byPeriod = new Map<string, Record<string, unknown>[]>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const result: QueryCommandOutput = await ddbExactNumbers().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: before ? 'pk = :pk AND sk < :before' : 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': statementPartition(accountId),
          ...(before ? { ':before': `${before}#` } : {}),
        },
        ScanIndexForward: false,
        Limit: (page.limit + 1) * (statementShards + 1),
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) {
      const period = periodOfSortKey(String(item.sk));
      byPeriod.set(period, [...(byPeriod.get(period) ?? []), item]);
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey && byPeriod.size <= page.limit + 1);
  // The last month read may be incomplete when the reads stopped inside it: it starts the next page.
  const periods = [...byPeriod.keys()];
  const complete = startKey ? periods.slice(0, -1) : periods;
  const found = complete.flatMap((period) => {
    const built = statementOf(accountId, period, byPeriod.get(period) ?? []);
    return built ? [built] : [];
  });
  const items = found.slice(0, page.limit);
  // Months closed without lines hold only shards and are skipped: resume after the last month examined.
  const resumeAfter =
    found.length > page.limit ? items.at(-1)?.period : startKey !== undefined ? complete.at(-1) : undefined;
  return { items, nextCursor: resumeAfter ? encodeCursor({ period: resumeAfter }) : null };
}

async function statementsOf(accountIds: readonly string[], period: string): Promise<Map<string, Statement>> {
  const found = await Promise.all(accountIds.map((accountId) => statement(accountId, period)));
  return new Map(found.flatMap((item) => (item ? [[item.accountId, item] as const] : [])));
}

const isLinePosition = (position: Record<string, unknown>): position is { line_id: string } =>
  Object.keys(position).length === 1 &&
  typeof position.line_id === 'string' &&
  /^[0-9a-f-]{36}$/.test(position.line_id);

/** The period's lines in line id order; a `kind` filter reads on until the page is full. */
async function lines(accountId: string, period: string, query: LinesQuery): Promise<Page<LedgerLine>> {
  const after = query.cursor ? decodeCursor(query.cursor, isLinePosition).line_id : undefined;
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined = after
    ? { pk: linePartition(accountId, period), sk: after }
    : undefined;
  do {
    const result: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': linePartition(accountId, period),
          ...(query.kind ? { ':kind': query.kind } : {}),
        },
        ...(query.kind ? { FilterExpression: 'kind = :kind' } : {}),
        Limit: query.limit + 1,
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    found.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey && found.length <= query.limit);
  const items = found.slice(0, query.limit).map(fromLineItem);
  const last = items.at(-1);
  const more = found.length > query.limit;
  return { items, nextCursor: more && last ? encodeCursor({ line_id: last.lineId }) : null };
}

/** Every line of one booking or eSIM of the account, in the order written (eventually consistent). */
async function linesAbout(accountId: string, subject: LedgerSubject): Promise<LedgerLine[]> {
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :subject',
        ExpressionAttributeValues: { ':subject': subjectPartition(accountId, subject) },
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return found.map(fromLineItem);
}

async function closeShards(
  accountId: string,
  period: string,
  now: Date,
): Promise<{ totals: CurrencyTotal[] }> {
  const shards = await Promise.all(
    Array.from({ length: statementShards }, async (_, shard) => {
      const result = await ddbExactNumbers().send(
        new UpdateCommand({
          TableName: table(),
          Key: shardKey(accountId, period, shard),
          UpdateExpression:
            'SET closed_at = if_not_exists(closed_at, :now), entity = :entity, account_id = :account, period = :period',
          ExpressionAttributeValues: {
            ':now': now.toISOString(),
            ':entity': 'StatementShard',
            ':account': accountId,
            ':period': period,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return shardTotals(result.Attributes ?? {});
    }),
  );
  return { totals: sumTotals(shards) };
}

async function recordClosed(
  closedStatement: Statement,
  event: StagedWrite,
): Promise<'closed' | 'already-closed'> {
  if (!isDynamoWrite(event)) throw new Error(`Not a DynamoDB write: ${event.description}`);
  if (closedStatement.closedAt === null) throw new Error('A closed statement has its closing time');
  const item: ClosedItem = {
    ...closedKey(closedStatement.accountId, closedStatement.period),
    entity: 'Statement',
    account_id: closedStatement.accountId,
    period: closedStatement.period,
    closed_at: closedStatement.closedAt,
    totals: closedStatement.totals.map((total) => ({
      currency: total.amount.currency,
      minor: total.amount.minor.toString(),
      line_count: total.lineCount,
    })),
  };
  const outcome = await transact([
    { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    event.item,
  ]);
  if (outcome.committed) return 'closed';
  if (outcome.reason === 'condition' && outcome.index === 0) return 'already-closed';
  throw new ConcurrentChangeError(`Recording the statement of ${closedStatement.period} kept conflicting.`);
}

async function unclosedPeriods(accountId: string, from: string, through: string): Promise<string[]> {
  const byPeriod = new Map<string, Record<string, unknown>[]>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const result: QueryCommandOutput = await ddbExactNumbers().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :through',
        ExpressionAttributeValues: {
          ':pk': statementPartition(accountId),
          ':from': `${from}#`,
          ':through': `${through}#~`,
        },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) {
      const period = periodOfSortKey(String(item.sk));
      byPeriod.set(period, [...(byPeriod.get(period) ?? []), item]);
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return [...byPeriod.entries()]
    .filter(([, items]) => {
      if (items.some((item) => item.entity === 'Statement')) return false;
      const shards = items.filter((item) => item.entity === 'StatementShard');
      const hasLines = sumTotals(shards.map(shardTotals)).length > 0;
      return hasLines || shards.some((shard) => shard.closed_at === undefined);
    })
    .map(([period]) => period)
    .sort();
}

export const ledgerStore = { charge: (line) => charge(line), chargeAll } satisfies Ledger;
export const ledgerReader = {
  statement,
  statements,
  statementsOf,
  lines,
  linesAbout,
} satisfies LedgerReader;
export const statementClosing = { closeShards, recordClosed, unclosedPeriods } satisfies StatementClosing;
