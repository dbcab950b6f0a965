import { auditLogPageSchema, auditLogQuery } from '../schemas/employee-admin.ts';
import { employeeAdminTag } from './employee-twins.ts';
import { defineRoute } from './types.ts';

/** The audit log is read by a function of its own, the only one allowed to read the audit table. */
export const auditRoutes = {
  listAuditLog: defineRoute({
    operationId: 'listAuditLog',
    method: 'GET',
    path: '/api/v1/admin/audit-log',
    hosts: ['admin'],
    group: 'audit',
    tags: [employeeAdminTag],
    summary: 'Read the audit log, newest first',
    description:
      'One record per state change made through `/v2/admin/*` or `/api/v1/admin/*` and per employee login ' +
      'attempt. Filters narrow each other; `since` is a UTC instant. Records are never changed or deleted.',
    auth: { scope: 'admin.audit_log:read', audiences: ['employee'] },
    request: { query: auditLogQuery },
    responses: { 200: { description: 'A page of audit records', schema: auditLogPageSchema } },
  }),
} as const;
