import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ClientCertificate, EmployeePrincipal, Principal, PrincipalFor } from '../../auth/principal.ts';
import type { MeteringPlan } from '../../domain/quotas/ports.ts';
import type { UnitOfWork } from '../../domain/unit-of-work.ts';
import type {
  RouteBody,
  RouteDefinition,
  RouteHeaders,
  RouteParams,
  RouteQuery,
} from '../../routes/types.ts';

/**
 * The principal a route's implementation receives. A `/v2/admin` implementation also serves the
 * route's employee twin (shared/routes/employee-twins.ts), so it may see an employee as well.
 */
export type RoutePrincipal<R extends RouteDefinition> = R extends { path: `/v2/admin/${string}` }
  ? PrincipalFor<R['auth']> | EmployeePrincipal
  : PrincipalFor<R['auth']>;

export interface ApiRequest<R extends RouteDefinition = RouteDefinition> {
  route: R;
  requestId: string;
  /** The time the request arrived; every timestamp a request writes derives from it. */
  now: Date;
  body: RouteBody<R>;
  query: RouteQuery<R>;
  params: RouteParams<R>;
  headers: RouteHeaders<R>;
  /** Every request header, names in lower case. */
  rawHeaders: Readonly<Record<string, string | undefined>>;
  /** The caller's address as the gateway saw it (`requestContext.identity.sourceIp`), never a header. */
  sourceAddress: string;
  /** Partner, employee or either, as the route's `auth.audiences` accept; null without `auth`. */
  principal: RoutePrincipal<R>;
  clientCertificate: ClientCertificate | null;
  /** Writes staged here commit after the handler returns, with the idempotency record. */
  uow: UnitOfWork;
  idempotencyKey: string | undefined;
  /** The plan the gateway metered this request with; undefined on unmetered routes. */
  usagePlan?: MeteringPlan | undefined;
  /** When the gateway metered it (the UTC day its usage counts in); undefined on unmetered routes. */
  meteredAt?: Date | undefined;
}

export interface ApiResult {
  status: number;
  body?: unknown;
  /** `body` already serialized (a memoized representation): sent as it is, never serialized again. */
  json?: string;
  headers?: Record<string, string>;
  /** A non-JSON body (image, SVG), base64-encoded as API Gateway expects. */
  binary?: { contentType: string; base64: string };
  /** A text body of another type than JSON (an HTML page), sent as it is. */
  text?: { contentType: string; body: string };
}

export type Implementation<R extends RouteDefinition> = (request: ApiRequest<R>) => Promise<ApiResult>;

/** One implementation per route of a function's route module, keyed by operation id. */
export type Implementations<T extends Record<string, RouteDefinition>> = {
  [K in keyof T]: Implementation<T[K]>;
};

/** The API Gateway handler type every function exports. */
export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * A request as the pipeline holds it before the route's own types apply: every part already parsed
 * by the route's schemas, the principal already checked against its audiences. Only the unit of work
 * is missing: each run of the operation gets a fresh one.
 */
export interface ParsedRequest {
  route: RouteDefinition;
  requestId: string;
  now: Date;
  body: unknown;
  query: unknown;
  params: unknown;
  headers: unknown;
  rawHeaders: Readonly<Record<string, string | undefined>>;
  sourceAddress: string;
  principal: Principal | null;
  clientCertificate: ClientCertificate | null;
  idempotencyKey: string | undefined;
  usagePlan?: MeteringPlan | undefined;
  meteredAt?: Date | undefined;
}

/** An implementation with the route's types erased, as the pipeline calls it. */
export type Operation = (request: ParsedRequest & { uow: UnitOfWork }) => Promise<ApiResult>;

/** One run of the operation: a fresh unit of work, and the commit that sends it. */
export interface OperationRun {
  uow: UnitOfWork;
  /** Sends the staged writes (with the idempotency record) and shapes the API Gateway result. */
  commit(result: ApiResult): Promise<APIGatewayProxyResult>;
}
