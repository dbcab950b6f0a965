import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EmployeeRevocation } from '../../../shared/domain/employees/model.ts';
import type { EmployeeRevocationStore } from '../../../shared/domain/employees/ports.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import { refusalOf, type StagingStore } from './staging.ts';

/**
 * What every `EmployeeRevocationStore` does, in memory and on DynamoDB: one revocation per employee,
 * from the commit of its write; a revoked employee cannot be revoked again, nor one who is not revoked
 * be reinstated (409 EmployeeInvalidState), and a lift keeps the time of the revocation.
 */
export function employeeRevocationStoreContract(
  name: string,
  subject: () => StagingStore<EmployeeRevocationStore>,
): void {
  const store = () => subject().store;
  const aRevocation = (): EmployeeRevocation => ({
    employeeId: `eve-${randomUUID()}`,
    status: 'Revoked',
    revokedAt: '2030-06-01T12:00:00.000Z',
    revokedBy: 'ada',
    reason: 'left the company',
    reinstatedAt: null,
    reinstatedBy: null,
  });
  const conflictCode = (error: Error) => (error instanceof ApiError ? error.code : error.message);

  describe(`the employee revocation store contract: ${name}`, () => {
    it('holds a revocation from the commit of its write', async () => {
      const revocation = aRevocation();

      const write = store().revoke(revocation);
      expect(await store().find(revocation.employeeId)).toBeUndefined();
      await subject().commit([write]);

      expect(await store().find(revocation.employeeId)).toEqual(revocation);
    });

    it('refuses to revoke a revoked employee again with EmployeeInvalidState, and keeps the first', async () => {
      const revocation = aRevocation();
      await subject().commit([store().revoke(revocation)]);

      const refused = await refusalOf(subject().commit([store().revoke({ ...revocation, reason: 'again' })]));

      expect(conflictCode(refused)).toBe('EmployeeInvalidState');
      expect((await store().find(revocation.employeeId))?.reason).toBe('left the company');
    });

    it('reinstates a revoked employee, keeping the time of the revocation', async () => {
      const revocation = aRevocation();
      await subject().commit([store().revoke(revocation)]);

      await subject().commit([store().reinstate(revocation.employeeId, 'grace', '2030-06-02T09:00:00.000Z')]);

      expect(await store().find(revocation.employeeId)).toEqual({
        ...revocation,
        status: 'Reinstated',
        reinstatedAt: '2030-06-02T09:00:00.000Z',
        reinstatedBy: 'grace',
      });
    });

    it('refuses to reinstate an employee who is not revoked with EmployeeInvalidState', async () => {
      const revocation = aRevocation();
      const never = await refusalOf(subject().commit([store().reinstate(revocation.employeeId, 'ada', 'x')]));
      await subject().commit([store().revoke(revocation)]);
      await subject().commit([store().reinstate(revocation.employeeId, 'ada', '2030-06-02T09:00:00.000Z')]);
      const twice = await refusalOf(subject().commit([store().reinstate(revocation.employeeId, 'ada', 'y')]));

      expect(conflictCode(never)).toBe('EmployeeInvalidState');
      expect(conflictCode(twice)).toBe('EmployeeInvalidState');
      expect(await store().find(revocation.employeeId)).toMatchObject({
        reinstatedAt: '2030-06-02T09:00:00.000Z',
      });
    });

    it('revokes a reinstated employee again, from the new time', async () => {
      const revocation = aRevocation();
      await subject().commit([store().revoke(revocation)]);
      await subject().commit([store().reinstate(revocation.employeeId, 'ada', '2030-06-02T09:00:00.000Z')]);
      const again = { ...revocation, revokedAt: '2030-06-03T09:00:00.000Z', reason: 'again' };

      await subject().commit([store().revoke(again)]);

      expect(await store().find(revocation.employeeId)).toEqual(again);
    });
  });
}
