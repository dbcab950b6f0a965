import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureConsoleBuild } from '../../console/build.ts';
import { ensureEsimPageBuild } from '../../esim-page/build.ts';
import { esimPageRequestPath, esimPageResponseHeaders } from '../../esim-page/hosting.ts';
import { ensureScannerBuild } from '../../scanner/build.ts';
import { ensureSigningKeys } from '../../shared/auth/signing-keys.ts';
import { defaultSecretIds } from '../../shared/config/env.ts';
import { resetModuleCaches } from '../../shared/config/reset.ts';
import { LocalFileSigningKeys } from '../../shared/crypto/local-signing-keys.ts';
import { onDynamoDbClient } from '../../shared/db/client.ts';
import { auditTable, idempotencyTable, mainTable, requestLogTable } from '../../shared/db/tables.ts';
import { resolvePlans } from '../../shared/domain/quotas/plans-override.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { resolveTokenEndpointLimits } from '../../shared/domain/quotas/token-endpoint-limits.ts';
import { admittedOrigins, type BrowserAppOrigins } from '../../shared/http/cors.ts';
import type { StoredCertificateAuthority } from '../../shared/pki/certificates.ts';
import { ensurePassSigningKeys } from '../../shared/pki/pass-signing.ts';
import { authRoutes } from '../../shared/routes/auth.ts';
import { esimPageApiPrefix } from '../../shared/routes/esim-page.ts';
import { FileSecretStore } from '../../shared/secrets/store.ts';
import { existingDailyUsage } from '../../shared/usage-plans/daily-usage.ts';
import { publishLocalUsage } from '../../shared/usage-plans/index.ts';
import { type Clock, processClock, systemClock, useClock } from '../../shared/util/clock.ts';
import {
  functionEnvironment,
  invokedWorkers,
  type QueueName,
  type QueueUrls,
  queues,
  type StageSettings,
  serviceFunctions,
} from '../functions.ts';
import { clientCertificateFromPem } from './api-event.ts';
import {
  applyEnvironment,
  localLimitOverrides,
  localMetricsEnabled,
  offlineAwsEnvironment,
  useOfflineAws,
} from './config.ts';
import { type ConsoleSites, startConsoleSites } from './console-sites.ts';
import { localCredentials, startDynamoDbLocal } from './dynamodb-local.ts';
import { FunctionModules, localFunctionName } from './functions.ts';
import { type Gateway, startGateway } from './gateway.ts';
import { localRoleGroups, startIdentityProvider, withGeneratedPasswords } from './identity-provider.ts';
import { startInvokeListener } from './invoke.ts';
import { checkKeyAccess } from './key-access.ts';
import { LocalFloodRules, LocalUsagePlans } from './limits.ts';
import { ensureLocalPki, type LocalPki } from './pki.ts';
import { createBuckets, createQueues, imagesBucket, QueueEmulator } from './queue-emulator.ts';
import { type ScannerSite, startScannerSite } from './scanner-site.ts';
import { runSeeders, type SeedFile, seedAccounts, seedFilePath } from './seed.ts';
import type { Seeder } from './seeders.ts';
import { startSmdpSimulator } from './smdp-simulator.ts';
import {
  type LocalEmployeeLogin,
  type LocalGateways,
  localConsoleClientId,
  region,
  type StageEndpoints,
  type StageJson,
  stageJsonOf,
  writeStageFiles,
} from './stage-json.ts';
import { acquireStageLock, recordDatabase, releaseStageLock } from './state-lock.ts';
import { loadSiteFiles, type SiteFile, staticSiteListener } from './static-site.ts';
import { type Log, Stoppers } from './stoppers.ts';
import { ensureTable } from './tables.ts';
import type { LocalWalletPki } from './wallet-pki.ts';
import { startWorkers } from './workers.ts';

export { region, type StageEndpoints, type StageJson } from './stage-json.ts';

export interface StageOptions {
  stateDir: string;
  /** base_url port (mutual TLS); 0 picks a free one. Default 8443. */
  apiPort?: number;
  /** auth_url port; 0 picks a free one. Default 8444. */
  authPort?: number;
  /** admin_url port (no client certificate); 0 picks a free one. Default 8445. */
  adminPort?: number;
  /** The local identity provider's port; 0 picks a free one. Default 8446. */
  idpPort?: number;
  /** console_url port; 0 picks a free one. Default 8447. */
  consolePort?: number;
  /** docs_url port (the API reference); 0 picks a free one. Default 8448. */
  docsPort?: number;
  /** venue_url port (venue devices, no client certificate); 0 picks a free one. Default 8449. */
  venuePort?: number;
  /** scanner_url port (the venues' scanner app); 0 picks a free one. Default 8450. */
  scannerPort?: number;
  /** es2plus_url port (GSMA SGP.22 ES2+, mutual TLS against the SM-DP+ CA); 0 picks a free one. Default 8452. */
  es2plusPort?: number;
  /** esim_page_url port (the travellers' eSIM page and its read); 0 picks a free one. Default 8451. */
  esimPagePort?: number;
  /** Group to role mapping of employee logins (LOCAL_EMPLOYEE_ROLES); default `lenient`. */
  employeeRoles?: 'strict' | 'lenient';
  /** DynamoDB data on disk in `<stateDir>/dynamodb` (a restart keeps every record) or in memory. */
  persistent: boolean;
  /** Overrides of the handlers' environment (LOG_LEVEL, feature switches). */
  env?: Record<string, string>;
  log?: (message: string) => void;
  /** Feature seeders to run once on this state dir; default: the registry in seeders.ts. */
  seeders?: readonly Seeder[];
  /**
   * The time of every function the stage runs (the events' request time, the workers, the caches);
   * default: the system clock. The stage installs it as the process clock (shared/clock.ts).
   */
  clock?: Clock;
}

/** Every listener of the stage on a port chosen free when it starts: for tests, the bench and scripts. */
export const freePorts = {
  apiPort: 0,
  authPort: 0,
  adminPort: 0,
  idpPort: 0,
  consolePort: 0,
  docsPort: 0,
  venuePort: 0,
  scannerPort: 0,
  es2plusPort: 0,
  esimPagePort: 0,
} as const satisfies Partial<StageOptions>;

export interface RunningStage {
  stageJson: StageJson;
  endpoints: StageEndpoints;
  /**
   * Stops the queue emulator, waits `downForMs`, and starts it again on the same port and data dir
   * (the fault suite's queue outage; `kill -USR2 <pid in stage.lock>` on `npm start`). A persistent
   * stage keeps every message, in flight ones included; an in-memory one loses them.
   */
  restartQueueEmulator(downForMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** This service's client at the local identity provider. */
const localBackendClientId = 'pts-local-backend';

interface LocalTables {
  main: string;
  idempotency: string;
  audit: string;
  requestLog: string;
  mainStreamArn: string;
}

/** Without these the SDK would look for credentials and region on the instance metadata service. */
const awsEnvironment = offlineAwsEnvironment(region, localCredentials);

async function settle<T>(
  starts: { [K in keyof T]: Promise<T[K]> },
  onStarted: (value: T[keyof T]) => void,
): Promise<T> {
  const entries = Object.entries(starts) as [keyof T, Promise<T[keyof T]>][];
  const results = await Promise.allSettled(entries.map(([, promise]) => promise));
  for (const result of results) if (result.status === 'fulfilled') onStarted(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return Object.fromEntries(
    entries.map(([key], index) => [key, (results[index] as PromiseFulfilledResult<T[keyof T]>).value]),
  ) as T;
}

/**
 * The local stage: DynamoDB Local and the SQS emulator, the tables and queues CDK deploys, a local
 * PKI, HTTPS listeners acting as API Gateway in front of the functions, which run in this
 * process, Lambda's Invoke API on loopback for the functions others invoke (infra/local/invoke.ts),
 * the identity provider employees sign in at, the employee console and the API reference
 * (built first when their sources changed). Seeds accounts on first start and writes stage.json.
 */
export async function startStage(options: StageOptions): Promise<RunningStage> {
  const stateDir = resolve(options.stateDir);
  const log = options.log ?? ((message: string) => console.log(`[local] ${message}`));
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  useOfflineAws(awsEnvironment);
  const stoppers = new Stoppers(log);
  const restoreClock = useClock(options.clock ?? systemClock);
  stoppers.add(async () => restoreClock());
  // Built (when its sources changed) while the emulators start.
  const consoleBuild = ensureConsoleBuild({ log });
  consoleBuild.catch(() => {});
  const scannerBuild = ensureScannerBuild({ log });
  scannerBuild.catch(() => {});
  const esimPageBuild = ensureEsimPageBuild({ log });
  esimPageBuild.catch(() => {});

  try {
    await lockStateDir(stateDir, log, stoppers);
    const keepsData = await prepareStateDir(stateDir, options.persistent);
    const { dynamo, sqs, pki } = await startEmulators(stateDir, options.persistent, stoppers);
    if (options.persistent)
      await recordDatabase(stateDir, { pid: dynamo.pid, dbPath: join(stateDir, 'dynamodb') });
    const secretsDir = join(stateDir, 'secrets');
    // What KMS holds in AWS: the private signing keys, as files no secret contains.
    const signingKeysDir = join(stateDir, 'local-private-signing-keys');
    const consoleSites = await startConsole(options, pki, (await consoleBuild).dir, stoppers);
    const scannerSite = await startScanner(options, pki, (await scannerBuild).dir, stoppers);
    const functions = new FunctionModules();
    const appOrigins = { console: consoleSites.console.url, scanner: scannerSite.site.url };
    const esimPageFiles = await loadSiteFiles((await esimPageBuild).dir);
    const gateways = await startGateways(
      options,
      { pki, functions, log, appOrigins, esimPageFiles },
      stoppers,
    );
    const login = await startEmployeeIdentityProvider(
      options,
      { pki, secretsDir, gateways, consoleSites, log },
      stoppers,
    );
    consoleSites.configure({
      auth_url: gateways.auth.url,
      admin_url: gateways.admin.url,
      client_id: localConsoleClientId,
      redirect_uri: login.redirectUri,
    });
    scannerSite.configure({ auth_url: gateways.auth.url, venue_url: gateways.venue.url });
    const tables = await createTables(dynamo.endpoint, stoppers);
    // IAM's dynamodb:LeadingKeys, locally: each function reaches only the partitions it declares.
    const { main, idempotency, audit, requestLog } = tables;
    const stopCheckingKeys = onDynamoDbClient((client) =>
      checkKeyAccess(client, { main, idempotency, audit, requestLog }),
    );
    stoppers.add(async () => stopCheckingKeys());
    const createdQueues = createQueues(sqs);
    createBuckets(sqs);
    const lambda = await startInvokeListener({ functions, region });
    stoppers.add(() => lambda.close());
    const smdp = await startSmdpSimulator({
      es2plusUrl: gateways.es2plus.url,
      client: pki.smdp.client,
      serverCa: pki.ca.certificatePem,
      log,
    });
    stoppers.add(() => smdp.close());
    const settings = localStageSettings({
      secretsDir,
      signingKeysDir,
      tables,
      dynamo,
      sqs,
      lambda,
      smdp,
      gateways,
      pki,
      consoleSites,
      scannerOrigin: scannerSite.site.url,
      login,
    });
    const environment = await configureFunctions(settings, createdQueues, options.env, stoppers);
    await provisionSecrets(secretsDir, signingKeysDir, pki);
    await startWorkers(
      {
        functions,
        dynamoEndpoint: dynamo.endpoint,
        sqsEndpoint: sqs.address,
        mainStreamArn: tables.mainStreamArn,
        createdQueues,
        log,
        checkpointDir: stateDir,
      },
      stoppers,
    );
    const seeded = await seedOnce(stateDir, keepsData, log, options.seeders);

    const venues = await (await import('./seed-venues.ts')).seededVenues(processClock.now());
    const stageJson = stageJsonOf(
      stateDir,
      { gateways, consoleSites, scannerSite, login },
      pki,
      seeded,
      venues,
    );
    const endpoints: StageEndpoints = {
      region,
      dynamodb: dynamo.endpoint,
      sqs: sqs.address,
      tables: {
        main: tables.main,
        idempotency: tables.idempotency,
        audit: tables.audit,
        requestLog: tables.requestLog,
      },
      s3: sqs.address,
      buckets: settings.buckets,
      mainStreamArn: tables.mainStreamArn,
      queues: createdQueues,
      environment,
    };
    await writeStageFiles(stateDir, stageJson, endpoints);
    const restartQueueEmulator = async (downForMs = 0) => {
      await sqs.restart(downForMs);
      // A persistent emulator finds its queues, buckets and objects again; an in-memory one gets them
      // anew: empty queues, and the images bucket with the seeded images (uploads since are gone).
      createQueues(sqs);
      createBuckets(sqs);
      if (!sqs.persistent) {
        const { loadSeedCatalog } = await import('./seed-catalog.ts');
        const { seedImages } = await import('./seed-images.ts');
        await seedImages(await loadSeedCatalog(), processClock.now());
      }
      log(`queue emulator restarted after ${downForMs} ms down`);
    };
    return { stageJson, endpoints, restartQueueEmulator, stop: () => stoppers.stopAll() };
  } catch (error) {
    await stoppers.stopAll();
    throw error;
  }
}

/**
 * One stage per state dir; after a crash, the next start waits for the dead stage's DynamoDB Local to
 * let go of the database before opening it (infra/local/state-lock.ts). Given back on a clean stop.
 */
async function lockStateDir(stateDir: string, log: Log, stoppers: Stoppers): Promise<void> {
  await acquireStageLock(stateDir, { log });
  stoppers.add(() => releaseStageLock(stateDir));
}

/** True when a persistent stage restarts on data it kept (so accounts are not seeded again). */
async function prepareStateDir(stateDir: string, persistent: boolean): Promise<boolean> {
  const dbPath = join(stateDir, 'dynamodb');
  const keepsData = persistent && existsSync(dbPath);
  if (persistent) await mkdir(dbPath, { recursive: true });
  if (persistent) await mkdir(join(stateDir, 'sqs'), { recursive: true });
  if (persistent) await mkdir(join(stateDir, 's3'), { recursive: true });
  return keepsData;
}

/** DynamoDB Local, the SQS emulator and the stage's PKI, started side by side. */
async function startEmulators(
  stateDir: string,
  persistent: boolean,
  stoppers: Stoppers,
): Promise<{ dynamo: Awaited<ReturnType<typeof startDynamoDbLocal>>; sqs: QueueEmulator; pki: LocalPki }> {
  return settle(
    {
      dynamo: startDynamoDbLocal(persistent ? { dbPath: join(stateDir, 'dynamodb') } : {}),
      sqs: QueueEmulator.start(
        persistent ? { dataDir: join(stateDir, 'sqs'), s3StorageDir: join(stateDir, 's3') } : undefined,
      ),
      pki: ensureLocalPki(join(stateDir, 'pki')),
    },
    (started) => {
      if (started && 'stop' in started) stoppers.add(() => started.stop());
    },
  );
}

/**
 * The local stage's limits (docs/quotas.md): the local plans with RATE_LIMIT_PLANS over them, and the
 * token endpoint's flood rules with TOKEN_ENDPOINT_LIMITS over them. A bad override stops the start.
 */
function localLimits(options: StageOptions): { usagePlans: LocalUsagePlans; floodRules: LocalFloodRules } {
  const settings = quotaSettingsByStage.local;
  const overrides = localLimitOverrides(options.env);
  const usagePlans = new LocalUsagePlans({
    plans: resolvePlans(settings.plans, overrides.plans),
    staff: settings.staff,
    defaultPlan: settings.defaultPlan,
  });
  const floodRules = new LocalFloodRules(resolveTokenEndpointLimits(settings, overrides.tokenEndpoint));
  return { usagePlans, floodRules };
}

/** {console_url} and {docs_url}: the built console and API reference, each on its own origin. */
async function startConsole(
  options: StageOptions,
  pki: LocalPki,
  buildDir: string,
  stoppers: Stoppers,
): Promise<ConsoleSites> {
  const sites = await startConsoleSites({
    consolePort: options.consolePort ?? 8447,
    docsPort: options.docsPort ?? 8448,
    tls: { key: pki.server.key, cert: pki.server.cert },
    buildDir,
  });
  stoppers.add(() => sites.close());
  return sites;
}

/** {scanner_url}: the built scanner app on its own origin. */
async function startScanner(
  options: StageOptions,
  pki: LocalPki,
  buildDir: string,
  stoppers: Stoppers,
): Promise<ScannerSite> {
  const site = await startScannerSite({
    port: options.scannerPort ?? 8450,
    tls: { key: pki.server.key, cert: pki.server.cert },
    buildDir,
  });
  stoppers.add(() => site.close());
  return site;
}

/**
 * The API Gateway stand-ins: base_url with mutual TLS against the stage CA, auth_url, admin_url and
 * venue_url without; auth, admin and venue answer CORS preflights from the browser apps each admits
 * (shared/http/cors.ts), as in AWS.
 */
async function startGateways(
  options: StageOptions,
  {
    pki,
    functions,
    log,
    appOrigins,
    esimPageFiles,
  }: {
    pki: LocalPki;
    functions: FunctionModules;
    log: Log;
    appOrigins: BrowserAppOrigins;
    esimPageFiles: Map<string, SiteFile>;
  },
  stoppers: Stoppers,
): Promise<LocalGateways> {
  const tls = { key: pki.server.key, cert: pki.server.cert };
  const common = { stage: 'local' as const, region, tls, functions, log, clock: processClock };
  const { usagePlans, floodRules } = localLimits(options);
  // GET /v2/b2b/rate-limits reads the burst this gateway counted (API Gateway tells nothing in AWS).
  publishLocalUsage(usagePlans);
  stoppers.add(async () => publishLocalUsage(undefined));
  // Once the gateways are closed: what the functions counted since their last flush, to the counter.
  stoppers.add(async () => existingDailyUsage()?.flushAll());
  return settle(
    {
      api: startGateway({
        ...common,
        host: 'api',
        port: options.apiPort ?? 8443,
        clientCa: pki.ca.certificatePem,
        usagePlans,
      }),
      auth: startGateway({
        ...common,
        host: 'auth',
        port: options.authPort ?? 8444,
        corsOrigins: admittedOrigins(['auth'], appOrigins),
        floodRules,
      }),
      admin: startGateway({
        ...common,
        host: 'admin',
        port: options.adminPort ?? 8445,
        corsOrigins: admittedOrigins(['admin'], appOrigins),
      }),
      venue: startGateway({
        ...common,
        host: 'venue',
        port: options.venuePort ?? 8449,
        corsOrigins: admittedOrigins(['venue'], appOrigins),
      }),
      // The SM-DP+'s own CA: a partner's certificate never completes this handshake.
      es2plus: startGateway({
        ...common,
        host: 'es2plus',
        port: options.es2plusPort ?? 8452,
        clientCa: pki.smdp.ca.certificatePem,
      }),
      // The travellers' eSIM page and its one read on one origin, as CloudFront serves them in AWS.
      'esim-page': startGateway({
        ...common,
        host: 'esim-page',
        port: options.esimPagePort ?? 8451,
        site: {
          apiPrefix: esimPageApiPrefix,
          listener: staticSiteListener({
            files: esimPageFiles,
            headers: esimPageResponseHeaders,
            requestPath: esimPageRequestPath,
          }),
        },
      }),
    },
    (gateway) => stoppers.add(() => gateway.close()),
  );
}

/** The provider's client secret and seeded employees: generated on first start, kept in the state dir. */
async function localIdentity(
  secretsDir: string,
): Promise<{ clientSecret: string; employees: LocalEmployeeLogin['employees'] }> {
  const store = new FileSecretStore(secretsDir);
  let clientSecret = await store.get(defaultSecretIds.idpClientSecret);
  if (!clientSecret) {
    clientSecret = randomBytes(32).toString('base64url');
    await store.put(defaultSecretIds.idpClientSecret, clientSecret);
  }
  const storedEmployees = await store.get(localIdpEmployeesSecret);
  const employees = storedEmployees
    ? (JSON.parse(storedEmployees) as LocalEmployeeLogin['employees'])
    : withGeneratedPasswords();
  if (!storedEmployees) await store.put(localIdpEmployeesSecret, JSON.stringify(employees));
  return { clientSecret, employees };
}

const localIdpEmployeesSecret = 'local-idp-employees';

/**
 * The real identity provider (oidc-provider) with the seeded employees, over HTTPS with the stage CA;
 * its one client is this service, whose callback is on auth_url. The console's redirect_uri is
 * `<console_url>/callback`.
 */
async function startEmployeeIdentityProvider(
  options: StageOptions,
  {
    pki,
    secretsDir,
    gateways,
    consoleSites,
    log,
  }: {
    pki: LocalPki;
    secretsDir: string;
    gateways: { auth: Gateway };
    consoleSites: ConsoleSites;
    log: Log;
  },
  stoppers: Stoppers,
): Promise<LocalEmployeeLogin> {
  const { clientSecret, employees } = await localIdentity(secretsDir);
  const idp = await startIdentityProvider({
    port: options.idpPort ?? 8446,
    tls: { cert: pki.server.cert, key: pki.server.key },
    clients: [
      {
        client_id: localBackendClientId,
        client_secret: clientSecret,
        redirect_uris: [`${gateways.auth.url}${authRoutes.completeEmployeeLogin.path}`],
      },
    ],
    employees,
    returnOrigins: [consoleSites.console.url],
    log,
  });
  stoppers.add(() => idp.stop());
  return {
    idp,
    employees,
    clientSecret,
    redirectUri: `${consoleSites.console.url}/callback`,
    roles: options.employeeRoles ?? 'lenient',
  };
}

/** The tables CDK deploys, from the same shapes; a persistent stage finds them already there. */
async function createTables(endpoint: string, stoppers: Stoppers): Promise<LocalTables> {
  const client = new DynamoDBClient({ region, endpoint, credentials: localCredentials });
  stoppers.add(async () => client.destroy());
  const main = await ensureTable(client, mainTable);
  const idempotency = await ensureTable(client, idempotencyTable);
  const audit = await ensureTable(client, auditTable);
  const requestLog = await ensureTable(client, requestLogTable);
  if (!main.streamArn) throw new Error(`The ${main.name} table has no stream`);
  return {
    main: main.name,
    idempotency: idempotency.name,
    audit: audit.name,
    requestLog: requestLog.name,
    mainStreamArn: main.streamArn,
  };
}

/** The stage's part of every function's environment: local endpoints, file secrets, the gateways' URLs. */
function localStageSettings({
  secretsDir,
  signingKeysDir,
  tables,
  dynamo,
  sqs,
  lambda,
  smdp,
  gateways,
  pki,
  consoleSites,
  scannerOrigin,
  login,
}: {
  secretsDir: string;
  signingKeysDir: string;
  tables: LocalTables;
  dynamo: { endpoint: string };
  sqs: QueueEmulator;
  lambda: { url: string };
  smdp: { url: string };
  gateways: LocalGateways;
  pki: LocalPki;
  consoleSites: ConsoleSites;
  scannerOrigin: string;
  login: LocalEmployeeLogin;
}): StageSettings {
  return {
    stage: 'local',
    tables: {
      main: tables.main,
      idempotency: tables.idempotency,
      audit: tables.audit,
      requestLog: tables.requestLog,
    },
    buckets: { images: imagesBucket },
    endpoints: {
      dynamodb: dynamo.endpoint,
      sqs: sqs.address,
      s3: sqs.address,
      lambda: lambda.url,
      smdpSimulator: smdp.url,
    },
    functionNames: Object.fromEntries(invokedWorkers.map((name) => [name, localFunctionName(name)])),
    secrets: { backend: 'file', dir: secretsDir, ids: defaultSecretIds },
    signingKeys: { backend: 'local-files', dir: signingKeysDir },
    apiBaseUrl: gateways.api.url,
    authBaseUrl: gateways.auth.url,
    adminBaseUrl: gateways.admin.url,
    venueBaseUrl: gateways.venue.url,
    consoleOrigin: consoleSites.console.url,
    scannerOrigin,
    esimPageUrl: gateways['esim-page'].url,
    employeeLogin: {
      issuer: login.idp.issuer,
      clientId: localBackendClientId,
      scope: undefined,
      groupsClaim: undefined,
      groupRoles: { ...localRoleGroups },
      roleMapping: login.roles,
      consoleClientId: localConsoleClientId,
      redirectUris: [login.redirectUri],
      // The provider's certificate comes from the stage CA.
      extraCaFile: pki.caCertPath,
    },
    logLevel: 'WARN',
    validateResponses: true,
    metrics: localMetricsEnabled(),
    // Webhooks to `npm run webhooks:listen` on localhost, over TLS with the stage CA (docs/webhooks.md).
    localWebhooks: { extraCaFile: pki.caCertPath },
    // The stage CA signs the partners' certificates: the issuer they must name, as the gateway writes it.
    partnerCaSubject: clientCertificateFromPem(pki.ca.certificatePem).subjectDN,
    wallet: pki.wallet.identifiers,
  };
}

/**
 * One process runs every function, so it carries the union of their environments (the registry
 * computes each as CDK does), then the caller's overrides. Applied before any function module loads.
 */
async function configureFunctions(
  settings: StageSettings,
  createdQueues: StageEndpoints['queues'],
  overrides: Record<string, string> | undefined,
  stoppers: Stoppers,
): Promise<Record<string, string>> {
  const queueUrls: Partial<Record<QueueName, QueueUrls>> = {};
  for (const queue of queues) {
    const created = createdQueues[queue.name];
    if (created) queueUrls[queue.name] = { url: created.url, deadLetterUrl: created.deadLetterUrl };
  }
  const environment: Record<string, string> = Object.assign(
    { ...awsEnvironment },
    ...serviceFunctions.map((name) => functionEnvironment(name, settings, queueUrls)),
    overrides,
  );
  applyEnvironment(environment);
  const { logger } = await import('../../shared/observability/logger.ts');
  logger.setLogLevel(environment.LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);
  stoppers.add(async () => resetModuleCaches());
  return environment;
}

/**
 * The partner CA the certificate-signing function signs with, a first signing key, the pass keys and the login state
 * key, as the first deploy makes them (the provider's client secret was written with the provider's start).
 */
async function provisionSecrets(secretsDir: string, signingKeysDir: string, pki: LocalPki): Promise<void> {
  const store = new FileSecretStore(secretsDir);
  const vault = new LocalFileSigningKeys(signingKeysDir);
  const partnerCa: StoredCertificateAuthority = {
    certificate_pem: pki.ca.certificatePem,
    private_key_pem: pki.ca.privateKeyPem,
  };
  const partnerCaJson = JSON.stringify(partnerCa);
  const partnerCaId = defaultSecretIds.partnerCa;
  if ((await store.get(partnerCaId)) !== partnerCaJson) await store.put(partnerCaId, partnerCaJson);
  if (!(await store.get(defaultSecretIds.loginStateKey)))
    await store.put(defaultSecretIds.loginStateKey, randomBytes(32).toString('hex'));
  await ensureSigningKeys(store, new Date(), vault);
  await provisionWalletSecrets(store, pki.wallet);
  await ensurePassSigningKeys(
    store,
    { keySet: defaultSecretIds.passSigningKeys, publicJwks: defaultSecretIds.passKeysPublic },
    vault,
  );
}

/** What an operator loads in AWS (docs/wallet.md), from the stage's own chain and key. */
async function provisionWalletSecrets(store: FileSecretStore, wallet: LocalWalletPki): Promise<void> {
  const values = {
    [defaultSecretIds.applePassCertificate]: JSON.stringify({
      signer_cert_pem: wallet.apple.signerCertPem,
      signer_key_pem: wallet.apple.signerKeyPem,
      wwdr_cert_pem: wallet.apple.wwdrCertPem,
    }),
    [defaultSecretIds.googleWalletKey]: JSON.stringify({
      type: 'service_account',
      client_email: wallet.google.clientEmail,
      private_key_id: wallet.google.privateKeyId,
      private_key: wallet.google.privateKeyPem,
    }),
  };
  for (const [id, value] of Object.entries(values)) {
    if ((await store.get(id)) !== value) await store.put(id, value);
  }
}

/** Accounts and clients on first start; a persistent stage restarting on its data reads them back. */
async function seedOnce(
  stateDir: string,
  keepsData: boolean,
  log: Log,
  seeders: readonly Seeder[] | undefined,
): Promise<SeedFile> {
  const seedPath = seedFilePath(stateDir);
  const seeded: SeedFile =
    keepsData && existsSync(seedPath)
      ? ({
          seeders: [],
          ...(JSON.parse(await readFile(seedPath, 'utf8')) as Partial<SeedFile>),
        } as SeedFile)
      : await seedAccounts(stateDir);
  await runSeeders(stateDir, seeded, log, seeders);
  return seeded;
}
