import * as z from 'zod';
import { actorTypes, auditOutcomes } from '../domain/audit/model.ts';
import { accountParams } from './admin.ts';
import { cursorPage, lazyView, timestamp, uuid } from './common.ts';

/** An employee id as the identity provider names employees (its `sub`). */
const employeeId = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
  .meta({ description: "The employee's id at the identity provider (its `sub`)" });

export const addAccountManagerRequestSchema = lazyView(() =>
  z.strictObject({ employee_id: employeeId }).meta({ id: 'AddAccountManagerRequest' }),
);

export const accountManagerSchema = lazyView(() =>
  z
    .object({
      account_id: uuid,
      employee_id: z.string(),
      assigned_at: timestamp,
      assigned_by: z.string().meta({ description: 'The employee who made the assignment' }),
    })
    .meta({ id: 'AccountManager' }),
);

export const accountManagersPageSchema = lazyView(() =>
  cursorPage(accountManagerSchema).meta({ id: 'AccountManagersPage' }),
);

export const accountWebhookParams = lazyView(() => accountParams.unwrap().extend({ webhookID: uuid }));
export const accountDeliveryParams = lazyView(() =>
  accountWebhookParams.unwrap().extend({
    deliveryID: z.string().min(1).max(128).meta({ description: 'The id of the delivered event' }),
  }),
);

export const auditRecordSchema = lazyView(() =>
  z
    .object({
      id: z.uuid(),
      at: timestamp,
      actor: z.object({
        type: z.enum(actorTypes),
        id: z
          .string()
          .nullable()
          .meta({ description: 'Employee id or client_id; null for a login that named nobody' }),
        roles: z.array(z.string()),
      }),
      action: z
        .string()
        .meta({ description: 'The operation id (`createAccount`, `completeEmployeeLogin`, ...)' }),
      target: z.object({ type: z.string(), id: z.string().nullable() }),
      request_id: z.string().nullable(),
      outcome: z.enum(auditOutcomes),
      reason: z.string().nullable().meta({ description: 'Refusals: `no_role`, `identity_provider`' }),
      details: z.record(z.string(), z.unknown()),
    })
    .meta({ id: 'AuditRecord' }),
);

export const auditLogPageSchema = lazyView(() => cursorPage(auditRecordSchema).meta({ id: 'AuditLogPage' }));

const filter = z.string().min(1).max(255);

/** Every filter is optional; several narrow each other (docs/employees.md, Audit log). */
export const auditLogQuery = lazyView(() =>
  z.strictObject({
    actor: filter.optional().meta({ description: 'Employee id or client_id' }),
    actor_type: z.enum(actorTypes).optional(),
    target: filter.optional().meta({ description: 'Id of the changed record' }),
    target_type: filter.optional(),
    action: filter.optional().meta({ description: 'An operation id' }),
    since: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'A UTC instant (`2026-05-01T00:00:00Z`): records at or after it' }),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().min(1).max(2048).optional(),
  }),
);
