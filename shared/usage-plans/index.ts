import { config } from '../config/env.ts';
import type { KnownUsage, MeteringPlan, UsageReader } from '../domain/quotas/ports.ts';

/*
 * What the gateway counted of an account's plan: the local gateway's limiter on the local stage
 * (infra/local/gateway.ts); nothing in AWS (below). Assigning plans is assignment.ts.
 */

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

/**
 * API Gateway tells nothing of an account's burst bucket; the day's usage comes from the service's own
 * count (daily-usage.ts) on every stage.
 */
const awsUsage: UsageReader = { read: () => Promise.resolve({}) };

export function usageReader(): UsageReader {
  return config().stage === 'local' ? localUsage : awsUsage;
}
