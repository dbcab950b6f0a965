import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  functionEnvironment,
  functionNeeds,
  gatewayFunctionNames,
  invokedWorkers,
  logSubscribers,
  queueConsumers,
  type StageSettings,
  schedules,
  serviceFunctions,
  streamConsumers,
  workerNames,
  workers,
} from '../../infra/functions.ts';
import {
  config,
  defaultPartnerCaSubject,
  defaultSecretIds,
  employeeLoginConfig,
  invocableFunctions,
  invokedFunctionName,
  queueUrl,
} from '../../shared/config/env.ts';
import { resetModuleCaches } from '../../shared/config/reset.ts';
import { functionGroups } from '../../shared/routes/types.ts';
import { stages } from '../../shared/vocabulary/stage.ts';

const localSettings: StageSettings = {
  stage: 'local',
  tables: {
    main: 'main-local',
    idempotency: 'idempotency-local',
    audit: 'audit-local',
    requestLog: 'request-log-local',
  },
  buckets: { images: 'images-local' },
  endpoints: {
    dynamodb: 'http://127.0.0.1:8000',
    sqs: 'http://127.0.0.1:9324',
    s3: 'http://127.0.0.1:9324',
    lambda: 'http://127.0.0.1:9001',
  },
  functionNames: { 'certificate-signing': 'partner-travel-services-local-certificate-signing' },
  secrets: { backend: 'file', dir: '/tmp/secrets', ids: defaultSecretIds },
  signingKeys: { backend: 'local-files', dir: '/tmp/local-private-signing-keys' },
  apiBaseUrl: 'https://127.0.0.1:8443',
  authBaseUrl: 'https://127.0.0.1:8444',
  adminBaseUrl: 'https://127.0.0.1:8445',
  venueBaseUrl: 'https://venue.test',
  consoleOrigin: 'https://127.0.0.1:8447',
  employeeLogin: {
    issuer: 'https://127.0.0.1:8446',
    clientId: 'pts-local-backend',
    scope: undefined,
    groupsClaim: undefined,
    groupRoles: { 'pts-admins': 'admin' },
    roleMapping: 'lenient',
    consoleClientId: 'pts-admin-console',
    redirectUris: ['https://127.0.0.1:8447/callback'],
    extraCaFile: '/tmp/ca.pem',
  },
  logLevel: 'WARN',
  validateResponses: true,
};
const deliveries = {
  url: 'http://sqs.local/000000000000/webhook-deliveries.fifo',
  deadLetterUrl: 'http://sqs.local/000000000000/webhook-deliveries-dlq.fifo',
};

afterEach(() => {
  vi.unstubAllEnvs();
  resetModuleCaches();
});

describe('the function registry', () => {
  it('declares every route group, every worker and the authorizer once, each with its grants', () => {
    expect(serviceFunctions).toEqual([...functionGroups, ...workerNames, ...gatewayFunctionNames]);
    expect(new Set(serviceFunctions).size).toBe(serviceFunctions.length);
    for (const name of serviceFunctions) expect(functionNeeds[name], name).toBeDefined();
  });

  it('gives every worker exactly one trigger list: stream, queue, schedule, invocation or log subscription', () => {
    const triggered = [
      ...streamConsumers.map((consumer) => consumer.functionName),
      ...queueConsumers.map((consumer) => consumer.functionName),
      ...workerNames.filter((name) => workers[name].trigger.kind === 'schedule'),
      ...invokedWorkers,
      ...logSubscribers.map((subscriber) => subscriber.functionName),
    ];

    expect(triggered.sort()).toEqual([...workerNames].sort());
  });

  it('names every invoked worker among the functions callers are routed to, and lets callers invoke only those', () => {
    expect([...invokedWorkers].sort()).toEqual([...invocableFunctions].sort());
    for (const name of serviceFunctions)
      for (const target of functionNeeds[name].invokes ?? []) expect(invokedWorkers, name).toContain(target);
  });

  it('runs locally the schedules measured in minutes, at their rate, and not those set by the stage or by cron', () => {
    for (const name of workerNames) {
      const { trigger } = workers[name];
      if (trigger.kind !== 'schedule') continue;
      const local = schedules.find((schedule) => schedule.functionName === name);

      if (typeof trigger.every === 'object' && 'minutes' in trigger.every) {
        expect(local).toEqual({ functionName: name, rateMinutes: trigger.every.minutes });
      } else {
        // Key rotation runs every few weeks: the local stage makes the first key when it starts instead.
        // Statement closing runs once a month: tests call it with a moved clock.
        expect(local).toBeUndefined();
      }
    }
  });
});

describe('functionEnvironment', () => {
  it('configures a function so that its runtime config reads back the stage settings', () => {
    const environment = functionEnvironment('catalog', localSettings);
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    resetModuleCaches();

    expect(config()).toEqual({
      stage: 'local',
      region: 'eu-west-1',
      mainTableName: 'main-local',
      idempotencyTableName: 'idempotency-local',
      auditTableName: 'audit-local',
      imagesBucketName: 'images-local',
      dynamodbEndpoint: 'http://127.0.0.1:8000',
      sqsEndpoint: 'http://127.0.0.1:9324',
      s3Endpoint: 'http://127.0.0.1:9324',
      secretsBackend: 'file',
      secretsDir: '/tmp/secrets',
      // The catalog signs nothing: it is not told where keys live, and would look in KMS.
      signingKeysBackend: 'kms',
      secretIds: defaultSecretIds,
      tokenIssuer: 'https://127.0.0.1:8444',
      partnerAudience: 'https://127.0.0.1:8443',
      adminAudience: 'https://127.0.0.1:8445',
      apiBaseUrl: 'https://127.0.0.1:8443',
      authBaseUrl: 'https://127.0.0.1:8444',
      adminBaseUrl: 'https://127.0.0.1:8445',
      venueBaseUrl: 'https://venue.test',
      consoleOrigin: 'https://127.0.0.1:8447',
      validateResponses: true,
      partnerCaSubject: defaultPartnerCaSubject,
      principalStatusTtlSeconds: 60,
    });
  });

  it('tells the signers and key rotation where signing keys live, and no other function', () => {
    const told = serviceFunctions.filter(
      (name) =>
        functionEnvironment(name, localSettings, { 'webhook-deliveries': deliveries }).LOCAL_SIGNING_KEYS_DIR,
    );

    expect(told.sort()).toEqual(['auth', 'booking-processor', 'key-rotation', 'recovery-sweep']);
    expect(functionEnvironment('auth', localSettings).SIGNING_KEYS_BACKEND).toBe('local-files');
  });

  it('configures the function that logs employees in so that it reads back the login settings', () => {
    for (const [name, value] of Object.entries(functionEnvironment('auth', localSettings))) {
      vi.stubEnv(name, value);
    }
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    resetModuleCaches();

    expect(employeeLoginConfig()).toEqual(localSettings.employeeLogin);
    expect(functionEnvironment('booking', localSettings)).not.toHaveProperty('IDP_ISSUER');
  });

  it.each(stages.filter((stage) => stage !== 'local'))(
    'maps employee roles strictly on the %s stage whatever the stage settings say',
    (stage) => {
      const { employeeLogin } = localSettings;
      if (!employeeLogin) throw new Error('the local settings configure a login');
      const login = { ...employeeLogin, roleMapping: 'lenient' as const };
      const environment = functionEnvironment('auth', { ...localSettings, stage, employeeLogin: login });
      for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
      vi.stubEnv('AWS_REGION', 'eu-west-1');
      resetModuleCaches();

      expect(environment.EMPLOYEE_ROLE_MAPPING).toBe('lenient');
      expect(employeeLoginConfig().roleMapping).toBe('strict');
    },
  );

  it('gives a queue consumer the URLs of its queue and dead-letter queue, and a route function none', () => {
    const [consumer] = queueConsumers;
    if (!consumer) throw new Error('no queue consumer declared');

    const environment = functionEnvironment(consumer.functionName, localSettings, {
      [consumer.queue.name]: deliveries,
    });
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);

    expect(queueUrl('WEBHOOK_QUEUE_URL')).toBe(deliveries.url);
    expect(queueUrl('WEBHOOK_DLQ_URL')).toBe(deliveries.deadLetterUrl);
    expect(Object.values(functionEnvironment('catalog', localSettings))).not.toContain(deliveries.url);
  });

  it('carries the SM-DP+ address of the stage to the eSIM functions through the runtime config', () => {
    const environment = functionEnvironment('esim', {
      ...localSettings,
      esimSmdpAddress: 'smdp.supplier.example.net',
    });
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    resetModuleCaches();

    expect(environment.ESIM_SMDP_ADDRESS).toBe('smdp.supplier.example.net');
    expect(config().esimSmdpAddress).toBe('smdp.supplier.example.net');
    expect(functionEnvironment('esim', localSettings)).not.toHaveProperty('ESIM_SMDP_ADDRESS');
  });

  it('tells the admin function where to send CSRs, and only the signing function where the partner CA is', () => {
    const admin = functionEnvironment('admin', localSettings);
    const signing = functionEnvironment('certificate-signing', localSettings);
    for (const [name, value] of Object.entries(admin)) vi.stubEnv(name, value);
    resetModuleCaches();

    expect(invokedFunctionName('certificate-signing')).toBe(
      'partner-travel-services-local-certificate-signing',
    );
    expect(config().lambdaEndpoint).toBe('http://127.0.0.1:9001');
    expect(admin).not.toHaveProperty('PARTNER_CA_SECRET_ID');
    expect(signing.PARTNER_CA_SECRET_ID).toBe(defaultSecretIds.partnerCa);
    expect(signing).not.toHaveProperty('LAMBDA_ENDPOINT');
    expect(signing).not.toHaveProperty('CERTIFICATE_SIGNING_FUNCTION_NAME');
    const readers = serviceFunctions.filter(
      (name) =>
        'PARTNER_CA_SECRET_ID' in
        functionEnvironment(name, localSettings, { 'webhook-deliveries': deliveries }),
    );
    expect(readers).toEqual(['certificate-signing']);
  });

  it('refuses to configure a queue consumer without the URL of its queue', () => {
    const [consumer] = queueConsumers;
    if (!consumer) throw new Error('no queue consumer declared');

    expect(() => functionEnvironment(consumer.functionName, localSettings)).toThrow(consumer.queue.name);
  });
});

describe('resetModuleCaches', () => {
  it('makes the next read of the runtime config see the changed environment', () => {
    for (const [name, value] of Object.entries(functionEnvironment('meta', localSettings))) {
      vi.stubEnv(name, value);
    }
    resetModuleCaches();
    expect(config().mainTableName).toBe('main-local');

    vi.stubEnv('MAIN_TABLE_NAME', 'main-renamed');
    expect(config().mainTableName).toBe('main-local');
    resetModuleCaches();

    expect(config().mainTableName).toBe('main-renamed');
  });
});
