import * as z from 'zod';
import { planSchema } from './admin.ts';
import { lazyView } from './common.ts';

const policySchema = lazyView(() =>
  z
    .object({
      policy: z.enum(['burst', 'daily']).meta({ description: 'As named in the RateLimit-Policy header' }),
      quota: z.int().meta({ description: 'q: requests the policy allows per window' }),
      window_seconds: z.int().meta({ description: 'w: the window in seconds' }),
      remaining: z
        .int()
        .nullable()
        .meta({
          description:
            'r: requests left now; null where unknown: the burst in AWS (the gateway does not tell), the day when ' +
            'its count cannot be read',
        }),
      reset_seconds: z
        .int()
        .nullable()
        .meta({ description: 't: seconds until more becomes available; null where unknown' }),
    })
    .meta({ id: 'RateLimitPolicyStatus' }),
);

export const rateLimitStatusSchema = lazyView(() =>
  z
    .object({
      plan: planSchema,
      rate: z.number().meta({ description: 'Requests per second that refill the burst' }),
      burst: z.int().meta({ description: 'The most requests at once' }),
      daily_quota: z.int().meta({ description: 'Requests per UTC day' }),
      policies: z.array(policySchema),
    })
    .meta({ id: 'RateLimitStatus' }),
);
