import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { buildProxyEvent } from '../../../infra/local/api-event.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { seedCatalog } from '../../../infra/local/seed-catalog.ts';
import { ensureTable } from '../../../infra/local/tables.ts';
import { partnerCertificateSubject } from '../../../shared/auth/certificate-binding.ts';
import { fingerprintOfPem } from '../../../shared/auth/certificate-standing.ts';
import { generateClientId } from '../../../shared/auth/client-secrets.ts';
import { createEmployeeTokenIssuer } from '../../../shared/auth/employee-tokens.ts';
import { SigningKeyCache } from '../../../shared/auth/signing-key-cache.ts';
import { readSigningKeys } from '../../../shared/auth/signing-keys.ts';
import { issuePartnerToken } from '../../../shared/auth/token-issuer.ts';
import { audienceValue } from '../../../shared/auth/tokens.ts';
import { config } from '../../../shared/config/env.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { ddb } from '../../../shared/db/client.ts';
import { accountStore } from '../../../shared/db/entities/account.ts';
import { applicationStore } from '../../../shared/db/entities/application.ts';
import { auditFromItem } from '../../../shared/db/entities/audit.ts';
import { auditTable, idempotencyTable, mainTable } from '../../../shared/db/tables.ts';
import { commitWrites, type DynamoWrite } from '../../../shared/db/transaction.ts';
import type { AuditRecord } from '../../../shared/domain/audit/model.ts';
import { type Role, scopesFor } from '../../../shared/domain/employees/model.ts';
import { routes } from '../../../shared/routes/index.ts';
import type { RouteDefinition } from '../../../shared/routes/types.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { processClock } from '../../../shared/util/clock.ts';
import type { Scope } from '../../../shared/vocabulary/scopes.ts';
import { endpoints } from '../../support/api.ts';
import { dynamoClient } from '../../support/aws.ts';

/**
 * Catalog administration against the stage's DynamoDB Local and S3 emulator, in tables and a bucket
 * of this file's own (publishing in the stage's table would move ETags other files compare), through
 * the functions' handlers in process, since the stage's listeners serve the stage's tables only
 * (admin-listener.test.ts covers the admin listener). Partner reads run the catalog function the same
 * way, so both sides see the same table.
 */
export interface Isolated {
  tables: { main: string; idempotency: string; audit: string };
  bucket: string;
}

async function isolatedCatalog(): Promise<Isolated> {
  const stage = endpoints();
  Object.assign(process.env, stage.environment);
  const suffix = randomUUID().slice(0, 8);
  const client = dynamoClient();
  const [main, idempotency, audit] = await Promise.all([
    ensureTable(client, mainTable, `catadmin-main-${suffix}`),
    ensureTable(client, idempotencyTable, `catadmin-idem-${suffix}`),
    ensureTable(client, auditTable, `catadmin-audit-${suffix}`),
  ]);
  client.destroy();
  const bucket = `catadmin-images-${suffix}`;
  const s3 = new S3Client({
    region: stage.region,
    endpoint: stage.s3,
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  s3.destroy();
  Object.assign(process.env, {
    MAIN_TABLE_NAME: main.name,
    IDEMPOTENCY_TABLE_NAME: idempotency.name,
    AUDIT_TABLE_NAME: audit.name,
    IMAGES_BUCKET_NAME: bucket,
    LOG_LEVEL: 'SILENT',
    // These suites look at what one publication or contract changes, request by request: the partner
    // side reads the catalog on every request here. The stated 5 s bound has its own test (publish).
    CATALOG_MAX_STALENESS_MS: '0',
  });
  resetModuleCaches();
  return { tables: { main: main.name, idempotency: idempotency.name, audit: audit.name }, bucket };
}

export type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * What every suite here starts from: the seed catalog in tables and a bucket of the suite's own, the
 * admin and catalog functions' handlers on them, and an admin employee's token.
 */
export async function seededCatalog(): Promise<{
  isolated: Isolated;
  admin: Handler;
  catalog: Handler;
  employee: string;
}> {
  const isolated = await isolatedCatalog();
  await seedCatalog([], new Date());
  const admin = (await import('../../../functions/catalog-admin/handler.ts')).handler;
  const catalog = (await import('../../../functions/catalog/handler.ts')).handler;
  return { isolated, admin, catalog, employee: await employeeToken() };
}

export interface Call {
  token?: string;
  params?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  /** JSON (objects) or raw bytes (uploads, with their content type in `headers`). */
  body?: unknown;
  /**
   * Partner calls arrive with the client certificate API Gateway verified: issued by the stage's
   * partner CA to the account (the binding checks both names exactly).
   */
  certificateOf?: string;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string>;
  body: T;
  raw: string;
}

/** The client certificate partner calls carry here; accounts list its fingerprint as active. */
const gatewayCertificatePem = '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----';

/** One API Gateway proxy event for `route`, as the gateway of its host would send it, at this process's time. */
export function eventFor(route: RouteDefinition, call: Call = {}): APIGatewayProxyEvent {
  const pathParameters = call.params ?? null;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParameters?.[name] ?? name);
  const rawHeaders: string[] = ['Host', 'localhost'];
  let body = Buffer.alloc(0);
  if (call.body instanceof Uint8Array) body = Buffer.from(call.body);
  else if (call.body !== undefined) {
    rawHeaders.push('Content-Type', 'application/json');
    body = Buffer.from(typeof call.body === 'string' ? call.body : JSON.stringify(call.body));
  }
  for (const [name, value] of Object.entries(call.headers ?? {})) rawHeaders.push(name, value);
  if (call.token) rawHeaders.push('Authorization', `Bearer ${call.token}`);
  return buildProxyEvent({
    method: route.method,
    path,
    rawQuery: call.query ?? '',
    rawHeaders,
    body,
    resource: route.path,
    pathParameters,
    sourceIp: '127.0.0.1',
    clientCert: call.certificateOf
      ? {
          clientCertPem: gatewayCertificatePem,
          subjectDN: partnerCertificateSubject(call.certificateOf),
          issuerDN: config().partnerCaSubject,
          serialNumber: '01',
          validity: { notBefore: 'Jan 1 00:00:00 2026 GMT', notAfter: 'Jan 1 00:00:00 2036 GMT' },
        }
      : null,
    stage: 'local',
    requestId: randomUUID(),
    now: processClock.now(),
  });
}

export async function call<T = Record<string, unknown>>(
  handler: Handler,
  operationId: keyof typeof routes,
  request: Call = {},
): Promise<Answer<T>> {
  const route: RouteDefinition = routes[operationId];
  const result = await handler(eventFor(route, request), lambdaContext(route.group, 29_000, 'eu-west-1'));
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  const raw = result.body ?? '';
  const json = /json/.test(headers['content-type'] ?? '') && raw.length > 0;
  return { status: result.statusCode, headers, body: (json ? JSON.parse(raw) : raw) as T, raw };
}

/** An employee token as the login issues it (docs/employees.md, Employee token). */
export async function employeeToken(roles: Role[] = ['admin'], subject = 'ada.admin'): Promise<string> {
  const issuer = createEmployeeTokenIssuer({
    issuer: config().tokenIssuer,
    audience: audienceValue('employee'),
    signingKeys: new SigningKeyCache(() => readSigningKeys(secretStore())),
  });
  const issued = await issuer.issue(
    { employeeId: subject, roles, scopes: scopesFor(roles), clientId: 'pts-admin-console' },
    new Date(),
  );
  return issued.accessToken;
}

/**
 * A partner token of a new active application of `accountId`, in the isolated table: verifiers check
 * that a token's application is still active (shared/auth/principal-status.ts).
 */
export async function partnerToken(accountId: string, scopes: Scope[]): Promise<string> {
  const clientId = generateClientId();
  const now = new Date().toISOString();
  await commitWrites([
    applicationStore.create({
      clientId,
      accountId,
      name: 'Catalog admin test',
      allowedScopes: scopes,
      status: 'Active',
      accountStatus: 'Active',
      createdAt: now,
      updatedAt: now,
      secretRotatedAt: null,
      secretHash: 'unused: the test issues the token itself',
      tokenGeneration: 0,
    }) as DynamoWrite,
  ]);
  return (await issuePartnerToken({ clientId, accountId, scopes })).accessToken;
}

/** A partner account in the isolated table, as the admin API would have created it. */
export async function createAccount(name = 'Catalog admin test', accountId = randomUUID()): Promise<string> {
  const now = new Date().toISOString();
  await commitWrites([
    accountStore.create({
      accountId,
      name,
      kind: 'partner',
      status: 'Active',
      plan: 'standard',
      certificate: {
        serialNumber: '01',
        fingerprintSha256: 'a'.repeat(64),
        subject: `CN=${accountId}`,
        notBefore: now,
        notAfter: now,
        pem: '',
      },
      activeCertificateFingerprints: [fingerprintOfPem(gatewayCertificatePem) ?? ''],
      certificatesVersion: 1,
      applicationCount: 0,
      createdAt: now,
      updatedAt: now,
    }) as DynamoWrite,
  ]);
  return accountId;
}

/** Audit records about one target, newest first. */
export async function auditOf(targetId: string): Promise<AuditRecord[]> {
  const { Items } = await ddb().send(
    new QueryCommand({
      TableName: config().auditTableName,
      IndexName: 'byTarget',
      KeyConditionExpression: 'target_key = :key',
      ExpressionAttributeValues: { ':key': `TARGET#${targetId}` },
      ScanIndexForward: false,
    }),
  );
  return (Items ?? []).map(auditFromItem);
}

/** A minimal valid lounge form at `hubId`. */
export function loungeForm(hubId: string, name: string, overrides: Record<string, unknown> = {}) {
  return {
    hub_id: hubId,
    name: { 'en-US': name, 'ru-RU': `${name} (ru)` },
    landside: false,
    airside_zone: 'International',
    amenity_ids: ['wifi'],
    paid_amenity_ids: [],
    business_hours: [{ day: 1, times: { type: 'STANDARD', detail: '06:00-22:00' } }],
    policy: { stay: { max_duration: 'PT3H' } },
    required_booking_info: ['Name', 'Email'],
    images: [],
    direction_info: { 'en-US': 'Level 2', 'ru-RU': '2-й этаж' },
    prices: { currency: 'EUR', adult: '40.00', child: '20.00', infant: '0.00' },
    ...overrides,
  };
}

export function hubForm(codes: { iata: string; icao: string }, name: string) {
  return {
    kind: 'Airport',
    name: { 'en-US': name, 'ru-RU': `${name} (ru)` },
    city: { 'en-US': 'Testville', 'ru-RU': 'Тестовск' },
    country: 'DE',
    continent: 'Europe',
    coordinates: { latitude: 50, longitude: 8 },
    timezone: 'Europe/Berlin',
    meta: { kind: 'Airport', ...codes },
  };
}

export const idempotencyKey = () => ({ 'Idempotency-Key': randomUUID() });
