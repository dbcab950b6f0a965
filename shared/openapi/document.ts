import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { type ErrorCode, errorCatalog } from '../domain/errors.ts';
import { authRoutes } from '../routes/auth.ts';
import { routesForStage } from '../routes/index.ts';
import { type Host, htmlContentType, type RouteDefinition } from '../routes/types.ts';
import { idempotencyKeyHeader, problemSchema } from '../schemas/common.ts';
import { webhookPayloads } from '../schemas/webhooks.ts';
import * as z from '../schemas/zod.ts';
import { problemContentType } from '../vocabulary/media-types.ts';
import {
  applicationScopes,
  employeeOnlyScopes,
  identityScopes,
  type Scope,
  venueDeviceScopes,
} from '../vocabulary/scopes.ts';
import type { Stage } from '../vocabulary/stage.ts';
import { tagDescriptions } from './tags.ts';

export interface DocumentOptions {
  stage: Stage;
  apiBaseUrl: string;
  authBaseUrl: string;
  adminBaseUrl: string;
  venueBaseUrl: string;
}

const requestIdHeader = z
  .string()
  .check(z.maxLength(128))
  .register(z.globalRegistry, { description: 'Echoed when the caller sent one, generated otherwise.' });

/*
 * Response headers and problem answers that many operations share are written once, in
 * `components.headers` and `components.responses`, and referenced: inlined, they made the document
 * nearly 2 MB. A header's `header.id` (zod-openapi) is its component name; each is one schema instance,
 * which is what makes every use a reference to the same component.
 */
const responseHeaders = {
  'X-Request-ID': requestIdHeader.clone().register(z.globalRegistry, { header: { id: 'X-Request-ID' } }),
  'Retry-After': z
    .string()
    .register(z.globalRegistry, { description: 'Seconds', header: { id: 'Retry-After' } }),
  Allow: z.string().register(z.globalRegistry, { header: { id: 'Allow' } }),
  'Idempotency-Key': z.string().register(z.globalRegistry, {
    description: 'Echo of the request header',
    header: { id: 'Idempotency-Key' },
  }),
  'Idempotency-Status': z.enum(['created', 'reused']).register(z.globalRegistry, {
    description: '`reused`: the stored response of the first request with this key',
    header: { id: 'Idempotency-Status' },
  }),
};

/** Every scope, described: a scope added to the vocabulary does not compile until it is. */
const scopeDescriptions: Record<Scope, string> = {
  'catalog.lounges:read': 'Read the lounge catalog (alias catalog.lounges)',
  'catalog.fast_tracks:read': 'Read the fast-track catalog (alias catalog.fast_tracks)',
  'catalog.esim:read': 'Read eSIM tariffs',
  'booking.lounges:write': 'Book lounges (alias booking.lounges)',
  'booking.fast_tracks:write': 'Book fast-tracks (alias booking.fast_tracks)',
  'esim:write': 'Order and top up eSIMs',
  'esim:read': 'Read eSIMs',
  webhooks: 'Manage the webhook subscription',
  'billing:read': 'Read your statements and ledger lines',
  'events:read': "Read your account's events feed (the last 30 days)",
  'identity.account:*': 'Administer accounts (operators; employees with the admin role)',
  'identity.application:*': 'Administer applications (operators; employees with the admin role)',
  'identity.account:read': 'Read accounts and their managers (employees)',
  'identity.application:read': 'Read applications (employees)',
  'admin.catalog:read': 'Read the catalog administration (employees)',
  'admin.catalog:write': 'Edit and publish the catalog (employees)',
  'admin.esim_pools:read': "Read accounts' eSIM pools (employees)",
  'admin.esim_pools:write': 'Load eSIM pools, link resellers (employees)',
  'admin.account_managers:write': 'Assign account managers (employees)',
  'admin.webhook_deliveries:read': "Read any account's webhook subscription and deliveries (employees)",
  'admin.webhook_deliveries:write': "Redeliver any account's webhook events (employees)",
  'admin.audit_log:read': 'Read the audit log (employees)',
  'admin.employees:write': "Revoke and reinstate an employee's access (employees)",
  'admin.redemptions:read': 'Read the redemptions venues recorded, the Disputed ones to settle (employees)',
  'admin.billing:read': "Read any account's statements and lines, and the finance export (employees)",
  'admin.billing:write': 'Write adjustment lines (employees)',
  'admin.requests:read': "Read any account's request log (employees)",
  'admin.venues:write': 'Register venues, their items and devices (operators; employees with the admin role)',
  'admin.venues:read': 'Read venues and their devices (employees)',
  'admin.bookings:read': "Read any account's bookings with their passes and history (employees)",
  'admin.bookings:write': "Cancel any account's bookings (employees)",
  'admin.esims:read': "Read any account's eSIMs (employees)",
  'admin.esims:write': "Suspend and resume any account's eSIMs (employees)",
  'passes:verify': 'Verify a scanned pass (venue devices)',
  'passes:redeem': 'Record and list redemptions (venue devices)',
};

/** Routes the gateway meters by the caller's plan (docs/quotas.md): those that take a token on base_url. */
const isMetered = (route: RouteDefinition) => route.auth !== null && route.hosts.includes('api');

/**
 * The two IETF rate limit fields every metered answer carries. `RateLimit` stays inline: it is the one
 * optional shared header, and openapi-typescript types a referenced header as always present.
 */
const rateLimitHeaders = {
  'RateLimit-Policy': z.string().register(z.globalRegistry, {
    description: 'The plan\'s limits, e.g. `"burst";q=100;w=2, "daily";q=100000;w=86400` (tag Rate limits)',
    header: { id: 'RateLimit-Policy' },
  }),
  RateLimit: z.optional(z.string()).register(z.globalRegistry, {
    // Short: it is repeated in every metered answer (the local stage's `burst` part: docs/quotas.md).
    description:
      'Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms',
  }),
};

/** What a deprecated route answers besides its own headers (docs/versioning.md, shared/http/pipeline/deprecation.ts). */
const deprecationResponseHeaders = {
  Deprecation: z.string().register(z.globalRegistry, {
    description: 'RFC 9745: `@<seconds since the epoch>` of the day the operation was deprecated',
    header: { id: 'Deprecation' },
  }),
  Sunset: z.string().register(z.globalRegistry, {
    description: 'RFC 8594: the HTTP-date after which the operation stops answering',
    header: { id: 'Sunset' },
  }),
  Link: z.string().register(z.globalRegistry, {
    description: 'The deprecation notice, `<url>; rel="deprecation", <url>; rel="sunset"`',
    header: { id: 'Link' },
  }),
};

/** A route only employees call: the admin API, employee tokens, no client certificate. */
const employeeOnly = (route: RouteDefinition) =>
  route.auth !== null && !(route.auth.audiences ?? ['partner']).includes('partner');

/** The scopes each kind of token can carry: what its security scheme declares. */
const schemeScopes = {
  partnerToken: applicationScopes,
  employeeToken: [...identityScopes, ...employeeOnlyScopes],
  deviceToken: venueDeviceScopes,
} as const satisfies Record<string, readonly Scope[]>;

type TokenScheme = keyof typeof schemeScopes;

const tokenSchemeOf = (route: RouteDefinition): TokenScheme =>
  route.auth?.audiences?.includes('device')
    ? 'deviceToken'
    : employeeOnly(route)
      ? 'employeeToken'
      : 'partnerToken';

/**
 * One requirement per accepted scope that the route's kind of token can carry. A route may also accept
 * a scope only another kind holds (an operator route takes `identity.account:read`, an employee scope,
 * for its twin's sake); no token reaching the route carries it, so it is left out rather than named as a
 * scope the scheme does not declare.
 */
function securityOf(route: RouteDefinition) {
  if (!route.auth) return route.hosts.includes('api') ? [{ mutualTLS: [] }] : [];
  const scheme = tokenSchemeOf(route);
  const carried = new Set<Scope>(schemeScopes[scheme]);
  const accepted = [route.auth.scope, ...(route.auth.alternatives ?? [])].filter((scope) =>
    carried.has(scope),
  );
  if (accepted.length === 0)
    throw new Error(`${route.operationId}: no scope it accepts is one a ${scheme} carries`);
  return accepted.map((scope) =>
    scheme === 'partnerToken' ? { mutualTLS: [], partnerToken: [scope] } : { [scheme]: [scope] },
  );
}

/**
 * Who may call, for an operation the route table gives no description: what the security requirements
 * say, in words (the linters, and readers, want every operation described).
 */
function accessDescription(route: RouteDefinition): string {
  if (!route.auth) {
    if (!route.hosts.includes('api')) return 'Public: no token.';
    return route.hosts.length === 1
      ? 'No token; mutual TLS.'
      : 'No token; mutual TLS on the partner API host.';
  }
  const scopes = securityOf(route)
    .flatMap((requirement) => Object.values(requirement).flat())
    .map((scope) => `\`${scope}\``);
  const token = {
    partnerToken: 'A partner access token over mutual TLS',
    employeeToken: 'An employee access token',
    deviceToken: 'A DPoP-bound venue device token',
  }[tokenSchemeOf(route)];
  const needed = scopes.length === 1 ? `the scope ${scopes[0]}` : `one of the scopes ${scopes.join(', ')}`;
  return `${token} with ${needed}${isMetered(route) ? "; counts against the account's plan" : ''}.`;
}

/** The request body as documented: JSON, a form, or the raw file of one of the route's media types. */
function requestContent(spec: NonNullable<RouteDefinition['request']>, body: z.core.$ZodType) {
  if (spec.bodyType === 'binary') {
    return Object.fromEntries(
      (spec.mediaTypes ?? []).map((type) => [
        type,
        { schema: z.string().register(z.globalRegistry, { format: 'binary' }) },
      ]),
    );
  }
  return {
    [spec.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: body },
  };
}

/** Error codes every route can answer, besides its own `errors`. */
function impliedErrors(route: RouteDefinition): ErrorCode[] {
  const codes: ErrorCode[] = ['InternalError', 'ServiceUnavailable'];
  if (route.auth) codes.push('Unauthorized', 'Forbidden');
  if (isMetered(route)) codes.push('RateLimitExceeded');
  if (route.request || route.idempotency) codes.push('ValidationError');
  if (route.request?.body) codes.push('PayloadTooLarge', 'UnsupportedMediaType');
  if (route.idempotency) codes.push('IdempotencyConflict');
  codes.push('MethodNotAllowed');
  return codes;
}

type ProblemResponses = Map<string, ZodOpenApiResponseObject>;

/**
 * The problem answer of one status listing these codes, as a `components.responses` entry: one object
 * per name, so every operation that answers it references the same component.
 */
function problemResponse(
  registered: ProblemResponses,
  status: number,
  codes: ErrorCode[],
  route: { metered: boolean; deprecated: boolean },
): ZodOpenApiResponseObject {
  const { metered, deprecated } = route;
  const id = `Problem${status}${codes.join('Or')}${metered ? 'Metered' : ''}${deprecated ? 'Deprecated' : ''}`;
  const known = registered.get(id);
  if (known) return known;
  const response: ZodOpenApiResponseObject = {
    id,
    description: `Problem: ${codes.join(', ')}${status === 400 ? ' (the body is not parseable JSON)' : ''}`,
    headers: z.object({
      'X-Request-ID': responseHeaders['X-Request-ID'],
      ...(status === 429 || status === 503 ? { 'Retry-After': responseHeaders['Retry-After'] } : {}),
      ...(status === 405 ? { Allow: responseHeaders.Allow } : {}),
      ...(metered ? rateLimitHeaders : {}),
      ...(deprecated ? deprecationResponseHeaders : {}),
    }),
    content: { [problemContentType]: { schema: problemSchema } },
    'x-error-codes': codes,
  };
  registered.set(id, response);
  return response;
}

function errorResponses(
  route: RouteDefinition,
  registered: ProblemResponses,
): ZodOpenApiOperationObject['responses'] {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of [...impliedErrors(route), ...(route.errors ?? [])]) {
    const { status } = errorCatalog[code];
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  if (route.request?.body && route.request.bodyType !== 'form') {
    byStatus.set(400, new Set<ErrorCode>(['ValidationError']));
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (route.responses[status]) continue;
    responses[String(status)] = problemResponse(registered, status, [...codes], {
      metered: isMetered(route),
      deprecated: route.deprecated !== undefined,
    });
  }
  return responses as ZodOpenApiOperationObject['responses'];
}

function successResponses(route: RouteDefinition): ZodOpenApiOperationObject['responses'] {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    const headerShape: Record<string, z.ZodMiniType> = { 'X-Request-ID': responseHeaders['X-Request-ID'] };
    for (const [name, description] of Object.entries(spec.headers ?? {})) {
      headerShape[name] = z.string().register(z.globalRegistry, { description });
    }
    if (isMetered(route)) Object.assign(headerShape, rateLimitHeaders);
    if (route.deprecated) Object.assign(headerShape, deprecationResponseHeaders);
    if (route.idempotency) {
      headerShape['Idempotency-Key'] = responseHeaders['Idempotency-Key'];
      headerShape['Idempotency-Status'] = responseHeaders['Idempotency-Status'];
    }
    const binary = z.string().register(z.globalRegistry, { format: 'binary' });
    const negotiated = Object.fromEntries(
      Object.entries(spec.alternatives ?? {}).map(([type, description]) => [
        type,
        { schema: z.string().register(z.globalRegistry, { description }) },
      ]),
    );
    const content = spec.schema
      ? { [spec.contentType ?? 'application/json']: { schema: spec.schema }, ...negotiated }
      : spec.contentType
        ? { [spec.contentType]: { schema: binary } }
        : undefined;
    responses[status] = {
      description: spec.description,
      headers: z.object(headerShape),
      ...(content ? { content } : {}),
    };
  }
  return responses as ZodOpenApiOperationObject['responses'];
}

/** Browser-facing routes answer every other refusal or failure as a page too. */
const htmlDefault = {
  default: {
    description: 'Any other refusal or failure, as an HTML page',
    content: { [htmlContentType]: { schema: z.string() } },
  },
};

/*
 * Request headers every operation (or every idempotent one) takes are written once, in
 * `components.parameters`, for the same reason: inlined 200 times, they pushed the document past 1 MiB.
 */
const requestHeaders = {
  'X-Request-ID': z
    .optional(requestIdHeader.clone())
    .register(z.globalRegistry, { param: { id: 'X-Request-ID' } }),
  'Idempotency-Key': idempotencyKeyHeader
    .clone()
    .register(z.globalRegistry, { param: { id: 'Idempotency-Key' } }),
  'Idempotency-Key-Optional': z
    .optional(idempotencyKeyHeader.clone())
    .register(z.globalRegistry, { param: { id: 'Idempotency-Key-Optional' } }),
};

function operation(
  route: RouteDefinition,
  options: DocumentOptions,
  problems: ProblemResponses,
): ZodOpenApiOperationObject {
  const spec = route.request ?? {};
  const headerShape: Record<string, z.ZodMiniType> = { 'X-Request-ID': requestHeaders['X-Request-ID'] };
  if (route.idempotency) {
    headerShape['Idempotency-Key'] =
      route.idempotency === 'required'
        ? requestHeaders['Idempotency-Key']
        : requestHeaders['Idempotency-Key-Optional'];
  }
  const headers = spec.headers ? z.extend(spec.headers, headerShape) : z.object(headerShape);
  const baseUrls: Record<Host, string> = {
    api: options.apiBaseUrl,
    auth: options.authBaseUrl,
    admin: options.adminBaseUrl,
    venue: options.venueBaseUrl,
    es2plus: '',
    'esim-page': '',
  };
  const servers = route.hosts.map((host) => ({ url: baseUrls[host] }));
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description ?? accessDescription(route),
    tags: [...route.tags],
    servers,
    security: securityOf(route),
    requestParams: {
      ...(spec.params ? { path: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      header: headers,
    },
    ...(spec.body
      ? {
          requestBody: {
            required: !z.safeParse(spec.body, undefined).success,
            content: requestContent(spec, spec.body),
          },
        }
      : {}),
    responses: {
      ...successResponses(route),
      ...(route.errorFormat === 'oauth'
        ? {}
        : route.errorFormat === 'html'
          ? htmlDefault
          : errorResponses(route, problems)),
    },
    ...(route.deprecated ? { deprecated: true } : {}),
    ...(route.sandboxOnly ? { 'x-sandbox-only': true } : {}),
  } as ZodOpenApiOperationObject;
}

/** The document committed as openapi.json (`npm run openapi`): production, placeholder hosts. */
export const publishedDocumentOptions: DocumentOptions = {
  stage: 'prod',
  apiBaseUrl: 'https://api.partner-travel.example',
  authBaseUrl: 'https://auth.partner-travel.example',
  adminBaseUrl: 'https://admin.partner-travel.example',
  venueBaseUrl: 'https://venue.partner-travel.example',
};

function describeScopes(scopes: readonly Scope[]): Record<string, string> {
  return Object.fromEntries(scopes.map((scope) => [scope, scopeDescriptions[scope]]));
}

/** Hosts whose callers are no partner: the SM-DP+ (ES2+) and the travellers' eSIM page (docs/esim.md). */
const notPartnerHosts: readonly Host[] = ['es2plus', 'esim-page'];
export const isLeftOutOfPartnerDocument = (route: RouteDefinition) =>
  route.hosts.every((host) => notPartnerHosts.includes(host));

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The notifications the service sends, as OpenAPI 3.1 webhooks. They carry no credential a receiver
 * checks (`security: []`): a receiver trusts a notification by its signature headers, documented as
 * its parameters.
 */
function notifications(): ZodOpenApiPathsObject {
  const webhooks = webhookPayloads();
  for (const item of Object.values(webhooks)) {
    for (const method of httpMethods) {
      const notification = item[method];
      if (notification) notification.security ??= [];
    }
  }
  return webhooks;
}

/** Every tag the operations use, in order of first use, with its description where there is one. */
function declaredTags(paths: ZodOpenApiPathsObject, webhooks: ZodOpenApiPathsObject) {
  const names = new Set<string>();
  for (const item of [...Object.values(paths), ...Object.values(webhooks)]) {
    for (const method of httpMethods) for (const tag of item[method]?.tags ?? []) names.add(tag);
  }
  return [...names].map((name) => {
    const description = tagDescriptions[name];
    return description ? { name, description } : { name };
  });
}

/** The OpenAPI 3.1 document, derived from the route table of the stage. */
export function buildOpenApiDocument(
  options: DocumentOptions,
  /** The stage's route table; tests pass fixture routes (a deprecated one, say). */
  routes: readonly RouteDefinition[] = routesForStage(options.stage),
) {
  const paths: ZodOpenApiPathsObject = {};
  const problems: ProblemResponses = new Map();
  // ES2+ is the SM-DP+'s and the eSIM page's read the page's, not a partner's: both stay out of the
  // partner document (docs/esim.md).
  for (const route of routes.filter((candidate) => !isLeftOutOfPartnerDocument(candidate))) {
    paths[route.path] ??= {};
    const item = paths[route.path];
    (item as Record<string, ZodOpenApiOperationObject>)[route.method.toLowerCase()] = operation(
      route,
      options,
      problems,
    );
  }
  const webhooks = notifications();
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Partner Travel Services API',
      version: '1.0.0',
      description:
        'B2B API for lounges, fast-track and eSIM. Mutual TLS on every call to the API host; ' +
        'OAuth 2.0 client-credentials access tokens (ES256 JWT) carry the scopes. Errors are RFC 9457 ' +
        'problem objects (`application/problem+json`) whose `code` names the error: each operation lists the ' +
        'codes it can answer under the status that carries them. Employees sign in with the ' +
        'authorization code flow (PKCE) and call the admin API (`/api/v1/admin/*`, no client certificate), ' +
        'which offers every `/v2/admin/*` operation under the same sub-path plus the employee-only ones.',
      contact: { name: 'Your account manager at Partner Travel Services' },
      // Proprietary: the partner agreement governs use. SPDX's `LicenseRef-` form names a licence that is
      // not on the SPDX list, so the document invents no licence URL.
      license: { name: 'Partner agreement', identifier: 'LicenseRef-Partner-Agreement' },
    },
    servers: [{ url: options.apiBaseUrl, description: 'Partner API (mutual TLS)' }],
    tags: declaredTags(paths, webhooks),
    components: {
      securitySchemes: {
        mutualTLS: { type: 'mutualTLS', description: 'Client certificate issued at account creation.' },
        partnerToken: {
          type: 'oauth2',
          description:
            'ES256 JWT access token (RFC 9068, typ at+jwt) verified against /.well-known/jwks.json.',
          flows: {
            clientCredentials: {
              tokenUrl: `${options.authBaseUrl}${authRoutes.issueToken.path}`,
              scopes: describeScopes(schemeScopes.partnerToken),
            },
          },
        },
        employeeToken: {
          type: 'oauth2',
          description:
            'Employee access token (ES256 JWT, typ at+jwt, aud the admin API, 1 hour) from the login: the ' +
            "stage's identity provider signs the employee in, their groups give the roles and the roles the scopes.",
          flows: {
            authorizationCode: {
              authorizationUrl: `${options.authBaseUrl}${authRoutes.startEmployeeLogin.path}`,
              tokenUrl: `${options.authBaseUrl}${authRoutes.issueToken.path}`,
              scopes: describeScopes(schemeScopes.employeeToken),
            },
          },
        },
        deviceToken: {
          type: 'oauth2',
          description:
            'Venue device token (ES256 JWT, aud the venue API, 1 hour), bound to a DPoP key (RFC 9449): send ' +
            '`Authorization: DPoP <token>` and a fresh `DPoP` proof with `ath`. Got with client credentials, a ' +
            '`private_key_jwt` client assertion (RFC 7523) by the enrolled key and a DPoP proof.',
          flows: {
            clientCredentials: {
              tokenUrl: `${options.authBaseUrl}${authRoutes.issueToken.path}`,
              scopes: describeScopes(schemeScopes.deviceToken),
            },
          },
        },
      },
    },
    paths,
    webhooks,
  });
}
