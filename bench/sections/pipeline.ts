import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { importJWK, type JWK, jwtVerify } from 'jose';
import { lambdaContext } from '../../infra/local/functions.ts';
import { readPublicJwks } from '../../shared/auth/keys.ts';
import { issuePartnerToken } from '../../shared/auth/token-issuer.ts';
import { verifyAccessToken } from '../../shared/auth/tokens.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { metaRoutes } from '../../shared/routes/meta.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { alternate, nowMs } from '../alternate.ts';
import { region } from '../environment.ts';
import type { Harness } from '../harness.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { median } from '../stats.ts';

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

export async function pipelineOverhead(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  options.log('pipeline: middy stack');
  const stack = await middyStack(options.harness, options.settings);
  options.log('pipeline: JWT verification');
  return [stack, ...(await jwtVerification(options.harness, options.settings))];
}
