import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import { buildProxyEvent, clientCertificateFromPem } from '../infra/local/api-event.ts';
import { applyEnvironment } from '../infra/local/config.ts';
import { FunctionModules, handlerFile, lambdaContext } from '../infra/local/functions.ts';
import {
  freePorts,
  type RunningStage,
  type StageEndpoints,
  type StageJson,
  type StageOptions,
  startStage,
} from '../infra/local/stage.ts';
import { readPublicJwks } from '../shared/auth/keys.ts';
import { ddb } from '../shared/db/client.ts';
import { collectConsumedCapacity } from '../shared/db/consumed-capacity.ts';
import { logger } from '../shared/observability/logger.ts';
import { routes } from '../shared/routes/index.ts';
import type { Host } from '../shared/routes/types.ts';
import { secretStore } from '../shared/secrets/store.ts';
import { region } from './environment.ts';
import { installRequestUsageCounters } from './request-usage.ts';

/** Every DynamoDB request sent inside `countRoundTrips`, by command; retries count as round trips too. */
const roundTrips = new AsyncLocalStorage<string[]>();

/** The source address of every event the harness builds (the token endpoint's lockout is keyed by it). */
export const benchSourceAddress = '127.0.0.1';
export async function countRoundTrips<T>(work: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const commands: string[] = [];
  const result = await roundTrips.run(commands, work);
  return { result, commands };
}

export interface Partner {
  accountId: string;
  clientId: string;
  clientSecret: string;
  certificatePem: string;
  keyPem: string;
}

export interface RequestSpec {
  operationId: keyof typeof routes;
  path: string;
  pathParameters?: Record<string, string>;
  rawQuery?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Present the partner's client certificate (API host); the auth host has none. */
  withCertificate?: boolean;
  /** The host the request goes to: by default the API host, or the auth host without a certificate. */
  host?: Host;
  /** Another client's certificate on the API host (the operator's), instead of the partner's. */
  certificatePem?: string;
}

/** A request to the token endpoint with this form (the auth host, no client certificate). */
export function tokenRequest(form: Record<string, string>): RequestSpec {
  return {
    operationId: 'issueToken',
    path: '/oauth/v2/token',
    withCertificate: false,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  };
}

export interface Harness {
  stateDir: string;
  stage: RunningStage;
  partner: Partner;
  /** An access token of the partner with every partner scope. */
  accessToken: string;
  /** The API Gateway REST proxy event the local gateway would build for this request. */
  event(spec: RequestSpec): APIGatewayProxyEvent;
  /** Invokes the real handler of the operation's group in process, like a warm Lambda. */
  invoke(spec: RequestSpec): Promise<APIGatewayProxyResult>;
  /**
   * The handler of a group, loaded, and a function that builds a request's event and context (what
   * API Gateway and the runtime do, outside the function) and returns the bare call to time.
   */
  armer(group: string): Promise<(spec: RequestSpec) => () => Promise<APIGatewayProxyResult>>;
  hasHandler(group: string): boolean;
  /** The exported handler of a function, loaded once like a warm container. */
  handler(group: string): Promise<unknown>;
  /**
   * The floors: bare DynamoDB calls on the same client the handlers use, and the one piece of work
   * every authenticated request needs, a bare jose.jwtVerify of the token with the key imported once.
   */
  floors: {
    getItem(): Promise<void>;
    /** A strongly consistent GetItem of this key of the main table: the read an operation needs, bare. */
    consistentGetItem(key: { pk: string; sk: string }): Promise<void>;
    transactWrite(): Promise<void>;
    verifyToken(): Promise<void>;
  };
  stop(): Promise<void>;
}

export function expectStatus(
  result: APIGatewayProxyResult,
  expected: number,
  what: string,
): APIGatewayProxyResult {
  if (result.statusCode !== expected) {
    throw new Error(
      `${what} answered ${result.statusCode}, expected ${expected}: ${result.body.slice(0, 300)}`,
    );
  }
  return result;
}

/** The stage the bench runs on: in memory, free ports, functions configured as deployed. */
export function benchStageOptions(stateDir: string): StageOptions {
  return {
    stateDir,
    ...freePorts,
    persistent: false,
    // As deployed: response validation is a local and test aid, and INFO logs would flood the table.
    env: {
      VALIDATE_RESPONSES: 'false',
      LOG_LEVEL: 'WARN',
      // The webhook section's receiver listens on loopback with a certificate of the stage's CA.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_ALLOWED_PORTS: '1024-65535',
      WEBHOOK_EXTRA_CA_FILE: join(stateDir, 'pki', 'ca.pem'),
      // The status of a token's application is read once a minute per container (docs/accounts.md):
      // amortized, it would land in one measured call at random; the bench measures the per-call cost.
      PRINCIPAL_STATUS_TTL_SECONDS: '3600',
      // The gateway still meters every request (its cost is part of what is measured), but the load
      // sections send far more than a plan or the token endpoint's flood rules allow.
      RATE_LIMIT_PLANS: JSON.stringify({
        standard: { rate: 10_000, burst: 5_000, daily_quota: 1_000_000_000 },
      }),
      TOKEN_ENDPOINT_LIMITS: JSON.stringify({
        address_flood: { limit: 1_000_000_000 },
        client_flood: { limit: 1_000_000_000 },
      }),
    },
  };
}

/**
 * The stage in a child process (bench/stage-process.ts); this process then takes the functions'
 * environment from the stage's endpoints.json, as `npm run seed` does, and runs only what it measures.
 */
async function startStageProcess(stateDir: string, log: (message: string) => void): Promise<RunningStage> {
  const script = fileURLToPath(new URL('./stage-process.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const child = spawn(tsx, [script, stateDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  createInterface({ input: child.stderr }).on('line', log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<boolean>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  if (!ready) throw new Error('The stage process exited before it was ready');
  const stageJson = JSON.parse(await readFile(join(stateDir, 'stage.json'), 'utf8')) as StageJson;
  const endpoints = JSON.parse(await readFile(join(stateDir, 'endpoints.json'), 'utf8')) as StageEndpoints;
  applyEnvironment(endpoints.environment);
  logger.setLogLevel('WARN');
  return {
    stageJson,
    endpoints,
    restartQueueEmulator: async () => {
      throw new Error('The bench stage runs in a child process: the bench never restarts its queue emulator');
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The local stage in memory on free ports, its handlers loaded in this process, the round-trip counter
 * on the shared DynamoDB client, and a token for the first seeded partner. With `stageProcess: 'child'`
 * the stage (emulators, gateways, pollers, workers) runs in a process of its own.
 */
export async function startHarness(options: {
  stateDir: string;
  log: (message: string) => void;
  stageProcess?: 'same' | 'child';
}): Promise<Harness> {
  const stage =
    options.stageProcess === 'child'
      ? await startStageProcess(options.stateDir, options.log)
      : await startStage({ ...benchStageOptions(options.stateDir), log: options.log });
  try {
    // Section 9's collectors: they count only inside its calls (withConsumedCapacity, withRequestUsage).
    // The capacity collector makes new clients, so it goes first: the round-trip counter is on the new one.
    collectConsumedCapacity();
    installRequestUsageCounters();
    ddb().middlewareStack.add(
      (next, context) => async (args) => {
        roundTrips.getStore()?.push(String(context.commandName ?? 'unknown').replace(/Command$/, ''));
        return next(args);
      },
      // Deserialize runs once per attempt, inside the retry middleware: every HTTP request is counted.
      { step: 'deserialize', name: 'benchRoundTripCounter' },
    );

    const seeded = stage.stageJson.partners[0];
    if (!seeded) throw new Error('The stage seeded no partner');
    const partner: Partner = {
      accountId: seeded.account_id,
      clientId: seeded.client_id,
      clientSecret: seeded.client_secret,
      certificatePem: readFileSync(seeded.client_cert, 'utf8'),
      keyPem: readFileSync(seeded.client_key, 'utf8'),
    };
    const clientCert = clientCertificateFromPem(partner.certificatePem);
    const functions = new FunctionModules();
    const hosts = {
      api: new URL(stage.stageJson.base_url).host,
      auth: new URL(stage.stageJson.auth_url).host,
      admin: new URL(stage.stageJson.admin_url).host,
      venue: new URL(stage.stageJson.venue_url).host,
      es2plus: new URL(stage.stageJson.es2plus_url).host,
      'esim-page': new URL(stage.stageJson.esim_page_url).host,
    };

    const event = (spec: RequestSpec): APIGatewayProxyEvent => {
      const route = routes[spec.operationId];
      const host = spec.host ?? (spec.withCertificate === false ? 'auth' : 'api');
      const certificate =
        host !== 'api' || spec.withCertificate === false
          ? null
          : spec.certificatePem
            ? clientCertificateFromPem(spec.certificatePem)
            : clientCert;
      const headers = { Host: hosts[host], 'User-Agent': 'bench', ...spec.headers };
      return buildProxyEvent({
        method: route.method,
        path: spec.path,
        rawQuery: spec.rawQuery ?? '',
        rawHeaders: Object.entries(headers).flat(),
        body: Buffer.from(spec.body ?? ''),
        resource: route.path,
        pathParameters: spec.pathParameters ?? null,
        sourceIp: benchSourceAddress,
        clientCert: certificate,
        stage: 'local',
        requestId: randomUUID(),
        now: new Date(),
      });
    };

    const invoke = async (spec: RequestSpec): Promise<APIGatewayProxyResult> => {
      const group = routes[spec.operationId].group;
      const handler = await functions.handler<APIGatewayProxyEvent, APIGatewayProxyResult>(group);
      if (!handler) throw new Error(`functions/${group}/handler.ts does not exist`);
      return handler(event(spec), lambdaContext(group, 29_000, region));
    };

    const armer = async (group: string) => {
      const handler = await functions.handler<APIGatewayProxyEvent, APIGatewayProxyResult>(group);
      if (!handler) throw new Error(`functions/${group}/handler.ts does not exist`);
      return (spec: RequestSpec) => {
        const built = event(spec);
        const context = lambdaContext(group, 29_000, region);
        return () => handler(built, context);
      };
    };

    const tokenResponse = expectStatus(
      await invoke(
        tokenRequest({
          grant_type: 'client_credentials',
          client_id: partner.clientId,
          client_secret: partner.clientSecret,
        }),
      ),
      200,
      'The token endpoint',
    );
    const accessToken = (JSON.parse(tokenResponse.body) as { access_token: string }).access_token;

    const kid = decodeProtectedHeader(accessToken).kid;
    const publicKey = (await readPublicJwks(secretStore())).keys.find((key) => key.kid === kid);
    if (!publicKey) throw new Error(`The published JWKS lacks ${kid}`);
    const verificationKey = await importJWK(publicKey as JWK, 'ES256');

    const { tables } = stage.endpoints;
    // A small item in each table, of the size an application or booking item has.
    const floorKey = { pk: 'BENCH#floor', sk: 'ITEM' };
    const payload = 'x'.repeat(600);
    await ddb().send(new PutCommand({ TableName: tables.main, Item: { ...floorKey, payload } }));
    const floors = {
      verifyToken: async () => {
        await jwtVerify(accessToken, verificationKey, { algorithms: ['ES256'] });
      },
      getItem: async () => {
        await ddb().send(new GetCommand({ TableName: tables.main, Key: floorKey }));
      },
      consistentGetItem: async (key: { pk: string; sk: string }) => {
        await ddb().send(new GetCommand({ TableName: tables.main, Key: key, ConsistentRead: true }));
      },
      // A create's shape: one new item and its idempotency record, both conditional, in one transaction.
      transactWrite: async () => {
        const id = randomUUID();
        await ddb().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tables.main,
                  Item: { pk: `BENCH#${id}`, sk: 'ITEM', payload },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tables.idempotency,
                  Item: { pk: `BENCH#${id}`, payload, expires_at: Math.floor(Date.now() / 1000) + 3600 },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
      },
    };

    return {
      stateDir: options.stateDir,
      stage,
      partner,
      accessToken,
      event,
      invoke,
      armer,
      hasHandler: (group) => existsSync(handlerFile(group)),
      handler: async (group) => {
        const handler = await functions.handler(group);
        if (!handler) throw new Error(`functions/${group}/handler.ts does not exist`);
        return handler;
      },
      floors,
      stop: () => stage.stop(),
    };
  } catch (error) {
    await stage.stop();
    throw error;
  }
}
