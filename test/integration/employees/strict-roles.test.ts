import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts, type RunningStage, startStage } from '../../../infra/local/stage.ts';
import { stageClient } from '../../support/api.ts';
import { employeeLoginClient } from '../../support/employee-login.ts';

/*
 * A stage of its own with strict role mapping (LOCAL_EMPLOYEE_ROLES=strict, as production maps
 * roles): an employee in no mapped group gets a 403 page and no code, so no token.
 */
let stateDir: string;
let strict: RunningStage;
const stageJson = () => strict.stageJson;
const client = stageClient(stageJson);
const login = employeeLoginClient(stageJson);

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'pts-strict-'));
  strict = await startStage({
    stateDir,
    ...freePorts,
    employeeRoles: 'strict',
    persistent: false,
    env: { LOG_LEVEL: 'SILENT' },
    log: () => undefined,
    seeders: [],
  });
}, 120_000);

afterAll(async () => {
  await login.close();
  await client.close();
  await strict?.stop();
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

async function tokenOf(username: string): Promise<string> {
  return login.tokenOf(username, async (form) => {
    const response = await client.request('POST', '/oauth/v2/token', { host: 'auth', form });
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return String(response.body.access_token);
  });
}

describe('strict role mapping', () => {
  it('shows the employee in no mapped group without a role in stage.json', () => {
    expect(stageJson().idp.employees.map(({ username, role }) => [username, role])).toEqual([
      ['ada.admin', 'admin'],
      ['sam.support', 'support'],
      ['nico.nogroup', null],
    ]);
  });

  it('answers the employee in no mapped group with a 403 page and no code, and audits the refusal', async () => {
    const { browser, callbackUrl } = await login.throughProvider('nico.nogroup');
    const page = await login.callback(browser, callbackUrl);

    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('No access');
    expect(page.body).not.toMatch(/code=/);

    const log = await client.request<{ data: Record<string, unknown>[] }>(
      'GET',
      '/api/v1/admin/audit-log?actor=nico.nogroup&action=completeEmployeeLogin',
      { host: 'admin', cert: null, token: await tokenOf('ada.admin') },
    );
    expect(log.body.data).toEqual([
      expect.objectContaining({
        actor: { type: 'employee', id: 'nico.nogroup', roles: [] },
        outcome: 'refused',
        reason: 'no_role',
        request_id: page.headers['x-request-id'],
        details: { groups: ['pts-finance'] },
      }),
    ]);
  });

  it.each([
    ['ada.admin', 'admin'],
    ['sam.support', 'support'],
  ])('still gives %s the role %s', async (username, role) => {
    const token = await tokenOf(username);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

    expect(claims.roles).toEqual([role]);
  });
});
