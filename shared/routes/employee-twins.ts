import type { RouteAuth, RouteDefinition } from './types.ts';

/**
 * Every `/v2/admin/*` operation (operator applications, partner tokens over mutual TLS) also exists
 * for employees under `/api/v1/admin/*` with the same sub-path, on the admin host, taking employee
 * tokens only (docs/employees.md). The employee route is derived here and nowhere else, so a route
 * added under `/v2/admin` gets its twin, its handler dispatch, its CDK method, its OpenAPI operation
 * and its sample event without another line.
 */
export const operatorAdminPrefix = '/v2/admin/';
export const employeeAdminPrefix = '/api/v1/admin/';
export const employeeAdminTag = 'Employee admin';

type OperatorAdminPath = `${typeof operatorAdminPrefix}${string}`;

export function isOperatorAdminRoute(route: RouteDefinition): boolean {
  return route.path.startsWith(operatorAdminPrefix);
}

/** `createAccount` -> `employeeCreateAccount`. */
export function employeeTwinId<Id extends string>(operationId: Id): `employee${Capitalize<Id>}` {
  return `employee${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}` as `employee${Capitalize<Id>}`;
}

export type EmployeeTwin<R extends RouteDefinition> = Omit<
  R,
  'operationId' | 'path' | 'hosts' | 'tags' | 'auth' | 'twinOf'
> & {
  operationId: string;
  path: string;
  hosts: readonly ['admin'];
  tags: readonly [typeof employeeAdminTag];
  auth: Omit<RouteAuth, 'audiences'> & { audiences: readonly ['employee'] };
  twinOf: string;
};

/** The employee route of one `/v2/admin` route: same operation, schemas, scopes and audit, employee tokens. */
export function employeeTwin<R extends RouteDefinition>(route: R): EmployeeTwin<R> {
  if (!isOperatorAdminRoute(route))
    throw new Error(`${route.operationId} is not under ${operatorAdminPrefix}`);
  if (!route.auth) throw new Error(`${route.operationId} takes no token: it cannot have an employee twin`);
  const { audiences: _partnerOnly, ...auth } = route.auth;
  return {
    ...route,
    operationId: employeeTwinId(route.operationId),
    path: `${employeeAdminPrefix}${route.path.slice(operatorAdminPrefix.length)}`,
    hosts: ['admin'],
    tags: [employeeAdminTag],
    auth: { ...auth, audiences: ['employee'] },
    twinOf: route.operationId,
  };
}

type OperatorAdminKey<T extends Record<string, RouteDefinition>> = {
  [K in keyof T & string]: T[K] extends { path: OperatorAdminPath } ? K : never;
}[keyof T & string];

export type EmployeeTwins<T extends Record<string, RouteDefinition>> = {
  [K in OperatorAdminKey<T> as `employee${Capitalize<K>}`]: EmployeeTwin<T[K]>;
};

/** The twins of every `/v2/admin` route in `routes`, keyed like their operation ids. */
export function employeeTwinsOf<T extends Record<string, RouteDefinition>>(routes: T): EmployeeTwins<T> {
  const twins: Record<string, RouteDefinition> = {};
  for (const [key, route] of Object.entries(routes)) {
    if (isOperatorAdminRoute(route)) twins[employeeTwinId(key)] = employeeTwin(route);
  }
  return twins as EmployeeTwins<T>;
}
