import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProxyEvent, clientCertificateFromPem } from '../../../infra/local/api-event.ts';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { endpoints, stage } from '../../support/api.ts';

/**
 * Runs the real auth and catalog functions in this process, on the stage's DynamoDB and secrets, with
 * DEBUG logging, and reads everything they write: no client secret or access token may appear.
 */
const written: string[] = [];
const event = (input: {
  method: string;
  path: string;
  resource: string;
  headers: string[];
  body?: string;
  cert?: string;
}) =>
  buildProxyEvent({
    method: input.method,
    path: input.path,
    rawQuery: '',
    rawHeaders: input.headers,
    body: Buffer.from(input.body ?? ''),
    resource: input.resource,
    pathParameters: null,
    sourceIp: '127.0.0.1',
    clientCert: input.cert ? clientCertificateFromPem(input.cert) : null,
    stage: 'local',
    requestId: randomUUID(),
    now: new Date(),
  });

beforeAll(async () => {
  Object.assign(process.env, endpoints().environment, { LOG_LEVEL: 'DEBUG' });
  (await import('../../../shared/config/reset.ts')).resetModuleCaches();
  (await import('../../../shared/observability/logger.ts')).logger.setLogLevel('DEBUG');
  const capture = (chunk: string | Uint8Array) => {
    written.push(chunk.toString());
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
});
afterAll(() => vi.restoreAllMocks());

describe('logs', () => {
  it('never carry a client secret or an access token, on success or failure', async () => {
    // Prepare
    const partner = stage().partners[0];
    if (!partner) throw new Error('no seeded partner');
    const { handler: auth } = await import('../../../functions/auth/handler.ts');
    const { handler: catalog } = await import('../../../functions/catalog/handler.ts');
    const tokenRequest = (secret: string) =>
      event({
        method: 'POST',
        path: '/oauth/v2/token',
        resource: '/oauth/v2/token',
        headers: ['content-type', 'application/x-www-form-urlencoded'],
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: partner.client_id,
          client_secret: secret,
        }).toString(),
      });

    // Act
    const issued = await auth(tokenRequest(partner.client_secret), lambdaContext('auth', 3000, 'eu-west-1'));
    const refused = await auth(
      tokenRequest(`${partner.client_secret}x`),
      lambdaContext('auth', 3000, 'eu-west-1'),
    );
    const token = JSON.parse(issued.body).access_token as string;
    const cert = readFileSync(partner.client_cert, 'utf8');
    const listed = await catalog(
      event({
        method: 'GET',
        path: '/v2/catalog/lounges',
        resource: '/v2/catalog/lounges',
        headers: ['authorization', `Bearer ${token}`],
        cert,
      }),
      lambdaContext('catalog', 3000, 'eu-west-1'),
    );
    const tampered = await catalog(
      event({
        method: 'GET',
        path: '/v2/catalog/lounges',
        resource: '/v2/catalog/lounges',
        headers: ['authorization', `Bearer ${token.slice(0, -4)}AAAA`],
        cert,
      }),
      lambdaContext('catalog', 3000, 'eu-west-1'),
    );

    // Assess
    expect([issued.statusCode, refused.statusCode, listed.statusCode, tampered.statusCode]).toEqual([
      200, 401, 200, 401,
    ]);
    const logs = written.join('');
    expect(logs).toContain('Access token issued');
    expect(logs).toContain('"error":"invalid_client"');
    expect(logs).not.toContain('"level":"ERROR"');
    expect(logs).not.toContain(partner.client_secret);
    expect(logs).not.toContain(token.split('.')[2]);
    expect(logs).not.toContain(token.split('.')[1]);
  });
});
