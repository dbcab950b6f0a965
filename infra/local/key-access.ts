import { AsyncLocalStorage } from 'node:async_hooks';
import { type DynamoDBClient, DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import {
  auditTable,
  idempotencyTable,
  mainTable,
  requestLogTable,
  type TableShape,
} from '../../shared/db/tables.ts';
import { functionNeeds, type ServiceFunction, type TableName } from '../functions.ts';
import { keyAccessOf, matchesKeyPattern } from '../table-keys.ts';

/*
 * The local stage's stand-in for IAM's dynamodb:LeadingKeys (docs/architecture.md, Least privilege
 * inside the tables). Every function runs in this one process, so the DynamoDB client learns its caller
 * from the invocation (`runAs`) and refuses, as IAM would with AccessDeniedException, any request
 * whose partition keys fall outside that function's declared patterns (infra/functions.ts). Requests
 * made outside any function (seeders, the stage itself) are the operator's and pass.
 */

const caller = new AsyncLocalStorage<ServiceFunction>();

/** Runs `work` as the named function: its DynamoDB requests are checked against that function's grants. */
export function runAs<T>(name: ServiceFunction, work: () => T): T {
  return caller.run(name, work);
}

/** The function whose invocation this code runs in, if any. */
export function callingFunction(): ServiceFunction | undefined {
  return caller.getStore();
}

type Use = 'read' | 'write';

/** One item or partition a request touches: what IAM evaluates dynamodb:LeadingKeys against. */
interface Touch {
  table: string;
  use: Use;
  partition: string | undefined;
}

type Attributes = Record<string, unknown>;

const shapes: Record<TableName, TableShape> = {
  main: mainTable,
  idempotency: idempotencyTable,
  audit: auditTable,
  requestLog: requestLogTable,
};

/** The string in an attribute value, marshalled (`{S: "..."}`) or not. */
function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'S' in value && typeof value.S === 'string') return value.S;
  return undefined;
}

function partitionAttribute(table: TableShape, indexName: unknown): string | undefined {
  if (indexName === undefined) return table.partitionKey;
  return table.globalSecondaryIndexes.find((index) => index.indexName === indexName)?.partitionKey;
}

/** `#pk = :pk` (either side, names resolved): the value the query's partition key equals. */
function queriedPartition(input: Attributes, attribute: string | undefined): string | undefined {
  const expression = typeof input.KeyConditionExpression === 'string' ? input.KeyConditionExpression : '';
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Attributes;
  for (const condition of expression.split(/\s+AND\s+/i)) {
    const [left, right] = condition.split('=').map((side) => side.trim().replace(/^\(|\)$/g, ''));
    if (!left || !right) continue;
    const nameOf = (side: string) => (side.startsWith('#') ? names[side] : side);
    if (nameOf(left) === attribute && right.startsWith(':')) return stringOf(values[right]);
    if (nameOf(right) === attribute && left.startsWith(':')) return stringOf(values[left]);
  }
  return undefined;
}

/** What a DynamoDB request touches, by command; `undefined` for commands that touch no item (DescribeTable). */
export function touchesOf(
  commandName: string,
  input: Attributes,
  shapeOf: (table: string) => TableShape | undefined,
): Touch[] | undefined {
  const keyOf = (table: string, item: unknown) => {
    const attribute = shapeOf(table)?.partitionKey;
    return attribute ? stringOf((item as Attributes | undefined)?.[attribute]) : undefined;
  };
  const table = String(input.TableName ?? '');
  switch (commandName) {
    case 'GetItemCommand':
      return [{ table, use: 'read', partition: keyOf(table, input.Key) }];
    case 'PutItemCommand':
      return [{ table, use: 'write', partition: keyOf(table, input.Item) }];
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return [{ table, use: 'write', partition: keyOf(table, input.Key) }];
    case 'QueryCommand': {
      const shape = shapeOf(table);
      const attribute = shape ? partitionAttribute(shape, input.IndexName) : undefined;
      return [{ table, use: 'read', partition: queriedPartition(input, attribute) }];
    }
    // No function is granted Scan: nothing narrows it to a partition.
    case 'ScanCommand':
      return [{ table, use: 'read', partition: undefined }];
    case 'BatchGetItemCommand':
      return Object.entries((input.RequestItems ?? {}) as Record<string, { Keys?: unknown[] }>).flatMap(
        ([name, { Keys = [] }]) =>
          Keys.map((key) => ({ table: name, use: 'read' as const, partition: keyOf(name, key) })),
      );
    case 'BatchWriteItemCommand':
      return Object.entries((input.RequestItems ?? {}) as Record<string, Attributes[]>).flatMap(
        ([name, requests]) =>
          requests.map((request) => {
            const put = request.PutRequest as Attributes | undefined;
            const remove = request.DeleteRequest as Attributes | undefined;
            return {
              table: name,
              use: 'write' as const,
              partition: keyOf(name, put ? put.Item : remove?.Key),
            };
          }),
      );
    case 'TransactGetItemsCommand':
      return ((input.TransactItems ?? []) as { Get: Attributes }[]).map(({ Get }) => {
        const name = String(Get.TableName);
        return { table: name, use: 'read' as const, partition: keyOf(name, Get.Key) };
      });
    case 'TransactWriteItemsCommand':
      return ((input.TransactItems ?? []) as Record<string, Attributes>[]).map((operation) => {
        const [kind = '', request = {}] = Object.entries(operation)[0] ?? [];
        const name = String(request.TableName);
        const use: Use = kind === 'ConditionCheck' ? 'read' : 'write';
        return { table: name, use, partition: keyOf(name, kind === 'Put' ? request.Item : request.Key) };
      });
    default:
      return undefined;
  }
}

function accessDenied(name: ServiceFunction, touch: Touch, commandName: string): DynamoDBServiceException {
  const operation = commandName.replace(/Command$/, '');
  return new DynamoDBServiceException({
    name: 'AccessDeniedException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
    message:
      `${name} is not authorized to perform dynamodb:${operation} (${touch.use}) on the ${touch.table} table ` +
      `with partition key ${JSON.stringify(touch.partition ?? null)}: no matching pattern in its grants ` +
      '(infra/functions.ts)',
  });
}

/** True when `name`'s grants (infra/functions.ts) allow this touch. */
export function allowed(name: ServiceFunction, table: TableName, touch: Touch): boolean {
  const access = keyAccessOf(functionNeeds[name])[table];
  const patterns = touch.use === 'read' ? access?.reads : access?.writes;
  const partition = touch.partition;
  return partition !== undefined && (patterns ?? []).some((pattern) => matchesKeyPattern(partition, pattern));
}

/**
 * Adds the check to a DynamoDB client: the stage's table names map to the registry's tables. Added
 * at the build step, where the document client has marshalled the input.
 */
export function checkKeyAccess(client: DynamoDBClient, tableNames: Record<TableName, string>): void {
  const tableOf = new Map(
    Object.entries(tableNames).map(([table, physical]) => [physical, table as TableName]),
  );
  const shapeOf = (physical: string) => {
    const table = tableOf.get(physical);
    return table ? shapes[table] : undefined;
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = callingFunction();
      const commandName = context.commandName ?? '';
      if (name) {
        for (const touch of touchesOf(commandName, args.input as Attributes, shapeOf) ?? []) {
          const table = tableOf.get(touch.table);
          if (!table || !allowed(name, table, touch)) throw accessDenied(name, touch, commandName);
        }
      }
      return next(args);
    },
    { step: 'build', name: 'localKeyAccess', override: true },
  );
}
