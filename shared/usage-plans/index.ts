import { config } from '../config/env.ts';
import type { KnownUsage, MeteringPlan, UsagePlanAssigner, UsageReader } from '../domain/quotas/ports.ts';
import { apiGatewayUsage, apiGatewayUsagePlans } from './api-gateway.ts';

/**
 * Where the rate limit plans are enforced: API Gateway in AWS, the local gateway on the local stage
 * (infra/local/gateway.ts), which reads each account's plan from its record and so needs no
 * assignment.
 */
const localUsagePlans: UsagePlanAssigner = { assign: async () => undefined };

let published: UsageReader | undefined;

/**
 * The local gateway's limiter, published to the functions that run in its process: they read what it
 * counted, as a Lambda in AWS asks API Gateway.
 */
export function publishLocalUsage(reader: UsageReader | undefined): void {
  published = reader;
}

const localUsage: UsageReader = {
  read: (accountId: string, plan: MeteringPlan, now: Date): Promise<KnownUsage> =>
    published ? published.read(accountId, plan, now) : Promise.resolve({}),
};

export function usagePlanAssigner(): UsagePlanAssigner {
  return config().stage === 'local' ? localUsagePlans : apiGatewayUsagePlans;
}

export function usageReader(): UsageReader {
  return config().stage === 'local' ? localUsage : apiGatewayUsage;
}
