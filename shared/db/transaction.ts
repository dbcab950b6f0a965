import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ServiceUnavailableError } from '../domain/errors.ts';
import type { StagedWrite, UnitOfWork } from '../domain/unit-of-work.ts';
import { ddb } from './client.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A staged DynamoDB write; `onConditionFailed` names the domain error its condition stands for. */
export interface DynamoWrite extends StagedWrite {
  item: TransactItem;
  onConditionFailed?: (oldItem: Record<string, unknown> | undefined) => Error;
}

export function isDynamoWrite(write: StagedWrite): write is DynamoWrite {
  return 'item' in write;
}

export class DynamoUnitOfWork implements UnitOfWork {
  readonly writes: DynamoWrite[] = [];

  stage(...writes: StagedWrite[]): void {
    for (const write of writes) {
      if (!isDynamoWrite(write)) throw new Error(`Not a DynamoDB write: ${write.description}`);
      this.writes.push(write);
    }
  }
}

export type CommitOutcome =
  | { committed: true }
  | { committed: false; reason: 'condition'; index: number; oldItem: Record<string, unknown> | undefined }
  /** A concurrent transaction kept holding item `index` through every retry. */
  | { committed: false; reason: 'contention'; index: number };

const maxConflictRetries = 4;

/**
 * One TransactWriteItems. A failed condition is reported with the index of the write and the item it
 * found (ReturnValuesOnConditionCheckFailure), so callers replay or explain without reading again.
 * Transaction conflicts with a concurrent writer are retried with jitter.
 */
export async function transact(items: TransactItem[]): Promise<CommitOutcome> {
  if (items.length === 0) return { committed: true };
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items }));
      return { committed: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const oldItem = reasons[failed]?.Item;
        return {
          committed: false,
          reason: 'condition',
          index: failed,
          oldItem: oldItem ? unmarshall(oldItem) : undefined,
        };
      }
      const conflict = reasons.findIndex((reason) => reason.Code === 'TransactionConflict');
      if (conflict < 0) throw error;
      if (attempt >= maxConflictRetries) return { committed: false, reason: 'contention', index: conflict };
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 20));
    }
  }
}

/** Commits staged writes on their own, turning a failed condition into the write's domain error. */
export async function commitWrites(writes: readonly DynamoWrite[]): Promise<void> {
  const outcome = await transact(writes.map((write) => write.item));
  if (outcome.committed) return;
  if (outcome.reason === 'contention') throw contentionError();
  throw conditionError(writes[outcome.index], outcome.oldItem);
}

/** Another request kept changing the same record: nothing was written, and a retry will succeed. */
export function contentionError(): ServiceUnavailableError {
  return new ServiceUnavailableError('The record is being changed by another request; retry shortly.', {
    retryAfter: 1,
  });
}

export function conditionError(
  write: DynamoWrite | undefined,
  oldItem: Record<string, unknown> | undefined,
): Error {
  return (
    write?.onConditionFailed?.(oldItem) ?? new Error(`Condition failed on ${write?.description ?? 'a write'}`)
  );
}
