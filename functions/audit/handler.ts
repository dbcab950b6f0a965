import { config } from '../../shared/config/env.ts';
import { dynamoAuditLog } from '../../shared/db/entities/audit.ts';
import type { AuditRecord } from '../../shared/domain/audit/model.ts';
import { readAuditLog } from '../../shared/domain/audit/service.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { auditRoutes } from '../../shared/routes/audit.ts';

function recordView(record: AuditRecord) {
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

/** The audit log's only reader: this function may read the audit table and write nothing at all. */
export const handler = createApiHandler(auditRoutes, {
  listAuditLog: async ({ query }) => {
    const page = await readAuditLog(dynamoAuditLog({ tableName: config().auditTableName }), {
      actorId: query.actor,
      actorType: query.actor_type,
      targetId: query.target,
      targetType: query.target_type,
      action: query.action,
      since: query.since,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { status: 200, body: { data: page.items.map(recordView), next_cursor: page.nextCursor } };
  },
});
