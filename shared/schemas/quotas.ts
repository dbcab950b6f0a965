import { planSchema } from './admin.ts';
import * as z from './zod.ts';

const policySchema = z
  .object({
    policy: z
      .enum(['burst', 'daily'])
      .register(z.globalRegistry, { description: 'As named in the RateLimit-Policy header' }),
    quota: z.int().register(z.globalRegistry, { description: 'q: requests the policy allows per window' }),
    window_seconds: z.int().register(z.globalRegistry, { description: 'w: the window in seconds' }),
    remaining: z.nullable(z.int()).register(z.globalRegistry, {
      description:
        'r: requests left now; null where unknown: the burst in AWS (the gateway does not tell), the day when ' +
        'its count cannot be read',
    }),
    reset_seconds: z.nullable(z.int()).register(z.globalRegistry, {
      description: 't: seconds until more becomes available; null where unknown',
    }),
  })
  .register(z.globalRegistry, { id: 'RateLimitPolicyStatus' });

export const rateLimitStatusSchema = z
  .object({
    plan: planSchema,
    rate: z.number().register(z.globalRegistry, { description: 'Requests per second that refill the burst' }),
    burst: z.int().register(z.globalRegistry, { description: 'The most requests at once' }),
    daily_quota: z.int().register(z.globalRegistry, { description: 'Requests per UTC day' }),
    policies: z.array(policySchema),
  })
  .register(z.globalRegistry, { id: 'RateLimitStatus' });
