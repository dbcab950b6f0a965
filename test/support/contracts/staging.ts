import type { Page } from '../../../shared/domain/ports.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';

/** A store whose writes are staged, and the commit of staged writes in one transaction. */
export interface StagingStore<Store> {
  store: Store;
  commit(writes: readonly StagedWrite[]): Promise<void>;
}

/** The refusal a promise ends with; fails the test when it succeeds. */
export async function refusalOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof Error) return error;
  throw new Error('expected a refusal');
}

/** Every item of a listing, page by page from its first, in the order the pages give them. */
export async function everyPage<T>(list: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
