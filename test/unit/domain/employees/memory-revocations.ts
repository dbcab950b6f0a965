import type { EmployeeRevocation } from '../../../../shared/domain/employees/model.ts';
import type { EmployeeRevocationStore } from '../../../../shared/domain/employees/ports.ts';
import { employeeInvalidState } from '../../../../shared/domain/employees/revocation.ts';
import { type FakeWrite, fakeWrite } from '../../support/unit-of-work.ts';

/** Employee revocations in memory, held to the contract of the DynamoDB store (test/support/contracts). */
export class MemoryRevocations implements EmployeeRevocationStore {
  readonly revocations = new Map<string, EmployeeRevocation>();

  async find(employeeId: string) {
    const found = this.revocations.get(employeeId);
    return found ? { ...found } : undefined;
  }

  revoke(revocation: EmployeeRevocation): FakeWrite {
    return fakeWrite(
      `revoke employee ${revocation.employeeId}`,
      () => this.revocations.set(revocation.employeeId, { ...revocation }),
      () =>
        this.revocations.get(revocation.employeeId)?.status === 'Revoked'
          ? employeeInvalidState(revocation.employeeId, `${revocation.employeeId} is revoked already.`)
          : undefined,
    );
  }

  reinstate(employeeId: string, by: string, at: string): FakeWrite {
    return fakeWrite(
      `reinstate employee ${employeeId}`,
      () => {
        const current = this.revocations.get(employeeId);
        if (current)
          this.revocations.set(employeeId, {
            ...current,
            status: 'Reinstated',
            reinstatedAt: at,
            reinstatedBy: by,
          });
      },
      () =>
        this.revocations.get(employeeId)?.status === 'Revoked'
          ? undefined
          : employeeInvalidState(employeeId, `${employeeId} is not revoked.`),
    );
  }
}
