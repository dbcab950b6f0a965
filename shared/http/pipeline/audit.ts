import type { Principal } from '../../auth/principal.ts';
import { config } from '../../config/env.ts';
import { dynamoAuditLog } from '../../db/entities/audit.ts';
import { type AuditActor, type AuditEntry, buildAuditRecord } from '../../domain/audit/model.ts';
import type { AuditLog } from '../../domain/audit/ports.ts';
import { uuidV7 } from '../../domain/booking/ids.ts';
import type { StagedWrite, UnitOfWork } from '../../domain/unit-of-work.ts';
import type { RouteAudit, RouteDefinition } from '../../routes/types.ts';
import { type PipelineMiddleware, type PipelineRequest, present } from './internal.ts';
import type { ApiResult, OperationRun, ParsedRequest } from './types.ts';

export interface AuditTrailOptions {
  /** Where records go: the stage's audit table unless a test brings its own. */
  auditLog: () => AuditLog;
  /** Record ids: UUIDv7 of the arrival time, so records of one instant still sort by creation. */
  newId: (now: Date) => string;
}

const defaults: AuditTrailOptions = {
  auditLog: () => dynamoAuditLog({ tableName: config().auditTableName }),
  newId: uuidV7,
};

export function actorOf(principal: Principal | null): AuditActor {
  if (principal?.kind === 'employee')
    return { type: 'employee', id: principal.subject, roles: [...(principal.roles ?? [])] };
  return { type: 'application', id: principal?.subject ?? null, roles: [] };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function targetIdOf(audit: RouteAudit, request: ParsedRequest, result: ApiResult): string | null {
  const { param, responseField } = audit.target;
  const value =
    param !== undefined
      ? asRecord(request.params)[param]
      : responseField !== undefined
        ? asRecord(result.body)[responseField]
        : undefined;
  return typeof value === 'string' ? value : null;
}

/** What the record keeps of the request: its path parameters and the body fields the route names. */
function detailsOf(audit: RouteAudit, request: ParsedRequest): Record<string, unknown> {
  const body = asRecord(request.body);
  const kept = Object.fromEntries(
    (audit.bodyFields ?? []).filter((field) => field in body).map((field) => [field, body[field]]),
  );
  const path = asRecord(request.params);
  return {
    ...(Object.keys(path).length > 0 ? { path } : {}),
    ...(Object.keys(kept).length > 0 ? { body: kept } : {}),
  };
}

/** The record of one committed change, from the route's `audit` declaration and the request. */
export function auditEntryOf(route: RouteDefinition, request: ParsedRequest, result: ApiResult): AuditEntry {
  const audit = present(route.audit, `audit declaration of ${route.operationId}`);
  if (audit === 'self') throw new Error(`${route.operationId} writes its own audit records`);
  return {
    actor: actorOf(request.principal),
    action: route.operationId,
    target: { type: audit.target.type, id: targetIdOf(audit, request, result) },
    requestId: request.requestId,
    outcome: 'succeeded',
    details: detailsOf(audit, request),
  };
}

/**
 * The audit record of a state change (docs/employees.md, Audit log), for routes that declare `audit`:
 * staged into the unit of work of the run, so it commits in the same transaction as the change (and
 * with the idempotency record), or not at all. A run that staged nothing changed nothing and writes no
 * record (disabling a disabled account); a refused operation (4xx) neither. Routes declared
 * `audit: 'self'` write their own record and are left alone.
 */
export function auditTrail(options: Partial<AuditTrailOptions> = {}): PipelineMiddleware {
  const { auditLog, newId } = { ...defaults, ...options };

  const auditTrailBefore = (request: PipelineRequest): void => {
    const { internal } = request;
    const route = present(internal.route, 'route (requestContext)');
    // 'self': the operation stages its own record (RouteDefinition.audit); one change, one record.
    if (!route.audit || route.audit === 'self') return;
    const parsed = present(internal.request, 'request (validation)');
    const beginRun = present(internal.beginRun, 'unit of work (idempotentCommit)');
    internal.beginRun = (): OperationRun => {
      const run = beginRun();
      let changes = 0;
      const uow: UnitOfWork = {
        stage(...writes: StagedWrite[]) {
          changes += writes.length;
          run.uow.stage(...writes);
        },
      };
      return {
        uow,
        commit: (result) => {
          // An operation that commits its own writes stages none: its 2xx is the change.
          if ((changes > 0 || route.commitsOwnWrites) && result.status < 300) {
            const record = buildAuditRecord(
              auditEntryOf(route, parsed, result),
              newId(parsed.now),
              parsed.now,
            );
            run.uow.stage(auditLog().append(record));
          }
          return run.commit(result);
        },
      };
    };
  };

  return { before: auditTrailBefore };
}
