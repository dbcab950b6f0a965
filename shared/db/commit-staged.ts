import type { WriteCommitter } from '../domain/employees/ports.ts';
import type { StagedWrite } from '../domain/unit-of-work.ts';
import { commitWrites, isDynamoWrite } from './transaction.ts';

/**
 * Commits staged writes in one TransactWriteItems outside the HTTP pipeline's unit of work: the login
 * callback stores its one-time code and audit record together, and a refused login's audit record on
 * its own (the refusal answers an error, which the pipeline would not commit).
 */
export const stagedWriteCommitter: WriteCommitter = {
  async commit(writes: readonly StagedWrite[]): Promise<void> {
    await commitWrites(
      writes.map((write) => {
        if (!isDynamoWrite(write)) throw new Error(`Not a DynamoDB write: ${write.description}`);
        return write;
      }),
    );
  },
};
