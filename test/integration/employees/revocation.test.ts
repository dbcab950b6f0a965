import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployeeTokenIssuer } from '../../../shared/auth/employee-tokens.ts';
import { SigningKeyCache } from '../../../shared/auth/signing-key-cache.ts';
import { readSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { audienceValue } from '../../../shared/auth/tokens.ts';
import { config } from '../../../shared/config/env.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dynamoOneTimeCodeStore } from '../../../shared/db/entities/one-time-code.ts';
import { type Role, scopesFor } from '../../../shared/domain/employees/model.ts';
import { hashOneTimeCode } from '../../../shared/domain/employees/service.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { stage } from '../../support/api.ts';
import { exchangeCode } from '../../support/employees.ts';
import { type OwnGateway, ownGateway } from '../quotas/own-gateway.ts';

/** The stage trusts what it read about an employee for 2 s (PRINCIPAL_STATUS_TTL_SECONDS in the setup). */
const boundMs = 2_000;

/**
 * The admin API of this file's own, on the run's tables, with this file's clock: the standing cache
 * of its functions reads that clock, so the bound passes without a real wait. The employees are made
 * up per test (the service keeps no employee directory), so no seeded employee of other files is cut off.
 */
const clock = TestClock.running();
let adminApi: OwnGateway;
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  adminApi = await ownGateway({ host: 'admin', clock });
});
afterAll(async () => {
  await adminApi.close();
  restoreClock();
});

/** An employee token as the login issues it, at this file's time. */
async function tokenOf(employeeId: string, roles: Role[]): Promise<string> {
  const issuer = createEmployeeTokenIssuer({
    issuer: config().tokenIssuer,
    audience: audienceValue('employee'),
    signingKeys: new SigningKeyCache(() => readSigningKeys(secretStore())),
  });
  const issued = await issuer.issue(
    { employeeId, roles, scopes: scopesFor(roles), clientId: 'pts-admin-console' },
    clock.now(),
  );
  return issued.accessToken;
}

const newEmployee = () => `employee-${randomUUID()}`;

const call = (token: string, method: string, path: string, body?: unknown) =>
  adminApi.client.request(method, path, {
    host: 'admin',
    cert: null,
    token,
    ...(body === undefined ? {} : { body }),
    headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : {},
  });

const readAuditLog = (token: string) => call(token, 'GET', '/api/v1/admin/audit-log?limit=1');
const revoke = (token: string, employeeId: string, reason = 'left the company') =>
  call(token, 'POST', `/api/v1/admin/employees/${employeeId}/revoke`, { reason });
const reinstate = (token: string, employeeId: string, reason = 'came back') =>
  call(token, 'POST', `/api/v1/admin/employees/${employeeId}/reinstate`, { reason });

/** The last step of the login, for a one-time code the callback would have stored for `employeeId`. */
async function signInAs(employeeId: string) {
  const verifier = randomBytes(32).toString('base64url');
  const code = randomBytes(32).toString('base64url');
  const redirectUri = stage().employee_login.redirect_uri;
  const codes = dynamoOneTimeCodeStore({ tableName: config().mainTableName });
  await stagedWriteCommitter.commit([
    codes.save({
      codeHash: hashOneTimeCode(code),
      employeeId,
      roles: ['admin'],
      codeChallenge: createHash('sha256').update(verifier, 'ascii').digest('base64url'),
      redirectUri,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    }),
  ]);
  return exchangeCode({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
  });
}

describe('an employee revoked by an admin', () => {
  it('has their token refused with 401 invalid_token once the bound has passed, and the revocation audited', async () => {
    const admin = await tokenOf(newEmployee(), ['admin']);
    const employeeId = newEmployee();
    const token = await tokenOf(employeeId, ['admin']);
    expect((await readAuditLog(token)).status).toBe(200);

    const revoked = await revoke(admin, employeeId);
    clock.advance(boundMs);
    const refused = await readAuditLog(token);
    const audit = await call(admin, 'GET', `/api/v1/admin/audit-log?target=${employeeId}`);

    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      employee_id: employeeId,
      status: 'Revoked',
      reason: 'left the company',
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'Unauthorized' });
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(audit.body).toMatchObject({
      data: [
        {
          action: 'revokeEmployee',
          target: { type: 'employee', id: employeeId },
          outcome: 'succeeded',
          details: { path: { employeeID: employeeId }, body: { reason: 'left the company' } },
        },
      ],
    });
  });

  it('cannot sign in until an admin reinstates them; their old token stays refused', async () => {
    const admin = await tokenOf(newEmployee(), ['admin']);
    const employeeId = newEmployee();
    const oldToken = await tokenOf(employeeId, ['admin']);
    clock.advance(1_000);
    expect((await revoke(admin, employeeId)).status).toBe(200);

    const refusedLogin = await signInAs(employeeId);
    const reinstated = await reinstate(admin, employeeId);
    const login = await signInAs(employeeId);
    clock.advance(boundMs);
    const newToken = await tokenOf(employeeId, ['admin']);

    expect(refusedLogin.status).toBe(400);
    expect(refusedLogin.body).toMatchObject({ error: 'invalid_grant' });
    expect(String(refusedLogin.body.error_description)).toMatch(/revoked/);
    expect(reinstated.status).toBe(200);
    expect(reinstated.body).toMatchObject({ status: 'Reinstated', reinstated_at: expect.any(String) });
    expect(login.status).toBe(200);
    expect(typeof login.body.access_token).toBe('string');
    expect((await readAuditLog(newToken)).status).toBe(200);
    expect((await readAuditLog(oldToken)).status).toBe(401);
  });
});

describe('revoking and reinstating', () => {
  it('is refused to support with 403 Forbidden', async () => {
    const support = await tokenOf(newEmployee(), ['support']);
    const employeeId = newEmployee();

    const revoked = await revoke(support, employeeId);
    const reinstated = await reinstate(support, employeeId);

    for (const refused of [revoked, reinstated]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'Forbidden',
        details: { required_scope: 'admin.employees:write' },
      });
    }
  });

  it('refuses an admin revoking themselves with 422 ValidationError on path.employeeID', async () => {
    const adminId = newEmployee();
    const admin = await tokenOf(adminId, ['admin']);

    const refused = await revoke(admin, adminId);

    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'ValidationError',
      details: { errors: [{ path: 'path.employeeID', message: 'is the caller' }] },
    });
    expect((await readAuditLog(admin)).status).toBe(200);
  });

  it('refuses a second revocation and a lift of no revocation with 409 EmployeeInvalidState', async () => {
    const admin = await tokenOf(newEmployee(), ['admin']);
    const employeeId = newEmployee();

    const neverRevoked = await reinstate(admin, employeeId);
    await revoke(admin, employeeId);
    const twice = await revoke(admin, employeeId);

    for (const refused of [neverRevoked, twice]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'EmployeeInvalidState',
        details: { employee_id: employeeId },
      });
    }
  });

  it('requires a reason: 422 ValidationError on body.reason', async () => {
    const admin = await tokenOf(newEmployee(), ['admin']);

    const refused = await call(admin, 'POST', `/api/v1/admin/employees/${newEmployee()}/revoke`, {});

    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'ValidationError',
      details: { errors: [{ path: 'body.reason' }] },
    });
  });
});
