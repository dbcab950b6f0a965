import { rateLimitStatusSchema } from '../schemas/quotas.ts';
import { allScopes } from '../vocabulary/scopes.ts';
import { defineRoute } from './types.ts';

const [anyScope, ...otherScopes] = allScopes;

export const quotasRoutes = {
  getRateLimits: defineRoute({
    operationId: 'getRateLimits',
    method: 'GET',
    path: '/v2/b2b/rate-limits',
    hosts: ['api'],
    group: 'quotas',
    tags: ['Rate limits'],
    summary: "The caller's plan and what is left of it",
    description:
      'The numbers of `RateLimit-Policy` and those of `RateLimit` where known: the day from ' +
      "the service's own count, this request included; the burst where the gateway tells it. Any partner " +
      'token may ask, whatever its scopes; the request counts against the plan like any other.',
    // Every scope grants it: a partner token of the account is all it takes.
    auth: { scope: anyScope, alternatives: otherScopes },
    responses: { 200: { description: 'The plan and its current usage', schema: rateLimitStatusSchema } },
  }),
} as const;
