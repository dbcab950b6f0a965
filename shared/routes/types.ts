import type { ErrorCode } from '../domain/errors.ts';
import type * as z from '../schemas/zod.ts';
import type { Scope } from '../vocabulary/scopes.ts';

export const functionGroups = [
  'auth',
  'meta',
  'admin',
  'audit',
  'catalog',
  'booking',
  'esim',
  'webhooks',
  'sandbox',
  'quotas',
  'requests',
  'catalog-admin',
  'venue',
  'billing',
  'es2plus',
  'events',
  'esim-page',
] as const;
export type FunctionGroup = (typeof functionGroups)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `api` is {base_url} (mutual TLS); `auth` is {auth_url} (token issuing and employee login, no client
 * certificate); `admin` is {admin_url} (the employee admin API, no client certificate); `venue` is
 * {venue_url} (venue devices and the scanner app, DPoP-bound device tokens, no client certificate);
 * `esim-page` is {esim_page_url} (the travellers' eSIM page and its one read, the share link's token only).
 */
export type Host = 'api' | 'auth' | 'admin' | 'venue' | 'es2plus' | 'esim-page';

/**
 * Hosts whose every call carries a client certificate the gateway verified (mutual TLS): the partners'
 * against the partner CA, `es2plus` ({es2plus_url}, the SM-DP+ calling GSMA SGP.22 ES2+) against the
 * SM-DP+'s own CA.
 */
export const mutualTlsHosts: readonly Host[] = ['api', 'es2plus'];

/**
 * Who may call: partner applications (client credentials), employees (admin login) or venue devices
 * (DPoP-bound tokens on the venue host, docs/venues.md).
 */
export type Audience = 'partner' | 'employee' | 'device';

export interface RouteAuth {
  scope: Scope;
  /** Scopes that grant access as well: any one of `scope` and these suffices. */
  alternatives?: readonly Scope[];
  /** Token kinds accepted; partner tokens only unless stated. */
  audiences?: readonly Audience[];
}

/** The declaration of an operation that audits its own changes (RouteDefinition.audit). */
export type SelfAudit = 'self';

/**
 * What a state-changing admin operation changes, for its audit record (docs/employees.md, Audit log):
 * the pipeline writes the record in the transaction of the change, from this declaration alone.
 */
export interface RouteAudit {
  target: {
    /** `account`, `application`, `webhook`, ... */
    type: string;
    /** The path parameter that names the target... */
    param?: string;
    /** ...or, for a create, the field of the 2xx body that does. */
    responseField?: string;
  };
  /** Request body fields worth keeping in the record (each still passes the secret guard). */
  bodyFields?: readonly string[];
}

/** The content type of the pages the browser-facing routes answer (employee login). */
export const htmlContentType = 'text/html; charset=utf-8';

export interface ResponseSpec {
  description: string;
  schema?: z.core.$ZodType;
  /** Non-JSON bodies (images, SVG, HTML pages): the content type documented instead of a schema. */
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * Other media types the same answer comes in, chosen by the request's Accept (content negotiation),
   * each with its description: a text body the implementation answers as `text`.
   */
  alternatives?: Record<string, string>;
}

/** Path, query and header schemas are objects. */
export type ObjectSchema = z.ZodMiniObject;

export type RequestPart = 'params' | 'query' | 'headers' | 'body';

export interface RequestSpec {
  params?: ObjectSchema;
  query?: ObjectSchema;
  headers?: ObjectSchema;
  body?: z.core.$ZodType;
  /**
   * How the body arrives: JSON (default), an HTML form (the OAuth token endpoint) or raw bytes of one
   * of `mediaTypes` (image uploads; API Gateway passes them base64-encoded).
   */
  bodyType?: 'json' | 'form' | 'binary';
  /** The media types a `binary` body may have (415 otherwise); API Gateway's binary media types. */
  mediaTypes?: readonly string[];
}

/**
 * A route on its way out (docs/versioning.md): every answer carries `Deprecation` (RFC 9745), `Sunset`
 * (RFC 8594) and a `Link` to the notice, and the OpenAPI operation is marked `deprecated`.
 */
export interface RouteDeprecation {
  /** The day (`YYYY-MM-DD`, 00:00 UTC) the route is, or was, deprecated; the header may announce it ahead. */
  since: string;
  /** The day it stops answering: at least 6 months after `since` (docs/versioning.md). */
  sunset: string;
  /** The public notice: its entry in the reference site's changelog. */
  link: string;
}

export interface RouteDefinition {
  operationId: string;
  method: HttpMethod;
  /** API Gateway resource path, `{name}` for path parameters. */
  path: string;
  /** Hosts serving the route; a route never reaches a host not listed (no mTLS bypass). */
  hosts: readonly Host[];
  group: FunctionGroup;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** null: no Bearer token (token issuing, JWKS, discovery, the OpenAPI document). */
  auth: RouteAuth | null;
  /**
   * Error body format: RFC 9457 problems, RFC 6749 section 5.2 for the token endpoint, or an HTML page
   * for the operations a browser opens (employee login).
   */
  errorFormat?: 'problem' | 'oauth' | 'html';
  /** Largest accepted request body in bytes (413 above); 64 KiB unless stated. */
  maxBodyBytes?: number;
  /** `required`: creates (docs/contract.md, Idempotency); `optional`: confirm and cancel. */
  idempotency?: 'required' | 'optional';
  /**
   * The operation commits its business writes itself, before the pipeline's own transaction (eSIM
   * confirm and pool load: docs/esim.md). A keyed request then reads the key first, so a used key
   * replays or conflicts without the operation running again; a declared audit record is written on
   * every 2xx, in the pipeline's transaction after the operation's.
   */
  commitsOwnWrites?: true;
  /** Served in local, preview and stage only; never deployed to prod. */
  sandboxOnly?: boolean;
  /** What a successful call creates (`booking`, `esim`): counted in the Creates metric (docs/operations.md). */
  creates?: string;
  /**
   * State-changing admin operations: the audit record the change writes (RouteAudit), staged by the
   * pipeline. `'self'`: the operation stages its own record in the request's unit of work, because its
   * details need what only the use case knows (the catalog administration: the item before and after,
   * docs/catalog-admin.md); the pipeline then writes none, so no change is recorded twice.
   */
  audit?: RouteAudit | SelfAudit;
  /** Marks the route deprecated, with its sunset and notice (RouteDeprecation). */
  deprecated?: RouteDeprecation;
  /** Set on derived routes only: the operation id of the `/v2/admin` route this employee route mirrors. */
  twinOf?: string;
  request?: RequestSpec;
  responses: Record<number, ResponseSpec>;
  /** Error codes the operation itself can answer with (auth and validation errors are implied). */
  errors?: readonly ErrorCode[];
}

export const defineRoute = <const R extends RouteDefinition>(route: R): R => route;

type Infer<T> = T extends z.core.$ZodType ? z.output<T> : undefined;

export type RouteBody<R extends RouteDefinition> = R['request'] extends RequestSpec
  ? Infer<R['request']['body']>
  : undefined;
export type RouteQuery<R extends RouteDefinition> = R['request'] extends RequestSpec
  ? Infer<R['request']['query']>
  : undefined;
export type RouteParams<R extends RouteDefinition> = R['request'] extends RequestSpec
  ? Infer<R['request']['params']>
  : undefined;
export type RouteHeaders<R extends RouteDefinition> = R['request'] extends RequestSpec
  ? Infer<R['request']['headers']>
  : undefined;

/**
 * A route's path with its parameters filled in, each encoded: what a `Location` header or a link in a
 * body names, derived from the route table rather than spelled again.
 */
export function filledPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}
