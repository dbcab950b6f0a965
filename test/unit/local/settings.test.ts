import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  employeeRolesNotice,
  localEmployeeRoles,
  localPorts,
  localStateDir,
} from '../../../infra/local/config.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the local stage settings', () => {
  const portVariables = [
    'LOCAL_API_PORT',
    'LOCAL_AUTH_PORT',
    'LOCAL_ADMIN_PORT',
    'LOCAL_IDP_PORT',
    'LOCAL_CONSOLE_PORT',
    'LOCAL_DOCS_PORT',
    'LOCAL_VENUE_PORT',
    'LOCAL_SCANNER_PORT',
    'LOCAL_ES2PLUS_PORT',
    'LOCAL_ESIM_PAGE_PORT',
  ];

  it('listen on 8443 to 8452, keep state in .local and map roles leniently unless told otherwise', () => {
    for (const name of [...portVariables, 'LOCAL_STATE_DIR', 'LOCAL_EMPLOYEE_ROLES'])
      vi.stubEnv(name, undefined);

    expect(localPorts()).toEqual({
      api: 8443,
      auth: 8444,
      admin: 8445,
      idp: 8446,
      console: 8447,
      docs: 8448,
      venue: 8449,
      scanner: 8450,
      es2plus: 8452,
      esimPage: 8451,
    });
    expect(localStateDir()).toBe(resolve('.local'));
    expect(localEmployeeRoles()).toBe('lenient');
  });

  it('take the ports, the state dir and the role mapping from LOCAL_* variables', () => {
    vi.stubEnv('LOCAL_API_PORT', '0');
    vi.stubEnv('LOCAL_AUTH_PORT', '9444');
    vi.stubEnv('LOCAL_ADMIN_PORT', '9445');
    vi.stubEnv('LOCAL_IDP_PORT', '0');
    vi.stubEnv('LOCAL_CONSOLE_PORT', '9447');
    vi.stubEnv('LOCAL_DOCS_PORT', '0');
    vi.stubEnv('LOCAL_VENUE_PORT', '9449');
    vi.stubEnv('LOCAL_SCANNER_PORT', '0');
    vi.stubEnv('LOCAL_ES2PLUS_PORT', '9452');
    vi.stubEnv('LOCAL_ESIM_PAGE_PORT', '0');
    vi.stubEnv('LOCAL_STATE_DIR', '/tmp/stage');
    vi.stubEnv('LOCAL_EMPLOYEE_ROLES', 'strict');

    expect(localPorts()).toEqual({
      api: 0,
      auth: 9444,
      admin: 9445,
      idp: 0,
      console: 9447,
      docs: 0,
      venue: 9449,
      scanner: 0,
      es2plus: 9452,
      esimPage: 0,
    });
    expect(localStateDir()).toBe('/tmp/stage');
    expect(localEmployeeRoles()).toBe('strict');
  });

  it('say at start which role mapping the stage uses and what lenient mapping does', () => {
    expect(employeeRolesNotice('lenient')).toMatch(/leniently: .* in no mapped group signs in as admin/);
    expect(employeeRolesNotice('lenient')).toContain('LOCAL_EMPLOYEE_ROLES=strict');
    expect(employeeRolesNotice('strict')).toContain('no mapped group gets no token');
  });

  it('refuses a port that is not a port number, naming the variable', () => {
    vi.stubEnv('LOCAL_AUTH_PORT', '70000');

    expect(() => localPorts()).toThrow('LOCAL_AUTH_PORT must be a port number');
  });
});
