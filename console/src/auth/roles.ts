import type { EmployeeClaims } from './token.ts';

/**
 * Whether the employee may change anything. `support` is read-only; the admin API enforces this with
 * scopes, the console only keeps write controls disabled so nobody is offered what would be refused.
 */
export function canWrite(claims: Pick<EmployeeClaims, 'roles'> | undefined): boolean {
  return claims?.roles.includes('admin') ?? false;
}

export function roleLabel(claims: Pick<EmployeeClaims, 'roles'>): string {
  if (claims.roles.includes('admin')) return 'Administrator';
  if (claims.roles.includes('support')) return 'Support (read-only)';
  return 'No role (read-only)';
}
