import { describe, expect, it } from 'vitest';
import {
  buildProxyEvent,
  clientCertificateFromPem,
  isTextBody,
  matchRoute,
  type ProxyRequest,
  parseHeaders,
  parseQuery,
} from '../../../infra/local/api-event.ts';
import {
  createCertificateAuthority,
  generateKeyPair,
  issueCertificate,
  partnerSubject,
} from '../../../shared/pki/certificates.ts';
import { defineRoute, type HttpMethod, type RouteDefinition } from '../../../shared/routes/types.ts';

function route(
  method: HttpMethod,
  path: string,
  group: RouteDefinition['group'] = 'booking',
): RouteDefinition {
  return defineRoute({
    operationId: `${method} ${path}`,
    method,
    path,
    hosts: ['api'],
    group,
    summary: '',
    tags: [],
    auth: null,
    responses: {},
  });
}

const routes = [
  route('GET', '/v2/b2b/booking/lounges'),
  route('POST', '/v2/b2b/booking/lounges'),
  route('GET', '/v2/b2b/booking/lounges/{bookingID}'),
  route('GET', '/v2/b2b/booking/lounges/search', 'catalog'),
  route('GET', '/v2/files/{key+}', 'meta'),
];

describe('matchRoute', () => {
  it('matches a literal path to its operation', () => {
    const match = matchRoute(routes, 'POST', '/v2/b2b/booking/lounges');

    expect(match).toMatchObject({
      kind: 'operation',
      route: { method: 'POST', path: '/v2/b2b/booking/lounges' },
    });
  });

  it('prefers a literal segment over a path parameter', () => {
    const match = matchRoute(routes, 'GET', '/v2/b2b/booking/lounges/search');

    expect(match).toMatchObject({ kind: 'operation', route: { group: 'catalog' }, pathParameters: {} });
  });

  it('decodes path parameters', () => {
    const match = matchRoute(routes, 'GET', '/v2/b2b/booking/lounges/a%20b%2Fc');

    expect(match).toMatchObject({ kind: 'operation', pathParameters: { bookingID: 'a b/c' } });
  });

  it('gives a greedy parameter the rest of the path', () => {
    const match = matchRoute(routes, 'GET', '/v2/files/a/b%21/c');

    expect(match).toMatchObject({ kind: 'operation', pathParameters: { key: 'a/b!/c' } });
  });

  it('ignores one trailing slash', () => {
    expect(matchRoute(routes, 'GET', '/v2/b2b/booking/lounges/')).toMatchObject({ kind: 'operation' });
  });

  it('reports a known path with another method as a wrong method of that resource', () => {
    const match = matchRoute(routes, 'DELETE', '/v2/b2b/booking/lounges/42');

    expect(match).toMatchObject({
      kind: 'wrongMethod',
      route: { path: '/v2/b2b/booking/lounges/{bookingID}' },
      pathParameters: { bookingID: '42' },
    });
  });

  it('sends an unknown path to the catch-all with the path as proxy parameter', () => {
    expect(matchRoute(routes, 'GET', '/v2/nothing/here')).toEqual({
      kind: 'unknown',
      pathParameters: { proxy: 'v2/nothing/here' },
    });
  });

  it('treats an empty segment as no match', () => {
    expect(matchRoute(routes, 'GET', '/v2/b2b/booking/lounges//x')).toMatchObject({ kind: 'unknown' });
  });
});

describe('parseQuery', () => {
  it('is null for both forms when there is no query', () => {
    expect(parseQuery('')).toEqual({ single: null, multi: null });
  });

  it('keeps the last value in the single form and every value in the multi form, decoded', () => {
    expect(parseQuery('a=1&a=2&b=x%20y&c')).toEqual({
      single: { a: '2', b: 'x y', c: '' },
      multi: { a: ['1', '2'], b: ['x y'], c: [''] },
    });
  });
});

describe('parseHeaders', () => {
  it('keeps the original case and every value of a repeated header', () => {
    expect(parseHeaders(['X-Custom', 'a', 'x-custom', 'b', 'Accept', 'application/json'])).toEqual({
      single: { 'X-Custom': 'a', 'x-custom': 'b', Accept: 'application/json' },
      multi: { 'X-Custom': ['a'], 'x-custom': ['b'], Accept: ['application/json'] },
    });
  });

  it('joins a repeated header of the same spelling', () => {
    expect(parseHeaders(['Accept', 'a', 'Accept', 'b'])).toEqual({
      single: { Accept: 'b' },
      multi: { Accept: ['a', 'b'] },
    });
  });
});

describe('isTextBody', () => {
  it('passes JSON, forms and text as text, and anything else as binary', () => {
    expect(isTextBody('application/json; charset=utf-8')).toBe(true);
    expect(isTextBody('application/problem+json')).toBe(true);
    expect(isTextBody('application/x-www-form-urlencoded')).toBe(true);
    expect(isTextBody('text/csv')).toBe(true);
    expect(isTextBody('image/png')).toBe(false);
    expect(isTextBody('application/octet-stream')).toBe(false);
  });
});

function proxyRequest(overrides: Partial<ProxyRequest> = {}): ProxyRequest {
  return {
    method: 'POST',
    path: '/v2/b2b/booking/lounges',
    rawQuery: '',
    rawHeaders: ['Host', '127.0.0.1:8443', 'Content-Type', 'application/json', 'User-Agent', 'test'],
    body: Buffer.from('{"a":1}'),
    resource: '/v2/b2b/booking/lounges',
    pathParameters: null,
    sourceIp: '127.0.0.1',
    clientCert: null,
    stage: 'local',
    requestId: 'request-1',
    now: new Date('2026-03-04T05:06:07.000Z'),
    ...overrides,
  };
}

describe('buildProxyEvent', () => {
  it('builds the REST API proxy event a Lambda receives', () => {
    const event = buildProxyEvent(proxyRequest());

    expect(event).toMatchObject({
      resource: '/v2/b2b/booking/lounges',
      path: '/v2/b2b/booking/lounges',
      httpMethod: 'POST',
      headers: { 'Content-Type': 'application/json', Host: '127.0.0.1:8443' },
      multiValueHeaders: { 'Content-Type': ['application/json'] },
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: null,
      stageVariables: null,
      body: '{"a":1}',
      isBase64Encoded: false,
      requestContext: {
        requestId: 'request-1',
        stage: 'local',
        resourcePath: '/v2/b2b/booking/lounges',
        httpMethod: 'POST',
        path: '/v2/b2b/booking/lounges',
        requestTimeEpoch: Date.parse('2026-03-04T05:06:07.000Z'),
        requestTime: '04/Mar/2026:05:06:07 +0000',
        domainName: '127.0.0.1',
        identity: { sourceIp: '127.0.0.1', userAgent: 'test', clientCert: null },
      },
    });
  });

  it('base64-encodes a body that is not text', () => {
    const event = buildProxyEvent(
      proxyRequest({ rawHeaders: ['Content-Type', 'image/png'], body: Buffer.from([0, 1, 2, 255]) }),
    );

    expect(event.isBase64Encoded).toBe(true);
    expect(event.body).toBe('AAEC/w==');
  });

  it('has a null body when none was sent', () => {
    expect(buildProxyEvent(proxyRequest({ method: 'GET', body: Buffer.alloc(0) })).body).toBeNull();
  });

  it('passes the query and path parameters', () => {
    const event = buildProxyEvent(
      proxyRequest({ rawQuery: 'limit=5&cursor=abc', pathParameters: { bookingID: '42' } }),
    );

    expect(event.queryStringParameters).toEqual({ limit: '5', cursor: 'abc' });
    expect(event.multiValueQueryStringParameters).toEqual({ limit: ['5'], cursor: ['abc'] });
    expect(event.pathParameters).toEqual({ bookingID: '42' });
  });
});

describe('clientCertificateFromPem', () => {
  it('fills the fields API Gateway gives a verified client certificate, DNs in RFC 2253 form', async () => {
    const ca = await createCertificateAuthority('Test CA');
    const keys = await generateKeyPair();
    const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
    const issued = await issueCertificate({
      ca,
      subject: partnerSubject(accountId),
      publicKey: keys.publicKey,
      days: 30,
      usage: 'client',
    });

    const fields = clientCertificateFromPem(issued.certificatePem);

    expect(fields.clientCertPem.trim()).toBe(issued.certificatePem.trim());
    // RFC 2253 lists the RDNs last-first; partnerSubject encodes CN first, so it comes last here.
    expect(fields.subjectDN).toBe(`O=Partner Travel Services,OU=Partners,CN=${accountId}`);
    expect(fields.issuerDN).toBe('CN=Test CA');
    expect(fields.serialNumber).toBe(issued.serialNumber);
    expect(fields.validity.notBefore).toMatch(/^\w{3} [ \d]\d \d\d:\d\d:\d\d \d{4} GMT$/);
    expect(new Date(fields.validity.notAfter).getTime()).toBe(issued.notAfter.getTime());
  });
});
