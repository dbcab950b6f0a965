import { ConflictError, ValidationError } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { EmployeeRevocation } from './model.ts';
import type { EmployeeRevocationStore } from './ports.ts';

/*
 * Employee cut-off (docs/employees.md, Revocation): an admin revokes an employee, whose tokens the
 * admin API refuses within the status bound and whose login is refused, until an admin reinstates
 * them. Both writes are staged in the request's unit of work, so the route's audit record commits
 * with them or not at all.
 */

export interface RevocationPorts {
  revocations: EmployeeRevocationStore;
}

export interface RevocationChange {
  employeeId: string;
  /** The admin making the change (their token's `sub`). */
  by: string;
  reason: string;
}

export function employeeInvalidState(employeeId: string, message: string): ConflictError {
  return new ConflictError('EmployeeInvalidState', message, { details: { employee_id: employeeId } });
}

/** An admin cannot revoke themselves, so the last admin cannot lock everyone out by mistake. */
export async function revokeEmployee(
  ports: RevocationPorts,
  change: RevocationChange,
  uow: UnitOfWork,
  now: Date,
): Promise<EmployeeRevocation> {
  if (change.employeeId === change.by) {
    throw new ValidationError('An administrator cannot revoke themselves.', [
      { path: 'path.employeeID', message: 'is the caller' },
    ]);
  }
  const current = await ports.revocations.find(change.employeeId);
  if (current?.status === 'Revoked')
    throw employeeInvalidState(change.employeeId, `${change.employeeId} is revoked already.`);
  const revocation: EmployeeRevocation = {
    employeeId: change.employeeId,
    status: 'Revoked',
    revokedAt: now.toISOString(),
    revokedBy: change.by,
    reason: change.reason,
    reinstatedAt: null,
    reinstatedBy: null,
  };
  uow.stage(ports.revocations.revoke(revocation));
  return revocation;
}

/** Lifts a revocation: the employee may sign in again; tokens issued before it stay refused. */
export async function reinstateEmployee(
  ports: RevocationPorts,
  change: RevocationChange,
  uow: UnitOfWork,
  now: Date,
): Promise<EmployeeRevocation> {
  const current = await ports.revocations.find(change.employeeId);
  if (current?.status !== 'Revoked')
    throw employeeInvalidState(change.employeeId, `${change.employeeId} is not revoked.`);
  const at = now.toISOString();
  uow.stage(ports.revocations.reinstate(change.employeeId, change.by, at));
  return { ...current, status: 'Reinstated', reinstatedAt: at, reinstatedBy: change.by };
}
