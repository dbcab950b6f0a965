import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { clientCertificateFromPem } from '../infra/local/api-event.ts';
import { applyEnvironment, localStateDir, logLevelOverride } from '../infra/local/config.ts';
import { FunctionModules, handlerFile, lambdaContext } from '../infra/local/functions.ts';
import type { Who } from '../infra/local/sample-events.ts';
import { clientFiles, partnerSlug, type SeedFile, seedFilePath } from '../infra/local/seed.ts';
import type { StageEndpoints } from '../infra/local/stage.ts';
import { createEmployeeTokenIssuer } from '../shared/auth/employee-tokens.ts';
import { issuePartnerToken, serviceSigningKeys } from '../shared/auth/token-issuer.ts';
import { audienceValue } from '../shared/auth/tokens.ts';
import { config } from '../shared/config/env.ts';
import { scopesFor } from '../shared/domain/employees/model.ts';
import { createCsr, generateKeyPair } from '../shared/pki/certificates.ts';
import { identityScopes, partnerScopes } from '../shared/vocabulary/scopes.ts';

/**
 * `npm run invoke -- <function> events/<file>.json`: runs functions/<function>/handler.ts on the event, the way
 * `sam local invoke` does, against the state of the running local stage, and prints the result.
 */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [group, eventFile] = process.argv.slice(2);
if (!group || !eventFile) fail('Usage: npm run invoke -- <group> events/<file>.json');
if (!existsSync(handlerFile(group))) fail(`No function ${group}: ${handlerFile(group)} does not exist`);
if (!existsSync(eventFile)) fail(`No event file ${eventFile}`);

const stateDir = localStateDir();
const endpointsFile = join(stateDir, 'endpoints.json');
if (!existsSync(endpointsFile)) {
  fail(
    `No local stage in ${stateDir}: start it with \`npm start\` (same LOCAL_STATE_DIR) and run invoke from another terminal.`,
  );
}
const endpoints = JSON.parse(readFileSync(endpointsFile, 'utf8')) as StageEndpoints;
const logLevel = logLevelOverride();
applyEnvironment({ ...endpoints.environment, ...(logLevel ? { LOG_LEVEL: logLevel } : {}) });

const probe = new DynamoDBClient({
  region: endpoints.region,
  endpoint: endpoints.dynamodb,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  maxAttempts: 1,
  requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 },
});
try {
  await probe.send(new ListTablesCommand({ Limit: 1 }));
} catch {
  fail(
    `The local stage is not running: DynamoDB Local at ${endpoints.dynamodb} does not answer.\n` +
      `Start it with \`npm start\` (LOCAL_STATE_DIR=${stateDir}) and run invoke from another terminal.`,
  );
} finally {
  probe.destroy();
}

const seed = JSON.parse(readFileSync(seedFilePath(stateDir), 'utf8')) as SeedFile;
const clientOf = (who: Who) =>
  (who === 'operator' ? seed.operator : seed.partners[0]) as SeedFile['operator'];
const slugOf = (who: Who) => (who === 'operator' ? 'operator' : partnerSlug(0));

/** An employee token as the login would issue it to a seeded admin (docs/employees.md). */
async function employeeToken(): Promise<string> {
  const issuer = createEmployeeTokenIssuer({
    issuer: config().tokenIssuer,
    audience: audienceValue('employee'),
    signingKeys: serviceSigningKeys,
  });
  const token = await issuer.issue(
    {
      employeeId: 'ada.admin',
      roles: ['admin'],
      scopes: scopesFor(['admin']),
      clientId: 'pts-admin-console',
    },
    new Date(),
  );
  return token.accessToken;
}

async function value(name: string, who: Who): Promise<string> {
  const client = clientOf(who);
  switch (name) {
    case 'token': {
      if (who === 'employee') return employeeToken();
      const scopes = who === 'operator' ? identityScopes : partnerScopes;
      const token = await issuePartnerToken({
        clientId: client.client_id,
        accountId: client.account_id,
        scopes,
      });
      return token.accessToken;
    }
    case 'account_id':
      return client.account_id;
    case 'client_id':
      return client.client_id;
    case 'client_secret':
      return client.client_secret;
    case 'csr_pem':
      return createCsr(await generateKeyPair(), 'Example Travel Ltd');
    case 'uuid':
      return randomUUID();
    case 'now':
      return new Date().toISOString();
    default:
      return fail(`Unknown placeholder {{${name}}} (events/README.md lists them)`);
  }
}

const pattern = /\{\{(\w+)(?::(partner|operator|employee))?\}\}/g;

async function substitute(text: string): Promise<string> {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    result +=
      text.slice(last, match.index) + (await value(match[1] as string, (match[2] as Who) ?? 'partner'));
    last = (match.index ?? 0) + match[0].length;
  }
  return result + text.slice(last);
}

/** Fills `{{...}}` placeholders; a client_cert placeholder becomes the certificate fields API Gateway sends. */
async function fill(node: unknown): Promise<unknown> {
  if (typeof node === 'string') {
    const certificate = /^\{\{client_cert:(partner|operator)\}\}$/.exec(node);
    if (certificate)
      return clientCertificateFromPem(
        readFileSync(clientFiles(stateDir, slugOf(certificate[1] as Who)).cert, 'utf8'),
      );
    return substitute(node);
  }
  if (Array.isArray(node)) return Promise.all(node.map(fill));
  if (node && typeof node === 'object') {
    const entries = await Promise.all(
      Object.entries(node).map(async ([key, item]) => [key, await fill(item)] as const),
    );
    return Object.fromEntries(entries);
  }
  return node;
}

async function fillBody(body: string, contentType: string): Promise<string> {
  if (/json/i.test(contentType)) return JSON.stringify(await fill(JSON.parse(body)));
  if (/x-www-form-urlencoded/i.test(contentType)) {
    const form = new URLSearchParams();
    for (const [key, item] of new URLSearchParams(body)) form.append(key, await substitute(item));
    return form.toString();
  }
  return substitute(body);
}

const raw = JSON.parse(readFileSync(eventFile, 'utf8')) as Record<string, unknown>;
const { body, ...rest } = raw;
const event = (await fill(rest)) as Record<string, unknown>;
const headers = (event.headers ?? {}) as Record<string, string>;
const contentType =
  Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
// An invoked worker's event (events/certificate-signing.json) has no body: it is the payload itself.
if ('body' in raw)
  event.body =
    typeof body === 'string' && !raw.isBase64Encoded ? await fillBody(body, contentType) : (body ?? null);

const handler = await new FunctionModules().handler<unknown, unknown>(group);
if (!handler) fail(`functions/${group}/handler.ts does not exist`);
try {
  const result = await handler(event, lambdaContext(group, 29_000, endpoints.region));
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
