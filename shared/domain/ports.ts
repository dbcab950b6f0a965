/** Ports and port types more than one area uses; each area declares its own in `<area>/ports.ts`. */

/** One page of a list; `nextCursor` is null on the last page and opaque to everyone but the store. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** At most `limit` items, after the position `cursor` (a previous page's `nextCursor`) names. */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** Structured log lines (the process logger in production). Never given a secret, a token or a body. */
export interface Log {
  info(message: string, fields: Record<string, unknown>): void;
}
