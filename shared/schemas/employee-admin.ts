import { actorTypes, auditOutcomes } from '../domain/audit/model.ts';
import { accountParams } from './admin.ts';
import { cursorPage, timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

/** An employee id as the identity provider names employees (its `sub`). */
const employeeId = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(255),
    z.regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
  )
  .register(z.globalRegistry, { description: "The employee's id at the identity provider (its `sub`)" });

export const employeeParams = z.strictObject({ employeeID: employeeId });

export const employeeRevocationRequestSchema = z
  .strictObject({
    reason: z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(500))
      .register(z.globalRegistry, { description: 'Why, for the audit log' }),
  })
  .register(z.globalRegistry, { id: 'EmployeeRevocationRequest' });

export const employeeRevocationSchema = z
  .object({
    employee_id: z.string(),
    status: z.enum(['Revoked', 'Reinstated']),
    revoked_at: timestamp,
    revoked_by: z.string(),
    reason: z.string().register(z.globalRegistry, { description: 'The reason given with the revocation' }),
    reinstated_at: z.nullable(timestamp),
    reinstated_by: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'EmployeeRevocation' });

export const addAccountManagerRequestSchema = z
  .strictObject({ employee_id: employeeId })
  .register(z.globalRegistry, { id: 'AddAccountManagerRequest' });

export const accountManagerSchema = z
  .object({
    account_id: uuid,
    employee_id: z.string(),
    assigned_at: timestamp,
    assigned_by: z
      .string()
      .register(z.globalRegistry, { description: 'The employee who made the assignment' }),
  })
  .register(z.globalRegistry, { id: 'AccountManager' });

export const accountManagersPageSchema = cursorPage(accountManagerSchema).register(z.globalRegistry, {
  id: 'AccountManagersPage',
});

export const accountWebhookParams = z.extend(accountParams, { webhookID: uuid });
export const accountDeliveryParams = z.extend(accountWebhookParams, {
  deliveryID: z
    .string()
    .check(z.minLength(1), z.maxLength(128))
    .register(z.globalRegistry, { description: 'The id of the delivered event' }),
});

export const auditRecordSchema = z
  .object({
    id: z.uuid(),
    at: timestamp,
    actor: z.object({
      type: z.enum(actorTypes),
      id: z.nullable(z.string()).register(z.globalRegistry, {
        description: 'Employee id or client_id; null for a login that named nobody',
      }),
      roles: z.array(z.string()),
    }),
    action: z.string().register(z.globalRegistry, {
      description: 'The operation id (`createAccount`, `completeEmployeeLogin`, ...)',
    }),
    target: z.object({ type: z.string(), id: z.nullable(z.string()) }),
    request_id: z.nullable(z.string()),
    outcome: z.enum(auditOutcomes),
    reason: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'Refusals: `no_role`, `identity_provider`' }),
    details: z.record(z.string(), z.unknown()),
  })
  .register(z.globalRegistry, { id: 'AuditRecord' });

export const auditLogPageSchema = cursorPage(auditRecordSchema).register(z.globalRegistry, {
  id: 'AuditLogPage',
});

const filter = z.string().check(z.minLength(1), z.maxLength(255));

/** Every filter is optional; several narrow each other (docs/employees.md, Audit log). */
export const auditLogQuery = z.strictObject({
  actor: z.optional(filter).register(z.globalRegistry, { description: 'Employee id or client_id' }),
  actor_type: z.optional(z.enum(actorTypes)),
  target: z.optional(filter).register(z.globalRegistry, { description: 'Id of the changed record' }),
  target_type: z.optional(filter),
  action: z.optional(filter).register(z.globalRegistry, { description: 'An operation id' }),
  since: z.optional(z.string().check(z.maxLength(64))).register(z.globalRegistry, {
    description: 'A UTC instant (`2026-05-01T00:00:00Z`): records at or after it',
  }),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
});
