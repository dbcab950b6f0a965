import { describe, expect, it } from 'vitest';
import { reinstateEmployee, revokeEmployee } from '../../../../shared/domain/employees/revocation.ts';
import { ApiError, ValidationError } from '../../../../shared/domain/errors.ts';
import { statusOf } from '../../../../shared/http/problem.ts';
import { FakeUnitOfWork, refusalOf } from '../../support/unit-of-work.ts';
import { MemoryRevocations } from './memory-revocations.ts';

const revokedAt = new Date('2030-06-01T12:00:00.000Z');
const reinstatedAt = new Date('2030-06-02T09:00:00.000Z');

function world() {
  const revocations = new MemoryRevocations();
  return { revocations, ports: { revocations }, uow: new FakeUnitOfWork() };
}

const byAda = (reason = 'left the company') => ({ employeeId: 'eve', by: 'ada', reason });

describe('revoking an employee', () => {
  it('stages the revocation in the unit of work, so it commits with the audit record', async () => {
    // Prepare
    const { ports, uow, revocations } = world();
    // Act
    const revocation = await revokeEmployee(ports, byAda(), uow, revokedAt);
    // Assess
    expect(revocation).toEqual({
      employeeId: 'eve',
      status: 'Revoked',
      revokedAt: revokedAt.toISOString(),
      revokedBy: 'ada',
      reason: 'left the company',
      reinstatedAt: null,
      reinstatedBy: null,
    });
    expect(await revocations.find('eve')).toBeUndefined();
    uow.commit();
    expect(await revocations.find('eve')).toEqual(revocation);
  });

  it('refuses an admin revoking themselves with 422 on path.employeeID, staging nothing', async () => {
    const { ports, uow } = world();

    const refused = await refusalOf(() =>
      revokeEmployee(ports, { employeeId: 'ada', by: 'ada', reason: 'oops' }, uow, revokedAt),
    );

    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused instanceof ApiError && [statusOf(refused), refused.code]).toEqual([
      422,
      'ValidationError',
    ]);
    expect((refused as ValidationError).errors).toEqual([
      { path: 'path.employeeID', message: 'is the caller' },
    ]);
    expect(uow.writes).toEqual([]);
  });

  it('refuses a revoked employee with 409 EmployeeInvalidState', async () => {
    const { ports, uow } = world();
    await revokeEmployee(ports, byAda(), uow, revokedAt);
    uow.commit();

    const refused = await refusalOf(() => revokeEmployee(ports, byAda('again'), uow, reinstatedAt));

    expect(refused instanceof ApiError && [statusOf(refused), refused.code]).toEqual([
      409,
      'EmployeeInvalidState',
    ]);
    expect(uow.writes).toEqual([]);
  });
});

describe('reinstating an employee', () => {
  it('lifts the revocation and keeps the time it began', async () => {
    const { ports, uow, revocations } = world();
    await revokeEmployee(ports, byAda(), uow, revokedAt);
    uow.commit();

    const lifted = await reinstateEmployee(
      ports,
      { employeeId: 'eve', by: 'grace', reason: 'back' },
      uow,
      reinstatedAt,
    );
    uow.commit();

    expect(lifted).toMatchObject({
      status: 'Reinstated',
      revokedAt: revokedAt.toISOString(),
      reinstatedAt: reinstatedAt.toISOString(),
      reinstatedBy: 'grace',
    });
    expect(await revocations.find('eve')).toEqual(lifted);
  });

  it('refuses an employee who is not revoked with 409 EmployeeInvalidState', async () => {
    const { ports, uow } = world();

    const refused = await refusalOf(() => reinstateEmployee(ports, byAda(), uow, reinstatedAt));

    expect(refused instanceof ApiError && [statusOf(refused), refused.code]).toEqual([
      409,
      'EmployeeInvalidState',
    ]);
    expect(uow.writes).toEqual([]);
  });
});
