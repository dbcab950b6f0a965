import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  functionEnvironment,
  functionProfile,
  type StageSettings,
  serviceFunctions,
} from '../../../infra/functions.ts';
import {
  defaultSecretIds,
  flag,
  hostName,
  json,
  oneOf,
  portRanges,
  queueUrlValue,
  read,
  text,
  url,
  type VariableName,
  variables,
  variablesOf,
  wholeNumber,
} from '../../../shared/config/env.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  resetModuleCaches();
});

const names = Object.keys(variables) as VariableName[];

describe('the parsers of the environment table', () => {
  it('read whole numbers with their lower bound', () => {
    const seconds = wholeNumber(1, 'seconds');

    expect(seconds('90')).toBe(90);
    expect(() => seconds('0')).toThrow('at least 1');
    expect(() => seconds('1.5')).toThrow('whole number of seconds');
    expect(() => seconds('-3')).toThrow('whole number');
    expect(() => seconds('ten')).toThrow('whole number');
    expect(wholeNumber(0, 'milliseconds')('0')).toBe(0);
  });

  it('read ports and port ranges, comma-separated, within 1 to 65535', () => {
    expect(portRanges('8443, 9000-9100')).toEqual([
      { from: 8443, to: 8443 },
      { from: 9000, to: 9100 },
    ]);
    for (const malformed of ['0', '65536', '9100-9000', 'https', '8443,', '1-2-3'])
      expect(() => portRanges(malformed)).toThrow('ports or port ranges');
  });

  it('read flags as true or false, nothing else', () => {
    expect([flag('true'), flag('1'), flag('false'), flag('0')]).toEqual([true, true, false, false]);
    expect(() => flag('yes')).toThrow('must be true or false');
  });

  it('read absolute URLs as written', () => {
    expect(url('https://auth.example.com')).toBe('https://auth.example.com');
    expect(() => url('auth.example.com')).toThrow('absolute URL');
  });

  it("read queue URLs, the local emulator's host names included, and refuse anything else", () => {
    const local = 'http://sqs.eu-west-1.127.0.0.1:40161/000000000000/webhook-deliveries.fifo';
    expect(queueUrlValue(local)).toBe(local);
    expect(queueUrlValue('https://sqs.eu-west-1.amazonaws.com/123456789012/q.fifo')).toContain('amazonaws');
    expect(() => queueUrlValue('sqs.eu-west-1.amazonaws.com/123/q')).toThrow('queue URL');
    expect(() => queueUrlValue('https://sqs.example.com/ has space')).toThrow('queue URL');
  });

  it('read host names without scheme or path', () => {
    expect(hostName('smdp.example.net')).toBe('smdp.example.net');
    expect(() => hostName('https://smdp.example.net/path')).toThrow('is not a host name');
  });

  it('read one of the named values', () => {
    const backend = oneOf(['aws', 'file']);

    expect(backend('file')).toBe('file');
    expect(() => backend('disk')).toThrow('must be one of aws, file');
  });

  it('read JSON of the expected shape', () => {
    const list = json('a JSON array of strings', (value): value is string[] => Array.isArray(value));

    expect(list('["a"]')).toEqual(['a']);
    expect(() => list('[a]')).toThrow('must be JSON');
    expect(() => list('{}')).toThrow('must be a JSON array of strings');
  });

  it('read text as it is', () => {
    expect(text(' as it is ')).toBe(' as it is ');
  });
});

describe('reading a variable', () => {
  it.each(names.filter((name) => variables[name].parse !== text))(
    'fails on a malformed %s, naming it',
    (name) => {
      vi.stubEnv(name, '::malformed::');

      expect(() => read(name)).toThrow(new RegExp(`^${name} `));
    },
  );

  it.each(names.filter((name) => 'required' in variables[name]))(
    'fails on a missing %s, naming it',
    (name) => {
      vi.stubEnv(name, '');

      expect(() => read(name)).toThrow(`Missing environment variable ${name}`);
    },
  );

  it('gives the default of an unset variable', () => {
    vi.stubEnv('WEBHOOK_TIMEOUT_MS', '');
    vi.stubEnv('LOG_LEVEL', 'debug');

    expect(read('WEBHOOK_TIMEOUT_MS')).toBe(30_000);
    expect(read('LOG_LEVEL')).toBe('DEBUG');
    expect(read('BOOKING_HOLD_SECONDS')).toBeUndefined();
  });
});

const everySetting: StageSettings = {
  stage: 'preview',
  tables: { main: 'main', idempotency: 'idempotency', audit: 'audit', requestLog: 'request-log' },
  buckets: { images: 'images' },
  endpoints: {
    dynamodb: 'http://127.0.0.1:8000',
    sqs: 'http://127.0.0.1:9324',
    s3: 'http://127.0.0.1:9324',
    lambda: 'http://127.0.0.1:9001',
    smdpSimulator: 'http://127.0.0.1:9002',
  },
  functionNames: { 'certificate-signing': 'certificate-signing' },
  secrets: { backend: 'file', dir: '/tmp/secrets', ids: defaultSecretIds },
  signingKeys: { backend: 'local-files', dir: '/tmp/signing-keys' },
  apiBaseUrl: 'https://api.example.com',
  authBaseUrl: 'https://auth.example.com',
  adminBaseUrl: 'https://admin.example.com',
  venueBaseUrl: 'https://venue.test',
  consoleOrigin: 'https://console.example.com',
  scannerOrigin: 'https://scanner.example.com',
  esimPageUrl: 'https://esim.example.com',
  employeeLogin: {
    issuer: 'https://idp.example.com',
    clientId: 'backend',
    scope: 'openid groups',
    groupsClaim: 'groups',
    groupRoles: { admins: 'admin' },
    roleMapping: 'strict',
    consoleClientId: 'console',
    redirectUris: ['https://console.example.com/callback'],
    extraCaFile: '/tmp/ca.pem',
  },
  logLevel: 'INFO',
  validateResponses: true,
  metrics: false,
  esimSmdpAddress: 'smdp.example.net',
  localWebhooks: { extraCaFile: '/tmp/ca.pem' },
  partnerCaSubject: 'CN=Test CA',
  wallet: {
    passTypeIdentifier: 'pass.com.example.test',
    teamIdentifier: 'A1B2C3D4E5',
    googleIssuerId: '3388000000000000000',
  },
};
const queue = {
  url: 'https://sqs.example.com/1/q.fifo',
  deadLetterUrl: 'https://sqs.example.com/1/dlq.fifo',
};

describe('functionEnvironment', () => {
  it.each(serviceFunctions)('gives %s exactly the variables the table assigns it', (name) => {
    const environment = functionEnvironment(name, everySetting, { 'webhook-deliveries': queue });

    expect(Object.keys(environment).sort()).toEqual([...variablesOf(functionProfile(name))].sort());
  });

  it('gives every variable it writes a value its reader accepts', () => {
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    for (const name of serviceFunctions) {
      const environment = functionEnvironment(name, everySetting, { 'webhook-deliveries': queue });
      for (const [variable, value] of Object.entries(environment)) vi.stubEnv(variable, value);
    }

    expect(() => names.map((name) => read(name))).not.toThrow();
  });
});

describe('a function starting with a malformed variable', () => {
  it('stops at init with the variable named, before it serves anything', () => {
    const started = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', "await import('./shared/config/env.ts')"],
      { env: { ...process.env, BOOKING_HOLD_SECONDS: 'half an hour' }, encoding: 'utf8' },
    );

    expect(started.status).not.toBe(0);
    expect(started.stderr).toContain('BOOKING_HOLD_SECONDS must be');
  });

  it('starts when every variable that is set is well formed', () => {
    const started = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', "await import('./shared/config/env.ts')"],
      { env: { ...process.env, BOOKING_HOLD_SECONDS: '1800' }, encoding: 'utf8' },
    );

    expect(started.stderr).toBe('');
    expect(started.status).toBe(0);
  });
});
