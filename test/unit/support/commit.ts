import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { FakeUnitOfWork } from './unit-of-work.ts';

/** Commits in-memory stores' staged writes as one transaction: all of them, or none. */
export async function commitFakeWrites(writes: readonly StagedWrite[]): Promise<void> {
  const uow = new FakeUnitOfWork();
  uow.stage(...writes);
  uow.commit();
}
