import type { Stage } from '../vocabulary/stage.ts';
import { adminRoutes } from './admin.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { billingRoutes } from './billing.ts';
import { bookingRoutes } from './booking.ts';
import { catalogRoutes } from './catalog.ts';
import { catalogAdminRoutes } from './catalog-admin.ts';
import { employeeAdminRoutes } from './employee-admin.ts';
import { employeeTwinsOf } from './employee-twins.ts';
import { es2plusRoutes } from './es2plus.ts';
import { esimRoutes } from './esim.ts';
import { esimAdminRoutes } from './esim-admin.ts';
import { esimPageRoutes } from './esim-page.ts';
import { esimSandboxRoutes } from './esim-sandbox.ts';
import { eventsRoutes } from './events.ts';
import { metaRoutes } from './meta.ts';
import { quotasRoutes } from './quotas.ts';
import { requestsRoutes } from './requests.ts';
import { sandboxRoutes } from './sandbox.ts';
import { supportRoutes } from './support.ts';
import type { FunctionGroup, RouteDefinition } from './types.ts';
import { venueRoutes } from './venue.ts';
import { venueAdminRoutes } from './venues-admin.ts';
import { webhooksRoutes } from './webhooks.ts';

/** Every route written by hand, each once. */
const declaredRoutes = {
  ...authRoutes,
  ...metaRoutes,
  ...adminRoutes,
  ...employeeAdminRoutes,
  ...auditRoutes,
  ...bookingRoutes,
  ...sandboxRoutes,
  ...catalogRoutes,
  ...catalogAdminRoutes,
  ...webhooksRoutes,
  ...esimRoutes,
  ...esimAdminRoutes,
  ...esimSandboxRoutes,
  ...es2plusRoutes,
  ...esimPageRoutes,
  ...quotasRoutes,
  ...requestsRoutes,
  ...venueAdminRoutes,
  ...venueRoutes,
  ...billingRoutes,
  ...supportRoutes,
  ...eventsRoutes,
} as const satisfies Record<string, RouteDefinition>;

/**
 * The single source of truth: CDK, the local gateway, scope checks and OpenAPI all read this. The
 * employee twin of every `/v2/admin` route is derived, never written (shared/routes/employee-twins.ts).
 */
export const routes = {
  ...declaredRoutes,
  ...employeeTwinsOf(declaredRoutes),
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type OperationId = keyof Routes;

export const routeList: readonly RouteDefinition[] = Object.values(routes);

export type RoutesOfGroup<G extends FunctionGroup> = {
  [K in OperationId as Routes[K]['group'] extends G ? K : never]: Routes[K];
};

/** Routes deployed on a stage: sandbox operations never reach prod. */
export function routesForStage(stage: Stage): RouteDefinition[] {
  return routeList.filter((route) => !(route.sandboxOnly && stage === 'prod'));
}

export function routesOfGroup(group: FunctionGroup): RouteDefinition[] {
  return routeList.filter((route) => route.group === group);
}

/** Groups that have at least one route deployed on the stage (one Lambda each). */
export function groupsForStage(stage: Stage): FunctionGroup[] {
  return [...new Set(routesForStage(stage).map((route) => route.group))];
}
