import { planNames } from '../domain/quotas/plans.ts';
import { applicationScopes } from '../vocabulary/scopes.ts';
import { timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

export const accountStatus = z.enum(['Active', 'Disabled']);

export const planSchema = z.enum(planNames).register(z.globalRegistry, {
  id: 'Plan',
  description:
    'The rate limit plan: a request rate with a burst, and a daily quota (numbers per stage; see GET /v2/b2b/rate-limits).',
});

export const certificateSummarySchema = z
  .object({
    serial_number: z
      .string()
      .register(z.globalRegistry, { description: 'Hex serial of the mTLS client certificate' }),
    fingerprint_sha256: z.string(),
    subject: z.string(),
    not_before: timestamp,
    not_after: timestamp,
  })
  .register(z.globalRegistry, { id: 'CertificateSummary' });

export const accountSchema = z
  .object({
    account_id: uuid,
    name: z.string(),
    kind: z.enum(['partner', 'operator']).register(z.globalRegistry, {
      description: 'Operator accounts may hold applications with the identity (admin) scopes.',
    }),
    status: accountStatus,
    plan: planSchema,
    certificate: certificateSummarySchema,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Account' });

export const createdAccountSchema = z
  .extend(accountSchema, {
    certificate_pem: z.string().register(z.globalRegistry, {
      description: 'The mTLS client certificate (PEM), signed by the partner CA',
    }),
  })
  .register(z.globalRegistry, { id: 'CreatedAccount' });

export const createAccountRequestSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
    csr_pem: z
      .string()
      .check(z.minLength(1), z.maxLength(16384))
      .register(z.globalRegistry, { description: 'PKCS#10 certificate signing request, PEM' }),
  })
  .register(z.globalRegistry, { id: 'CreateAccountRequest' });

export const scopeName = z
  .string()
  .register(z.globalRegistry, { description: `One of: ${applicationScopes.join(', ')} (or an alias)` });

export const applicationSchema = z
  .object({
    client_id: z.string(),
    account_id: uuid,
    name: z.string(),
    allowed_scopes: z.array(z.enum(applicationScopes)),
    status: accountStatus,
    created_at: timestamp,
    updated_at: timestamp,
    secret_rotated_at: z.nullable(timestamp),
  })
  .register(z.globalRegistry, { id: 'Application' });

export const applicationWithSecretSchema = z
  .extend(applicationSchema, {
    client_secret: z
      .string()
      .register(z.globalRegistry, { description: 'Shown once; only a keyed hash is stored.' }),
  })
  .register(z.globalRegistry, { id: 'ApplicationWithSecret' });

export const createApplicationRequestSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
    allowed_scopes: z.array(scopeName).check(z.minLength(1), z.maxLength(32)),
  })
  .register(z.globalRegistry, { id: 'CreateApplicationRequest' });

export const changePlanRequestSchema = z
  .strictObject({ plan: planSchema })
  .register(z.globalRegistry, { id: 'ChangePlanRequest' });

export const certificateSchema = z
  .object({
    serial_number: z
      .string()
      .register(z.globalRegistry, { description: 'Hex serial of the mTLS client certificate (lower case)' }),
    fingerprint_sha256: z.string().register(z.globalRegistry, {
      description: 'SHA-256 over the DER of the certificate, lower-case hex: what every call is matched by',
    }),
    subject: z.string(),
    not_before: timestamp,
    not_after: timestamp,
    status: z.enum(['Active', 'Revoked']),
    created_at: timestamp,
    revoked_at: z.nullable(timestamp),
  })
  .register(z.globalRegistry, { id: 'Certificate' });

export const issuedCertificateSchema = z
  .extend(certificateSchema, {
    certificate_pem: z.string().register(z.globalRegistry, {
      description: 'The mTLS client certificate (PEM), signed by the partner CA',
    }),
  })
  .register(z.globalRegistry, { id: 'IssuedCertificate' });

export const certificateListSchema = z
  .object({ items: z.array(certificateSchema) })
  .register(z.globalRegistry, { id: 'CertificateList' });

export const addCertificateRequestSchema = z
  .strictObject({
    csr_pem: z
      .string()
      .check(z.minLength(1), z.maxLength(16384))
      .register(z.globalRegistry, { description: 'PKCS#10 certificate signing request, PEM' }),
  })
  .register(z.globalRegistry, { id: 'AddCertificateRequest' });

export const accountParams = z.strictObject({ accountID: uuid });
export const certificateParams = z.strictObject({
  accountID: uuid,
  serial: z.string().check(z.regex(/^[0-9a-fA-F]{1,40}$/)),
});
export const applicationParams = z.strictObject({
  accountID: uuid,
  clientID: z.string().check(z.minLength(1), z.maxLength(128)),
});
