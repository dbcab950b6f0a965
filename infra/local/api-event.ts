import { X509Certificate } from 'node:crypto';
import type { APIGatewayEventClientCertificate, APIGatewayProxyEvent } from 'aws-lambda';
import type { RouteDefinition } from '../../shared/routes/types.ts';

/** API Gateway's catch-all resource: every path no route matches reaches the `meta` group through it. */
export const catchAllResource = '/{proxy+}';

export type RouteMatch =
  | { kind: 'operation'; route: RouteDefinition; pathParameters: Record<string, string> }
  /** The path exists with other methods: the group answers 405 with Allow, as its Lambda would. */
  | { kind: 'wrongMethod'; route: RouteDefinition; pathParameters: Record<string, string> }
  | { kind: 'unknown'; pathParameters: { proxy: string } };

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

/** Segment ranks: a literal beats `{param}`, which beats `{greedy+}` (API Gateway's precedence). */
type Rank = 0 | 1 | 2;

function matchTemplate(
  template: string,
  segments: string[],
): { params: Record<string, string>; ranks: Rank[] } | null {
  const parts = splitPath(template);
  const params: Record<string, string> = {};
  const ranks: Rank[] = [];
  for (const [index, part] of parts.entries()) {
    const greedy = /^\{(\w+)\+\}$/.exec(part);
    if (greedy?.[1]) {
      const rest = segments.slice(index);
      if (rest.length === 0 || rest.some((segment) => segment === '')) return null;
      params[greedy[1]] = rest.map(decodeSegment).join('/');
      ranks.push(2);
      return { params, ranks };
    }
    const segment = segments[index];
    if (segment === undefined || segment === '') return null;
    const param = /^\{(\w+)\}$/.exec(part);
    if (param?.[1]) {
      params[param[1]] = decodeSegment(segment);
      ranks.push(1);
    } else if (part === segment) {
      ranks.push(0);
    } else {
      return null;
    }
  }
  return parts.length === segments.length ? { params, ranks } : null;
}

function moreSpecific(a: Rank[], b: Rank[]): boolean {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const left = a[index] ?? 0;
    const right = b[index] ?? 0;
    if (left !== right) return left < right;
  }
  return a.length > b.length;
}

/** Resolves a request path against the routes one host serves, the way API Gateway picks a resource. */
export function matchRoute(routes: readonly RouteDefinition[], method: string, path: string): RouteMatch {
  const segments = splitPath(path);
  let best: { template: string; params: Record<string, string>; ranks: Rank[] } | undefined;
  for (const template of new Set(routes.map((route) => route.path))) {
    const match = matchTemplate(template, segments);
    if (match && (!best || moreSpecific(match.ranks, best.ranks))) best = { template, ...match };
  }
  if (!best) return { kind: 'unknown', pathParameters: { proxy: segments.map(decodeSegment).join('/') } };
  const template = best.template;
  const sameResource = routes.filter((route) => route.path === template);
  const route = sameResource.find((candidate) => candidate.method === method);
  if (route) return { kind: 'operation', route, pathParameters: best.params };
  return { kind: 'wrongMethod', route: sameResource[0] as RouteDefinition, pathParameters: best.params };
}

/** `?a=1&a=2&b` as API Gateway REST splits it: the last value, and every value. */
export function parseQuery(rawQuery: string): {
  single: Record<string, string> | null;
  multi: Record<string, string[]> | null;
} {
  const multi: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    multi[key] ??= [];
    multi[key].push(value);
  }
  const keys = Object.keys(multi);
  if (keys.length === 0) return { single: null, multi: null };
  const single = Object.fromEntries(keys.map((key) => [key, multi[key]?.at(-1) ?? '']));
  return { single, multi };
}

/** Node's `rawHeaders` ([name, value, name, value, ...]) with the names in their original case. */
export function parseHeaders(rawHeaders: readonly string[]): {
  single: Record<string, string>;
  multi: Record<string, string[]>;
} {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index] as string;
    const value = rawHeaders[index + 1] as string;
    single[name] = value;
    multi[name] ??= [];
    multi[name].push(value);
  }
  return { single, multi };
}

/** RFC 2253: the RDNs of the certificate in reverse ASN.1 order, comma separated. */
function rfc2253(name: string): string {
  return name.split('\n').filter(Boolean).reverse().join(',');
}

/** `requestContext.identity.clientCert` as API Gateway fills it after a successful mTLS handshake. */
export function clientCertificateFields(certificate: X509Certificate): APIGatewayEventClientCertificate {
  return {
    clientCertPem: certificate.toString(),
    subjectDN: rfc2253(certificate.subject),
    issuerDN: rfc2253(certificate.issuer),
    serialNumber: certificate.serialNumber.toLowerCase(),
    validity: { notBefore: certificate.validFrom, notAfter: certificate.validTo },
  };
}

export function clientCertificateFromPem(pem: string): APIGatewayEventClientCertificate {
  return clientCertificateFields(new X509Certificate(pem));
}

const textContentType = /^(text\/|application\/([\w.+-]*\+)?(json|xml|x-www-form-urlencoded|javascript)\b)/i;

/** Bodies API Gateway passes as text; anything else arrives base64-encoded with isBase64Encoded. */
export function isTextBody(contentType: string | undefined): boolean {
  return contentType === undefined || textContentType.test(contentType.trim());
}

export interface ProxyRequest {
  method: string;
  /** The request path as sent, without the query string. */
  path: string;
  rawQuery: string;
  rawHeaders: readonly string[];
  body: Buffer;
  resource: string;
  pathParameters: Record<string, string> | null;
  sourceIp: string;
  clientCert: APIGatewayEventClientCertificate | null;
  stage: string;
  requestId: string;
  now: Date;
}

function requestTime(now: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${two(now.getUTCDate())}/${months[now.getUTCMonth()]}/${now.getUTCFullYear()}:` +
    `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())} +0000`
  );
}

/** The REST API (v1) proxy integration event a Lambda behind API Gateway receives. */
export function buildProxyEvent(request: ProxyRequest): APIGatewayProxyEvent {
  const headers = parseHeaders(request.rawHeaders);
  const query = parseQuery(request.rawQuery);
  const contentType = Object.entries(headers.single).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1];
  const hasBody = request.body.length > 0;
  const binary = hasBody && !isTextBody(contentType);
  const host =
    Object.entries(headers.single).find(([name]) => name.toLowerCase() === 'host')?.[1] ?? 'localhost';
  const userAgent = Object.entries(headers.single).find(([name]) => name.toLowerCase() === 'user-agent')?.[1];
  return {
    resource: request.resource,
    path: request.path,
    httpMethod: request.method,
    headers: headers.single,
    multiValueHeaders: headers.multi,
    queryStringParameters: query.single,
    multiValueQueryStringParameters: query.multi,
    pathParameters: request.pathParameters,
    stageVariables: null,
    body: hasBody ? request.body.toString(binary ? 'base64' : 'utf8') : null,
    isBase64Encoded: binary,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: undefined,
      domainName: host.replace(/:\d+$/, ''),
      domainPrefix: host.split('.')[0]?.replace(/:\d+$/, '') ?? host,
      extendedRequestId: request.requestId,
      httpMethod: request.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: request.clientCert,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp,
        user: null,
        userAgent: userAgent ?? null,
        userArn: null,
      },
      path: request.path,
      protocol: 'HTTP/1.1',
      requestId: request.requestId,
      requestTime: requestTime(request.now),
      requestTimeEpoch: request.now.getTime(),
      resourceId: 'local',
      resourcePath: request.resource,
      stage: request.stage,
    },
  };
}
