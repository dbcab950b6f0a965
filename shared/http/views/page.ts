import type { Page } from '../../domain/ports.ts';

/** A cursor page of any list (shared/schemas/common.ts): its items through their view, and the cursor on. */
export function pageView<T, V>(page: Page<T>, view: (item: T) => V) {
  return { data: page.items.map((item) => view(item)), next_cursor: page.nextCursor };
}
