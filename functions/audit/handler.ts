import { config } from '../../shared/config/env.ts';
import { dynamoAuditLog } from '../../shared/db/entities/audit.ts';
import { readAuditLog } from '../../shared/domain/audit/service.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { auditView } from '../../shared/http/views/audit.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { auditRoutes } from '../../shared/routes/audit.ts';

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
    return { status: 200, body: pageView(page, auditView) };
  },
});
