import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type Problem, ProblemError } from '../api/problem.ts';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'error'; problem: Problem }
  | { status: 'ready'; data: T };

export function problemOf(error: unknown): Problem {
  if (error instanceof ProblemError) return error.problem;
  return {
    code: 'ClientError',
    title: 'Something went wrong in the console',
    detail: error instanceof Error ? error.message : String(error),
    status: 0,
  };
}

/** Loads data for a page or section; `reload` fetches again (after a change). Stale answers are dropped. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const generation = useRef(0);
  // The caller names the dependencies, as with useEffect.
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState({ status: 'loading' });
    load().then(
      (data) => mine === generation.current && setState({ status: 'ready', data }),
      (error: unknown) =>
        mine === generation.current && setState({ status: 'error', problem: problemOf(error) }),
    );
  }, deps);
  useEffect(() => {
    run();
    return () => {
      generation.current++;
    };
  }, [run]);
  return { state, reload: run, setState };
}

export type ActionState<T> =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'error'; problem: Problem }
  | { status: 'done'; result: T };

/** A write the person starts (submit, disable, publish): its progress, its problem, its result. */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>) {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const run = useCallback(
    async (...args: A): Promise<T | undefined> => {
      setState({ status: 'running' });
      try {
        const result = await action(...args);
        setState({ status: 'done', result });
        return result;
      } catch (error) {
        setState({ status: 'error', problem: problemOf(error) });
        return undefined;
      }
    },
    [action],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, reset };
}

/** One page of a cursor-paged list, as the API answers it. */
export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * A list read page by page: the first page as async state, every item loaded so far, and `more`,
 * which appends the next page while `hasMore`.
 */
export function useCursorList<T>(
  loadPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  deps: readonly unknown[],
) {
  const [items, setItems] = useState<T[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const first = useAsync(async () => {
    const page = await loadPage(undefined);
    setItems(page.data);
    setNextCursor(page.next_cursor);
    return page;
  }, deps);
  const more = useAction(async () => {
    if (!nextCursor) return;
    const page = await loadPage(nextCursor);
    setItems((loaded) => [...loaded, ...page.data]);
    setNextCursor(page.next_cursor);
  });
  return { first, items, setItems, more, hasMore: nextCursor !== null };
}

/**
 * One Idempotency-Key per distinct request body: a retry of the same submission (after a network
 * failure) reuses the key, so the server runs it once; a changed form gets a new key.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | undefined>(undefined);
  return useCallback((body: unknown): string => {
    const serialized = JSON.stringify(body);
    if (last.current?.body !== serialized) last.current = { body: serialized, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
}

/**
 * The names of the ids the loaded rows name (venues, accounts), one read per id. A name that cannot be
 * read leaves the id as the link's text: the row itself is what matters.
 */
export function useNames(
  ids: readonly string[],
  nameOf: (id: string) => Promise<string>,
): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(new Set<string>());
  const missing = [...new Set(ids)].filter((id) => !asked.current.has(id));
  useEffect(() => {
    for (const id of missing) {
      asked.current.add(id);
      nameOf(id).then(
        (name) => setNames((known) => new Map(known).set(id, name)),
        () => undefined,
      );
    }
  }, [missing.join()]);
  return names;
}
