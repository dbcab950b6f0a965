import type { AuditRecord } from '../../domain/audit/model.ts';

/** An audit record as the audit log's reader answers it (shared/schemas/employee-admin.ts). */
export function auditView(record: AuditRecord) {
  return {
    id: record.id,
    at: record.at,
    actor: { type: record.actor.type, id: record.actor.id, roles: [...record.actor.roles] },
    action: record.action,
    target: { type: record.target.type, id: record.target.id },
    request_id: record.requestId,
    outcome: record.outcome,
    reason: record.reason,
    details: record.details,
  };
}
