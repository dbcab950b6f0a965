import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type AttributeValue,
  type ConsumedCapacity,
  type DynamoDBClient,
  GetItemCommand,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { onDynamoDbClient } from './client.ts';

/**
 * The capacity units DynamoDB charged for the requests of one piece of work (docs/bench.md, section 9).
 * For the bench and its tests only: Lambda functions never install the collector, so production sends
 * no `ReturnConsumedCapacity` and pays nothing for it.
 */
export interface CapacityTally {
  /** Read capacity units: on demand, read request units. */
  read: number;
  /** Write capacity units, table and indexes: on demand, write request units. */
  write: number;
  /** The part of `write` that went to global secondary indexes. */
  indexWrite: number;
  /** Requests by command, e.g. `{ TransactWriteItems: 1 }`. */
  requests: Record<string, number>;
  /** Units by command and table, `table/index` for a global secondary index: `TransactWriteItems Main/gsi1`. */
  byTable: Record<string, number>;
  /** Commands whose table units were computed from item sizes rather than reported (below). */
  computed: string[];
  /** Each transactional write as computed: `Put Main 1380 B`. */
  transactionItems: string[];
  /** Commands whose answer carried no ConsumedCapacity. */
  unreported: string[];
}

const readCommands = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);
const writeCommands = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
]);

const tallies = new AsyncLocalStorage<CapacityTally>();

const emptyTally = (): CapacityTally => ({
  read: 0,
  write: 0,
  indexWrite: 0,
  requests: {},
  byTable: {},
  computed: [],
  transactionItems: [],
  unreported: [],
});

const add = (into: Record<string, number>, key: string, units: number) => {
  into[key] = (into[key] ?? 0) + units;
};

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A value's size by DynamoDB's published rules (Developer Guide, "Item sizes and formats"). */
function valueSize(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined)
    return Math.ceil(value.N.replace(/^[-+]|[.]|e.*$/gi, '').replace(/^0+/, '').length / 2) + 1;
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS !== undefined) return value.SS.reduce((sum, entry) => sum + utf8(entry), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, entry) => sum + valueSize({ N: entry }), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, entry) => sum + entry.byteLength, 0);
  if (value.L !== undefined) return 3 + value.L.reduce((sum, entry) => sum + valueSize(entry) + 1, 0);
  if (value.M !== undefined) return 3 + Object.values(value.M).length + itemSize(value.M);
  return 0;
}

/** An item's size: its attribute names and values. */
export function itemSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);
}

/** Write units of one item in a transaction: one per KB (at least one), twice. */
export const transactionalWriteUnits = (bytes: number) => 2 * Math.max(1, Math.ceil(bytes / 1024));

/** Adds one answer's ConsumedCapacity (one entry, or one per table for batches and transactions). */
export function addConsumedCapacity(
  tally: CapacityTally,
  command: string,
  consumed: ConsumedCapacity | ConsumedCapacity[] | undefined,
  /** Table units computed from item sizes, by table: they replace the reported table units. */
  computedTableUnits?: Record<string, number>,
): void {
  tally.requests[command] = (tally.requests[command] ?? 0) + 1;
  const entries = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
  if (entries.length === 0 && !computedTableUnits) {
    tally.unreported.push(command);
    return;
  }
  if (computedTableUnits) tally.computed.push(command);
  const isWrite = writeCommands.has(command);
  const count = (key: string, units: number, index: boolean) => {
    add(tally.byTable, `${command} ${key}`, units);
    if (!isWrite) tally.read += units;
    else {
      tally.write += units;
      if (index) tally.indexWrite += units;
    }
  };
  for (const entry of entries) {
    let indexUnits = 0;
    for (const [index, capacity] of Object.entries(entry.GlobalSecondaryIndexes ?? {})) {
      indexUnits += capacity.CapacityUnits ?? 0;
      count(`${entry.TableName}/${index}`, capacity.CapacityUnits ?? 0, true);
    }
    const table = entry.TableName ?? 'unknown';
    if (!computedTableUnits)
      count(table, entry.Table?.CapacityUnits ?? (entry.CapacityUnits ?? 0) - indexUnits, false);
  }
  for (const [table, units] of Object.entries(computedTableUnits ?? {})) count(table, units, false);
}

type Key = Record<string, AttributeValue>;

/**
 * DynamoDB Local under-reports TransactWriteItems: items of one table with equal units are counted once
 * (two 1 KB puts report 2 units, not 4; test/integration/bench/consumed-capacity.test.ts). So a
 * transaction's table units are computed by DynamoDB's rules: a put by the larger of the old and new
 * item, an update by the larger of the item before and after, a delete by the item deleted, each
 * twice; a condition check reads its item transactionally (two read units per 4 KB, counted as
 * reads). Index units stay as reported (one entry per index in our transactions). The items before
 * and after are read with consistent GetItems outside the tally.
 */
async function transactionUnits(
  client: DynamoDBClient,
  items: readonly TransactWriteItem[],
  send: () => Promise<unknown>,
): Promise<{ write: Record<string, number>; conditionReads: number; items: string[] }> {
  const stored = (TableName: string, Key: Key) =>
    tallies.exit(async () => {
      const answer = await client.send(new GetItemCommand({ TableName, Key, ConsistentRead: true }));
      return answer.Item ? itemSize(answer.Item) : 0;
    });
  const targets = items.map((item) => {
    if (item.Put) {
      const { TableName = '', Item = {} } = item.Put;
      const key = Object.fromEntries(Object.entries(Item).filter(([name]) => name === 'pk' || name === 'sk'));
      return { kind: 'write', action: 'Put', TableName, Key: key, after: itemSize(Item) };
    }
    const target = item.Update ?? item.Delete ?? item.ConditionCheck;
    const [kind, action] = item.ConditionCheck
      ? ['check', 'ConditionCheck']
      : item.Update
        ? ['update', 'Update']
        : ['write', 'Delete'];
    return { kind, action, TableName: target?.TableName ?? '', Key: target?.Key ?? {}, after: 0 };
  });
  const before = await Promise.all(targets.map((target) => stored(target.TableName, target.Key)));
  await send();
  const after = await Promise.all(
    targets.map((target) => (target.kind === 'update' ? stored(target.TableName, target.Key) : target.after)),
  );
  const write: Record<string, number> = {};
  let conditionReads = 0;
  const described: string[] = [];
  targets.forEach((target, index) => {
    const bytes = Math.max(before[index] ?? 0, after[index] ?? 0);
    described.push(`${target.action} ${target.TableName} ${bytes} B`);
    if (target.kind === 'check') conditionReads += 2 * Math.max(1, Math.ceil(bytes / 4096));
    else add(write, target.TableName, transactionalWriteUnits(bytes));
  });
  return { write, conditionReads, items: described };
}

const measured = (command: string) => readCommands.has(command) || writeCommands.has(command);
const commandOf = (context: { commandName?: string }) =>
  String(context.commandName ?? '').replace(/Command$/, '');

/**
 * Two middlewares, active only on a request made inside `withConsumedCapacity`: one asks for the
 * table's and the indexes' units (`INDEXES`) before the input is serialized; the other, on the build
 * step (the input marshalled by then, a document client's too), adds the answer's units to the tally.
 * Both run outside the retries: one tally entry per command sent.
 */
function collectOn(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (tallies.getStore() && measured(commandOf(context)))
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'INDEXES';
      return next(args);
    },
    { step: 'initialize', name: 'consumedCapacityRequest' },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const tally = tallies.getStore();
      const command = commandOf(context);
      if (!tally || !measured(command)) return next(args);
      type Output = { output: { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] } };
      if (command === 'TransactWriteItems') {
        let result: Output | undefined;
        const items = (args.input as { TransactItems?: TransactWriteItem[] }).TransactItems ?? [];
        const computed = await transactionUnits(client, items, async () => {
          result = (await next(args)) as Output;
        });
        addConsumedCapacity(tally, command, result?.output.ConsumedCapacity, computed.write);
        tally.read += computed.conditionReads;
        tally.transactionItems.push(...computed.items);
        return result as Awaited<ReturnType<typeof next>>;
      }
      const result = await next(args);
      addConsumedCapacity(tally, command, (result as Output).output.ConsumedCapacity);
      return result;
    },
    { step: 'build', name: 'consumedCapacityCollector' },
  );
}

/** Installs the collector on every DynamoDB client made from now on (a new client). Returns the undo. */
export function collectConsumedCapacity(): () => void {
  return onDynamoDbClient(collectOn);
}

/** Runs `work` and tallies the capacity its DynamoDB requests consumed (the collector must be installed). */
export async function withConsumedCapacity<T>(
  work: () => Promise<T>,
): Promise<{ result: T; capacity: CapacityTally }> {
  const capacity = emptyTally();
  const result = await tallies.run(capacity, work);
  return { result, capacity };
}
