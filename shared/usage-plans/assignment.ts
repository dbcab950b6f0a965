import { config } from '../config/env.ts';
import type { UsagePlanAssigner } from '../domain/quotas/ports.ts';
import { apiGatewayUsagePlans } from './api-gateway.ts';

/**
 * Where an account's plan is enforced: API Gateway's usage plans in AWS; on the local stage the local
 * gateway (infra/local/gateway.ts) reads each account's plan from its record and needs no assignment.
 * A module of its own, apart from reading usage (index.ts): only the admin function, the one granted
 * API Gateway's plans and keys, carries the API Gateway client (test/infra/bundle.test.ts).
 */
const localUsagePlans: UsagePlanAssigner = { assign: async () => undefined };

export function usagePlanAssigner(): UsagePlanAssigner {
  return config().stage === 'local' ? localUsagePlans : apiGatewayUsagePlans;
}
