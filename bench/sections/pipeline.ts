import { closeSync, openSync, writeSync } from 'node:fs';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { importJWK, type JWK, jwtVerify } from 'jose';
import { lambdaContext } from '../../infra/local/functions.ts';
import { readPublicJwks } from '../../shared/auth/keys.ts';
import { issuePartnerToken } from '../../shared/auth/token-issuer.ts';
import { verifyAccessToken } from '../../shared/auth/tokens.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { metaRoutes } from '../../shared/routes/meta.ts';
import { requestsRoutes } from '../../shared/routes/requests.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { alternate, nowMs } from '../alternate.ts';
import { region } from '../environment.ts';
import type { Harness } from '../harness.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { median, percentile } from '../stats.ts';

const section = '4 pipeline';
export const pipelineBudgetMs = 0.1;

/** Mean milliseconds per call of `iterations` sequential calls. */
async function block(iterations: number, call: (index: number) => Promise<unknown>): Promise<number> {
  const started = nowMs();
  for (let index = 0; index < iterations; index++) await call(index);
  return (nowMs() - started) / iterations;
}

function differences(ours: readonly number[], floor: readonly number[]): number[] {
  return ours.map((value, index) => value - (floor[index] as number));
}

async function middyStack(harness: Harness, settings: BenchSettings): Promise<Row> {
  const { repetitions, iterations } = settings.pipeline;
  // A route with no auth and no body: what remains is routing, validation, headers, commit and errors.
  const noOp = createApiHandler(metaRoutes, { getOpenApiDocument: async () => ({ status: 200, body: {} }) });
  const bare = async (_event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  const template = harness.event({ operationId: 'getOpenApiDocument', path: '/v2/openapi.json' });
  const context = lambdaContext('meta', 29_000, region);
  const check = await noOp(structuredClone(template), context);
  if (check.statusCode !== 200)
    throw new Error(`The no-op pipeline answered ${check.statusCode}: ${check.body}`);

  // Middy writes into the event: each call gets its own copy, made before the clock starts.
  const run =
    (handler: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>) =>
    async () => {
      const events = Array.from({ length: iterations }, () => structuredClone(template));
      return block(iterations, (index) => handler(events[index] as APIGatewayProxyEvent, context));
    };
  await run(noOp)();
  await run(bare)();
  const [ours = [], floor = []] = await alternate(repetitions, [run(noOp), run(bare)]);
  const overheadMs = median(differences(ours, floor));
  const measured = measure(ours, floor, 'ms/call', { 'overhead ms/call': overheadMs });
  return {
    section,
    name: 'middy stack + our middlewares around a no-op handler',
    floorName: 'bare async handler, same event',
    measured,
    budget: {
      description: `overhead < ${pipelineBudgetMs} ms`,
      met: overheadMs < pipelineBudgetMs,
    },
    note: `${iterations} calls per block`,
  };
}

async function jwtVerification(harness: Harness, settings: BenchSettings): Promise<Row[]> {
  const { repetitions, iterations } = settings.jwt;
  const token = harness.accessToken;
  const kid = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).kid as string;
  const jwk = (await readPublicJwks(secretStore())).keys.find((key) => key.kid === kid);
  if (!jwk) throw new Error(`The published JWKS lacks ${kid}`);
  const key = await importJWK(jwk as JWK, 'ES256');
  const claims = { clientId: harness.partner.clientId, accountId: harness.partner.accountId, scopes: [] };
  // Tokens never seen before: each block verifies every one of them for the first time.
  const freshTokens = async () =>
    Promise.all(
      Array.from({ length: iterations }, async () => (await issuePartnerToken(claims)).accessToken),
    );
  const first = async () => {
    const tokens = await freshTokens();
    return block(iterations, (index) => verifyAccessToken(tokens[index] as string, ['partner']));
  };
  const repeat = () => block(iterations, () => verifyAccessToken(token, ['partner']));
  const floor = () => block(iterations, () => jwtVerify(token, key, { algorithms: ['ES256'] }));
  await first();
  await repeat();
  await floor();
  const [firstMs = [], repeatMs = [], floorMs = []] = await alternate(repetitions, [first, repeat, floor]);
  const row = (name: string, ours: number[]): Row => ({
    section,
    name,
    floorName: 'bare jose.jwtVerify, key imported once',
    measured: measure(ours, floorMs, 'ms/call', { 'overhead ms/call': median(differences(ours, floorMs)) }),
    note: `${iterations} calls per block`,
  });
  return [
    row('JWT verification of a token seen for the first time (verifyAccessToken)', firstMs),
    row('JWT verification of a token this container verified before (verifyAccessToken)', repeatMs),
  ];
}

/**
 * What recording a partner request in the request log costs it (docs/support.md, Request log): the
 * same authenticated partner request through the same pipeline and no-op operation, with the request
 * log and without it, alternating call by call. The line goes through `write(2)` to /dev/null,
 * the synchronous write the Lambda runtime's stdout pipe takes, without flooding the bench's output.
 */
async function requestLogCost(harness: Harness, settings: BenchSettings): Promise<Row[]> {
  const { repetitions, iterations } = settings.pipeline;
  const devNull = openSync('/dev/null', 'w');
  try {
    const routes = { listRequests: requestsRoutes.listRequests };
    const noOp = { listRequests: async () => ({ status: 200, body: { data: [], next_cursor: null } }) };
    const withLog = createApiHandler(routes, noOp, {
      requestLog: { write: (line) => writeSync(devNull, `${JSON.stringify(line)}\n`) },
    });
    const withoutLog = createApiHandler(routes, noOp, { requestLog: false });
    const template = harness.event({
      operationId: 'listRequests',
      path: '/v2/b2b/requests',
      headers: { Authorization: `Bearer ${harness.accessToken}` },
    });
    const context = lambdaContext('requests', 29_000, region);
    for (const handler of [withLog, withoutLog]) {
      const check = await handler(structuredClone(template), context);
      if (check.statusCode !== 200)
        throw new Error(`The partner request answered ${check.statusCode}: ${check.body}`);
    }
    // Calls alternate one by one (with, without; then without, with), so a neighbour's burst or a
    // collection lands on both alike: the tail is what the shared host does, the difference ours.
    const samples = { with: [] as number[], without: [] as number[] };
    const timed = async (
      handler: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>,
      event: APIGatewayProxyEvent,
    ): Promise<number> => {
      const started = nowMs();
      await handler(event, context);
      return nowMs() - started;
    };
    const block = async (record: boolean) => {
      const events = Array.from({ length: 2 * iterations }, () => structuredClone(template));
      const blockTimes = { with: 0, without: 0 };
      for (let index = 0; index < iterations; index++) {
        const first = events[2 * index] as APIGatewayProxyEvent;
        const second = events[2 * index + 1] as APIGatewayProxyEvent;
        const withFirst = index % 2 === 0;
        const a = await timed(withFirst ? withLog : withoutLog, first);
        const b = await timed(withFirst ? withoutLog : withLog, second);
        const [withMs, withoutMs] = withFirst ? [a, b] : [b, a];
        blockTimes.with += withMs;
        blockTimes.without += withoutMs;
        if (record) {
          samples.with.push(withMs);
          samples.without.push(withoutMs);
        }
      }
      return { with: blockTimes.with / iterations, without: blockTimes.without / iterations };
    };
    await block(false);
    const ours: number[] = [];
    const floor: number[] = [];
    for (let repetition = 0; repetition < repetitions; repetition++) {
      const means = await block(true);
      ours.push(means.with);
      floor.push(means.without);
    }
    const row = (p: number): Row => {
      const added = percentile(samples.with, p) - percentile(samples.without, p);
      return {
        section,
        name: `request log on a partner request: p${p}`,
        floorName: 'the same request without the request log',
        measured: measure(ours, floor, 'ms/call', {
          [`p${p} with ms`]: percentile(samples.with, p),
          [`p${p} without ms`]: percentile(samples.without, p),
          'added ms': added,
        }),
        budget: { description: `adds < ${pipelineBudgetMs} ms`, met: added < pipelineBudgetMs },
        note: `${repetitions} x ${iterations} calls each, per-call percentiles`,
      };
    };
    return [row(50), row(99)];
  } finally {
    closeSync(devNull);
  }
}

export async function pipelineOverhead(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  options.log('pipeline: middy stack');
  const stack = await middyStack(options.harness, options.settings);
  options.log('pipeline: JWT verification');
  const jwt = await jwtVerification(options.harness, options.settings);
  options.log('pipeline: request log');
  return [stack, ...jwt, ...(await requestLogCost(options.harness, options.settings))];
}
