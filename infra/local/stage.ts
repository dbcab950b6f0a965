import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { resetClientSecretPepper } from '../../shared/auth/client-secrets.ts';
import { ensureSigningKeys } from '../../shared/auth/keys.ts';
import { resetTokenCaches } from '../../shared/auth/tokens.ts';
import { resetConfig } from '../../shared/config/env.ts';
import { resetDdb } from '../../shared/db/client.ts';
import { idempotencyTable, mainTable } from '../../shared/db/tables.ts';
import type { StoredCertificateAuthority } from '../../shared/pki/certificates.ts';
import { resetDataKeys } from '../../shared/secrets/data-keys.ts';
import { FileSecretStore, resetSecretStore } from '../../shared/secrets/store.ts';
import {
  type QueueHandler,
  queues,
  type StreamHandler,
  schedules,
  streamConsumers,
  streamPipes,
} from '../workers.ts';
import { localCredentials, startDynamoDbLocal } from './dynamodb-local.ts';
import { FunctionModules, lambdaContext } from './functions.ts';
import { startGateway } from './gateway.ts';
import { pipeToQueue } from './pipe.ts';
import { ensureLocalPki } from './pki.ts';
import { QueuePoller } from './queue-poller.ts';
import { clientFiles, partnerSlug, runSeeders, type SeedFile, seedAccounts, seedFilePath } from './seed.ts';
import type { Seeder } from './seeders.ts';
import { StreamPoller } from './stream-poller.ts';
import { ensureTable } from './tables.ts';

export const region = 'eu-west-1';

export interface StageOptions {
  stateDir: string;
  /** base_url port (mutual TLS); 0 picks a free one. Default 8443. */
  apiPort?: number;
  /** auth_url port; 0 picks a free one. Default 8444. */
  authPort?: number;
  /** DynamoDB data on disk in `<stateDir>/dynamodb` (a restart keeps every record) or in memory. */
  persistent: boolean;
  /** Overrides of the handlers' environment (LOG_LEVEL, feature switches). */
  env?: Record<string, string>;
  log?: (message: string) => void;
  /** Feature seeders to run once on this state dir; default: the registry in seeders.ts. */
  seeders?: readonly Seeder[];
}

export interface StageClient {
  client_id: string;
  client_secret: string;
  client_cert: string;
  client_key: string;
}

/** `<stateDir>/stage.json`, the contract with whoever drives the stage (tests, the seed's own checks). */
export interface StageJson {
  base_url: string;
  auth_url: string;
  ca_cert: string;
  /** A localhost server certificate signed by the stage CA, for local webhook receivers (absolute paths). */
  webhook_receiver: { cert: string; key: string };
  operator: StageClient;
  partners: (StageClient & { account_id: string })[];
}

/** `<stateDir>/endpoints.json`: internals for tests and `npm run invoke`, never part of stage.json. */
export interface StageEndpoints {
  region: string;
  dynamodb: string;
  sqs: string;
  tables: { main: string; idempotency: string };
  mainStreamArn: string;
  queues: Record<string, { url: string; arn: string; deadLetterUrl: string }>;
  /** The environment every in-process function runs with. */
  environment: Record<string, string>;
}

export interface RunningStage {
  stageJson: StageJson;
  endpoints: StageEndpoints;
  stop(): Promise<void>;
}

/** Without these the SDK would look for credentials and region on the instance metadata service. */
const awsEnvironment = {
  AWS_REGION: region,
  AWS_DEFAULT_REGION: region,
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
};

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

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

/**
 * The local stage: DynamoDB Local and the SQS emulator, the tables and queues CDK deploys, a local
 * PKI, and two HTTPS listeners acting as API Gateway in front of the functions, which run in this
 * process. Seeds accounts on first start and writes stage.json.
 */
export async function startStage(options: StageOptions): Promise<RunningStage> {
  const stateDir = resolve(options.stateDir);
  const log = options.log ?? ((message: string) => console.log(`[local] ${message}`));
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  Object.assign(process.env, awsEnvironment);
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;

  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.splice(0).reverse()) {
      await stopOne().catch((error: unknown) => log(`stopping: ${(error as Error).message}`));
    }
  };

  try {
    const dbPath = join(stateDir, 'dynamodb');
    const keepsData = options.persistent && existsSync(dbPath);
    if (options.persistent) await mkdir(dbPath, { recursive: true });
    if (options.persistent) await mkdir(join(stateDir, 'sqs'), { recursive: true });

    const { dynamo, sqs, pki } = await settle(
      {
        dynamo: startDynamoDbLocal(options.persistent ? { dbPath } : {}),
        sqs: startFauxqs({
          port: 0,
          host: '127.0.0.1',
          logger: false,
          defaultRegion: region,
          ...(options.persistent ? { dataDir: join(stateDir, 'sqs') } : {}),
        }),
        pki: ensureLocalPki(join(stateDir, 'pki')),
      },
      (started) => {
        if (started && 'stop' in started) stoppers.push(() => started.stop());
      },
    );

    const functions = new FunctionModules();
    const tls = { key: pki.server.key, cert: pki.server.cert };
    const common = { stage: 'local' as const, region, tls, functions, log };
    const { api, auth } = await settle(
      {
        api: startGateway({
          ...common,
          host: 'api',
          port: options.apiPort ?? 8443,
          clientCa: pki.ca.certificatePem,
        }),
        auth: startGateway({ ...common, host: 'auth', port: options.authPort ?? 8444 }),
      },
      (gateway) => stoppers.push(() => gateway.close()),
    );

    const dynamoClient = new DynamoDBClient({
      region,
      endpoint: dynamo.endpoint,
      credentials: localCredentials,
    });
    stoppers.push(async () => dynamoClient.destroy());
    const main = await ensureTable(dynamoClient, mainTable);
    const idempotency = await ensureTable(dynamoClient, idempotencyTable);
    if (!main.streamArn) throw new Error(`The ${main.name} table has no stream`);

    const createdQueues: StageEndpoints['queues'] = {};
    for (const queue of queues) {
      const fifo = queue.fifo ? { FifoQueue: 'true' } : undefined;
      const suffix = queue.fifo ? '.fifo' : '';
      const [deadLetter] = sqs.setup({
        queues: [{ name: `${queue.name}-dlq${suffix}`, region, ...(fifo ? { attributes: fifo } : {}) }],
      }).queues;
      const [created] = sqs.setup({
        queues: [
          {
            name: `${queue.name}${suffix}`,
            region,
            attributes: {
              ...fifo,
              VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
              RedrivePolicy: JSON.stringify({
                deadLetterTargetArn: deadLetter?.arn,
                maxReceiveCount: queue.maxReceiveCount,
              }),
            },
          },
        ],
      }).queues;
      if (!created || !deadLetter) throw new Error(`Queue ${queue.name} was not created`);
      createdQueues[queue.name] = { url: created.url, arn: created.arn, deadLetterUrl: deadLetter.url };
    }

    const environment: Record<string, string> = {
      ...awsEnvironment,
      STAGE: 'local',
      MAIN_TABLE_NAME: main.name,
      IDEMPOTENCY_TABLE_NAME: idempotency.name,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqs.address,
      SECRETS_BACKEND: 'file',
      SECRETS_DIR: join(stateDir, 'secrets'),
      TOKEN_ISSUER: auth.url,
      PARTNER_AUDIENCE: api.url,
      ADMIN_AUDIENCE: `${api.url}/api/v1/admin`,
      API_BASE_URL: api.url,
      AUTH_BASE_URL: auth.url,
      VALIDATE_RESPONSES: 'true',
      LOG_LEVEL: 'WARN',
      ...Object.fromEntries(
        queues.map((queue) => [queue.urlEnvironmentVariable, createdQueues[queue.name]?.url ?? '']),
      ),
      ...Object.fromEntries(
        queues.flatMap((queue) =>
          queue.deadLetterUrlEnvironmentVariable
            ? [[queue.deadLetterUrlEnvironmentVariable, createdQueues[queue.name]?.deadLetterUrl ?? '']]
            : [],
        ),
      ),
      // Webhooks to `npm run webhooks:listen` on localhost, over TLS with the stage CA (docs/webhooks.md).
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_EXTRA_CA_FILE: pki.caCertPath,
      ...options.env,
    };
    // Before any function module loads: they read configuration from the environment.
    Object.assign(process.env, environment);
    resetConfig();
    resetDdb();
    resetSecretStore();
    resetTokenCaches();
    resetClientSecretPepper();
    resetDataKeys();
    const { logger } = await import('../../shared/observability/logger.ts');
    logger.setLogLevel(environment.LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);
    stoppers.push(async () => resetDdb());

    const store = new FileSecretStore(environment.SECRETS_DIR as string);
    const partnerCa: StoredCertificateAuthority = {
      certificate_pem: pki.ca.certificatePem,
      private_key_pem: pki.ca.privateKeyPem,
    };
    const partnerCaJson = JSON.stringify(partnerCa);
    if ((await store.get('partner-ca')) !== partnerCaJson) await store.put('partner-ca', partnerCaJson);
    await ensureSigningKeys(store);

    const streams = new DynamoDBStreamsClient({
      region,
      endpoint: dynamo.endpoint,
      credentials: localCredentials,
    });
    const sqsClient = new SQSClient({ region, endpoint: sqs.address, credentials: localCredentials });
    stoppers.push(async () => {
      streams.destroy();
      sqsClient.destroy();
    });
    // A function another engineer is still writing must not keep the stage from starting.
    const loadOrLog = async <H>(load: () => Promise<H | undefined>): Promise<H | undefined> => {
      try {
        return await load();
      } catch (error) {
        log(`a function failed to load: ${(error as Error).stack ?? String(error)}`);
        return undefined;
      }
    };
    for (const consumer of streamConsumers) {
      const handler = await loadOrLog(() =>
        functions.handler<Parameters<StreamHandler>[0], Awaited<ReturnType<StreamHandler>>>(
          consumer.functionName,
        ),
      );
      if (!handler) {
        log(
          `functions/${consumer.functionName}/handler.ts does not exist yet: its stream records are not consumed`,
        );
        continue;
      }
      const poller = new StreamPoller({
        client: streams,
        streamArn: main.streamArn,
        region,
        consumer,
        handler,
        log,
        checkpointDir: stateDir,
      });
      await poller.start();
      stoppers.push(() => poller.stop());
    }
    for (const pipe of streamPipes) {
      const target = createdQueues[pipe.queueName];
      if (!target) throw new Error(`Pipe ${pipe.name}: no queue ${pipe.queueName}`);
      const poller = new StreamPoller({
        client: streams,
        streamArn: main.streamArn,
        region,
        consumer: { functionName: `pipe-${pipe.name}`, batchSize: 10, filterPatterns: pipe.filterPatterns },
        handler: pipeToQueue(sqsClient, target.url, pipe),
        log,
        checkpointDir: stateDir,
      });
      await poller.start();
      stoppers.push(() => poller.stop());
    }
    for (const queue of queues) {
      const consumer = queue.consumer;
      const created = createdQueues[queue.name];
      if (!consumer || !created) continue;
      const handler = await loadOrLog(() =>
        functions.handler<Parameters<QueueHandler>[0], Awaited<ReturnType<QueueHandler>>>(
          consumer.functionName,
        ),
      );
      if (!handler) {
        log(
          `functions/${consumer.functionName}/handler.ts does not exist yet: ${queue.name} is not consumed`,
        );
        continue;
      }
      const poller = new QueuePoller({
        client: sqsClient,
        queueUrl: created.url,
        queueArn: created.arn,
        region,
        functionName: consumer.functionName,
        handler,
        ...(consumer.batchSize ? { batchSize: consumer.batchSize } : {}),
        ...(consumer.reportBatchItemFailures ? { reportBatchItemFailures: true } : {}),
        log,
        checkpointDir: stateDir,
      });
      poller.start();
      stoppers.push(() => poller.stop());
    }
    for (const schedule of schedules) {
      const handler = await loadOrLog(() =>
        functions.handler<Record<string, never>, unknown>(schedule.functionName),
      );
      if (!handler) continue;
      const run = () =>
        handler({}, lambdaContext(schedule.functionName, 60_000, region)).catch((error: unknown) =>
          log(`${schedule.functionName} failed: ${(error as Error).message}`),
        );
      const timer = setInterval(run, schedule.rateMinutes * 60_000);
      timer.unref();
      stoppers.push(async () => clearInterval(timer));
    }

    const seedPath = seedFilePath(stateDir);
    const seed: SeedFile =
      keepsData && existsSync(seedPath)
        ? ({
            seeders: [],
            ...(JSON.parse(await readFile(seedPath, 'utf8')) as Partial<SeedFile>),
          } as SeedFile)
        : await seedAccounts(stateDir);
    await runSeeders(stateDir, seed, log, options.seeders);

    const withFiles = (slug: string, client: { client_id: string; client_secret: string }): StageClient => {
      const files = clientFiles(stateDir, slug);
      return {
        client_id: client.client_id,
        client_secret: client.client_secret,
        client_cert: files.cert,
        client_key: files.key,
      };
    };
    const stageJson: StageJson = {
      base_url: api.url,
      auth_url: auth.url,
      ca_cert: pki.caCertPath,
      webhook_receiver: pki.serverFiles,
      operator: withFiles('operator', seed.operator),
      partners: seed.partners.map((partner, index) => ({
        account_id: partner.account_id,
        ...withFiles(partnerSlug(index), partner),
      })),
    };
    const endpoints: StageEndpoints = {
      region,
      dynamodb: dynamo.endpoint,
      sqs: sqs.address,
      tables: { main: main.name, idempotency: idempotency.name },
      mainStreamArn: main.streamArn,
      queues: createdQueues,
      environment,
    };
    await writeJson(join(stateDir, 'stage.json'), stageJson);
    await writeJson(join(stateDir, 'endpoints.json'), endpoints);
    return { stageJson, endpoints, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
