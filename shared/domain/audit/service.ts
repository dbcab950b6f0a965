import { ValidationError } from '../errors.ts';
import { actorTypes } from './model.ts';
import type { AuditLog, AuditPage, AuditQuery } from './ports.ts';

export const auditPageLimits = { default: 50, max: 200 } as const;

export interface AuditLogFilters {
  actorId?: string | undefined;
  actorType?: string | undefined;
  targetId?: string | undefined;
  targetType?: string | undefined;
  action?: string | undefined;
  since?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * Reads the audit log with the filters of `GET /api/v1/admin/audit-log`. `since` must be a UTC
 * instant: it is compared with the stored `at` as text, which only orders correctly in one format.
 */
export async function readAuditLog(log: AuditLog, filters: AuditLogFilters): Promise<AuditPage> {
  const errors: { path: string; message: string }[] = [];
  const limit = filters.limit ?? auditPageLimits.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > auditPageLimits.max)
    errors.push({ path: 'query.limit', message: `Between 1 and ${auditPageLimits.max}` });
  let since: string | undefined;
  if (filters.since !== undefined) {
    const parsed = Date.parse(filters.since);
    if (!isoInstant.test(filters.since) || Number.isNaN(parsed))
      errors.push({ path: 'query.since', message: 'A UTC instant such as 2026-05-01T00:00:00Z' });
    else since = new Date(parsed).toISOString();
  }
  const actorType = actorTypes.find((type) => type === filters.actorType);
  if (filters.actorType !== undefined && !actorType)
    errors.push({ path: 'query.actor_type', message: `One of ${actorTypes.join(', ')}` });
  if (errors.length > 0) throw new ValidationError('The audit log query is not valid.', errors);
  const query: AuditQuery = {
    actorId: filters.actorId,
    actorType,
    targetId: filters.targetId,
    targetType: filters.targetType,
    action: filters.action,
    since,
    limit,
    cursor: filters.cursor,
  };
  return log.list(query);
}
