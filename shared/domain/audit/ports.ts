import type { StagedWrite } from '../unit-of-work.ts';
import type { ActorType, AuditRecord } from './model.ts';

export interface AuditPage {
  items: AuditRecord[];
  nextCursor: string | null;
}

/**
 * A read of the audit log, newest first. At most one of actor, target and action selects the index
 * the read uses (docs/employees.md, access patterns); the others narrow it as filters.
 */
export interface AuditQuery {
  actorId?: string | undefined;
  actorType?: ActorType | undefined;
  targetId?: string | undefined;
  targetType?: string | undefined;
  action?: string | undefined;
  /** ISO 8601: records at or after this instant. */
  since?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Audit storage (shared/db/entities/audit.ts): append-only. */
export interface AuditLog {
  /**
   * The write that appends `record`, to be staged in the unit of work of the change it records, so
   * the change and its record commit together or not at all. It never overwrites a record.
   */
  append(record: AuditRecord): StagedWrite;
  list(query: AuditQuery): Promise<AuditPage>;
}
