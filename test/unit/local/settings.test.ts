import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localPorts, localStateDir } from '../../../shared/config/local.ts';

afterEach(() => vi.unstubAllEnvs());

describe('the local stage settings', () => {
  it('listen on 8443 and 8444 and keep state in .local unless told otherwise', () => {
    vi.stubEnv('LOCAL_API_PORT', undefined);
    vi.stubEnv('LOCAL_AUTH_PORT', undefined);
    vi.stubEnv('LOCAL_STATE_DIR', undefined);

    expect(localPorts()).toEqual({ api: 8443, auth: 8444 });
    expect(localStateDir()).toBe(resolve('.local'));
  });

  it('take the ports and the state dir from LOCAL_* variables', () => {
    vi.stubEnv('LOCAL_API_PORT', '0');
    vi.stubEnv('LOCAL_AUTH_PORT', '9444');
    vi.stubEnv('LOCAL_STATE_DIR', '/tmp/stage');

    expect(localPorts()).toEqual({ api: 0, auth: 9444 });
    expect(localStateDir()).toBe('/tmp/stage');
  });

  it('refuses a port that is not a port number, naming the variable', () => {
    vi.stubEnv('LOCAL_AUTH_PORT', '70000');

    expect(() => localPorts()).toThrow('LOCAL_AUTH_PORT must be a port number');
  });
});
