import type { EmployeeRevocation } from '../../domain/employees/model.ts';

export function employeeRevocationView(revocation: EmployeeRevocation) {
  return {
    employee_id: revocation.employeeId,
    status: revocation.status,
    revoked_at: revocation.revokedAt,
    revoked_by: revocation.revokedBy,
    reason: revocation.reason,
    reinstated_at: revocation.reinstatedAt,
    reinstated_by: revocation.reinstatedBy,
  };
}
