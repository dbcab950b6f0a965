import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import type { StagedWrite, UnitOfWork } from '../../../shared/domain/unit-of-work.ts';

/** A write an in-memory store stages: its condition, checked at commit, and the change it makes. */
export interface FakeWrite extends StagedWrite {
  /** The error the write's condition answers with, or undefined when it holds. */
  check(): Error | undefined;
  apply(): void;
}

export function fakeWrite(
  description: string,
  apply: () => void,
  check: () => Error | undefined = () => undefined,
): FakeWrite {
  return { description, check, apply };
}

/**
 * A put on the condition that the key is new (`attribute_not_exists(pk)`): refused with the error
 * shared/db/transaction.ts answers for a condition without a domain error of its own.
 */
export function newKeyWrite<T>(description: string, items: Map<string, T>, key: string, item: T): FakeWrite {
  return fakeWrite(
    description,
    () => items.set(key, item),
    () => (items.has(key) ? new Error(`Condition failed on ${description}`) : undefined),
  );
}

function isFakeWrite(write: StagedWrite): write is FakeWrite {
  return 'apply' in write && 'check' in write;
}

/** Collects staged writes; `commit` applies all of them or, when one condition fails, none (a transaction). */
export class FakeUnitOfWork implements UnitOfWork {
  readonly writes: FakeWrite[] = [];

  stage(...writes: StagedWrite[]): void {
    for (const write of writes) {
      if (!isFakeWrite(write)) throw new Error(`Not a fake write: ${write.description}`);
      this.writes.push(write);
    }
  }

  get descriptions(): string[] {
    return this.writes.map((write) => write.description);
  }

  commit(): void {
    for (const write of this.writes) {
      const refused = write.check();
      if (refused) throw refused;
    }
    for (const write of this.writes) write.apply();
    this.writes.length = 0;
  }
}

/** Commits fake writes in one transaction, as `stagedWriteCommitter` commits DynamoDB's (the contract suites). */
export const fakeCommitter: WriteCommitter = {
  async commit(writes) {
    const uow = new FakeUnitOfWork();
    uow.stage(...writes);
    uow.commit();
  },
};

/** The refusal a call ends with; fails the test when it succeeds. */
export async function refusalOf(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}
