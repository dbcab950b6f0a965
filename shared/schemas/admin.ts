import * as z from 'zod';
import { applicationScopes } from '../auth/scopes.ts';
import { planNames } from '../domain/quotas/plans.ts';
import { lazyView, timestamp, uuid } from './common.ts';

export const accountStatus = z.enum(['Active', 'Disabled']);

export const planSchema = z.enum(planNames).meta({
  id: 'Plan',
  description:
    'The rate limit plan: a request rate with a burst, and a daily quota (numbers per stage; see GET /v2/b2b/rate-limits).',
});

export const certificateSummarySchema = lazyView(() =>
  z
    .object({
      serial_number: z.string().meta({ description: 'Hex serial of the mTLS client certificate' }),
      fingerprint_sha256: z.string(),
      subject: z.string(),
      not_before: timestamp,
      not_after: timestamp,
    })
    .meta({ id: 'CertificateSummary' }),
);

export const accountSchema = lazyView(() =>
  z
    .object({
      account_id: uuid,
      name: z.string(),
      kind: z.enum(['partner', 'operator']).meta({
        description: 'Operator accounts may hold applications with the identity (admin) scopes.',
      }),
      status: accountStatus,
      plan: planSchema,
      certificate: certificateSummarySchema,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .meta({ id: 'Account' }),
);

export const createdAccountSchema = lazyView(() =>
  accountSchema
    .unwrap()
    .extend({
      certificate_pem: z
        .string()
        .meta({ description: 'The mTLS client certificate (PEM), signed by the partner CA' }),
    })
    .meta({ id: 'CreatedAccount' }),
);

export const createAccountRequestSchema = lazyView(() =>
  z
    .strictObject({
      name: z.string().trim().min(1).max(255),
      csr_pem: z.string().min(1).max(16384).meta({ description: 'PKCS#10 certificate signing request, PEM' }),
    })
    .meta({ id: 'CreateAccountRequest' }),
);

export const scopeName = z
  .string()
  .meta({ description: `One of: ${applicationScopes.join(', ')} (or an alias)` });

export const applicationSchema = lazyView(() =>
  z
    .object({
      client_id: z.string(),
      account_id: uuid,
      name: z.string(),
      allowed_scopes: z.array(z.enum(applicationScopes)),
      status: accountStatus,
      created_at: timestamp,
      updated_at: timestamp,
      secret_rotated_at: timestamp.nullable(),
    })
    .meta({ id: 'Application' }),
);

export const applicationWithSecretSchema = lazyView(() =>
  applicationSchema
    .unwrap()
    .extend({ client_secret: z.string().meta({ description: 'Shown once; only a keyed hash is stored.' }) })
    .meta({ id: 'ApplicationWithSecret' }),
);

export const createApplicationRequestSchema = lazyView(() =>
  z
    .strictObject({
      name: z.string().trim().min(1).max(255),
      allowed_scopes: z.array(scopeName).min(1).max(32),
    })
    .meta({ id: 'CreateApplicationRequest' }),
);

export const changePlanRequestSchema = lazyView(() =>
  z.strictObject({ plan: planSchema }).meta({ id: 'ChangePlanRequest' }),
);

export const accountParams = lazyView(() => z.strictObject({ accountID: uuid }));
export const applicationParams = lazyView(() =>
  z.strictObject({ accountID: uuid, clientID: z.string().min(1).max(128) }),
);
