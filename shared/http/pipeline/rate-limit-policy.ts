import { planFromContext } from '../../auth/usage-authorizer.ts';
import { formatRateLimitPolicy, rateLimitPolicyHeader } from '../../domain/quotas/headers.ts';
import { isPlanName } from '../../domain/quotas/plans.ts';
import type { MeteringPlan } from '../../domain/quotas/ports.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

/** The plan the gateway metered the request with, from its authorizer's context; undefined if none. */
export function meteringPlanOf(
  context: Record<string, unknown> | null | undefined,
): MeteringPlan | undefined {
  const limits = planFromContext(context);
  const name = context?.plan;
  if (!limits || !(name === 'staff' || isPlanName(name))) return undefined;
  return { name, limits };
}

/**
 * `RateLimit-Policy` on every answer to a metered request, successes and errors alike: the plan's
 * numbers reach the Lambda in the authorizer's context (docs/quotas.md, What a response carries).
 * How much of it is left (`RateLimit`) only the gateway knows; the local gateway adds it.
 */
export function rateLimitPolicy(): PipelineMiddleware {
  const rateLimitPolicyBefore = (request: PipelineRequest): void => {
    const plan = meteringPlanOf(request.event.requestContext?.authorizer);
    if (plan) request.internal.usagePlan = plan;
  };

  const rateLimitPolicyAfter = (request: PipelineRequest): void => {
    const { response, internal } = request;
    if (!response || !internal.usagePlan) return;
    response.headers = {
      ...response.headers,
      [rateLimitPolicyHeader]: formatRateLimitPolicy(internal.usagePlan.limits),
    };
  };

  return { before: rateLimitPolicyBefore, after: rateLimitPolicyAfter, onError: rateLimitPolicyAfter };
}
