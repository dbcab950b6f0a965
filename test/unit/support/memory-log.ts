import type { Log } from '../../../shared/domain/ports.ts';

/** Keeps every line logged, to assert what was said and that no secret was. */
export class MemoryLog implements Log {
  readonly lines: { message: string; fields: Record<string, unknown> }[] = [];

  info(message: string, fields: Record<string, unknown>) {
    this.lines.push({ message, fields });
  }
}
