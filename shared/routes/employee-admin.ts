import { accountParams, accountSchema } from '../schemas/admin.ts';
import { cursorQuery } from '../schemas/common.ts';
import {
  accountDeliveryParams,
  accountManagerSchema,
  accountManagersPageSchema,
  accountWebhookParams,
  addAccountManagerRequestSchema,
  employeeParams,
  employeeRevocationRequestSchema,
  employeeRevocationSchema,
} from '../schemas/employee-admin.ts';
import { disputedRedemptionsPageSchema, disputedRedemptionsQuery } from '../schemas/redemptions.ts';
import {
  deliveriesPageSchema,
  deliveriesQuery,
  deliverySchema,
  webhookListSchema,
} from '../schemas/webhooks.ts';
import { employeeAdminTag } from './employee-twins.ts';
import { defineRoute } from './types.ts';

/*
 * Operations only employees have (docs/employees.md): on the admin host, employee tokens only. The
 * `/v2/admin` operations reach employees through their derived twins (shared/routes/employee-twins.ts).
 */
const employeeOnly = { audiences: ['employee'] } as const;
const common = { hosts: ['admin'], group: 'admin', tags: [employeeAdminTag] } as const;
const account = '/api/v1/admin/accounts/{accountID}' as const;
const employee = '/api/v1/admin/employees/{employeeID}' as const;

export const employeeAdminRoutes = {
  enableAccount: defineRoute({
    ...common,
    operationId: 'enableAccount',
    method: 'POST',
    path: `${account}/enable`,
    summary: 'Enable a disabled account: its active applications get tokens again',
    description: 'Enabling an Active account: 409 AccountInvalidState.',
    auth: { scope: 'identity.account:*', ...employeeOnly },
    audit: { target: { type: 'account', param: 'accountID' } },
    request: { params: accountParams },
    responses: { 200: { description: 'The enabled account', schema: accountSchema } },
    errors: ['ResourceNotFound', 'AccountInvalidState'],
  }),
  addAccountManager: defineRoute({
    ...common,
    operationId: 'addAccountManager',
    method: 'POST',
    path: `${account}/managers`,
    summary: 'Assign an employee to manage a partner account',
    description: 'The same employee twice: 409 AlreadyCompanyMember.',
    auth: { scope: 'admin.account_managers:write', ...employeeOnly },
    audit: { target: { type: 'account', param: 'accountID' }, bodyFields: ['employee_id'] },
    request: { params: accountParams, body: addAccountManagerRequestSchema },
    responses: {
      201: {
        description: 'Assigned',
        schema: accountManagerSchema,
        headers: { Location: 'The managers of the account' },
      },
    },
    errors: ['ResourceNotFound', 'AlreadyCompanyMember'],
  }),
  listAccountManagers: defineRoute({
    ...common,
    operationId: 'listAccountManagers',
    method: 'GET',
    path: `${account}/managers`,
    summary: "List the account's managers, in the order they were assigned",
    auth: { scope: 'identity.account:read', alternatives: ['identity.account:*'], ...employeeOnly },
    request: { params: accountParams, query: cursorQuery },
    responses: { 200: { description: 'A page of managers', schema: accountManagersPageSchema } },
    errors: ['ResourceNotFound'],
  }),
  listAccountWebhooks: defineRoute({
    ...common,
    operationId: 'listAccountWebhooks',
    method: 'GET',
    path: `${account}/webhooks`,
    summary: "Read any account's webhook subscription (0 or 1)",
    description: 'The subscription as its partner sees it; the signing secret is never returned.',
    auth: { scope: 'admin.webhook_deliveries:read', ...employeeOnly },
    request: { params: accountParams },
    responses: { 200: { description: 'The subscription, if any', schema: webhookListSchema } },
    errors: ['ResourceNotFound'],
  }),
  listAccountWebhookDeliveries: defineRoute({
    ...common,
    operationId: 'listAccountWebhookDeliveries',
    method: 'GET',
    path: `${account}/webhooks/{webhookID}/deliveries`,
    summary: "List any account's webhook deliveries, newest event first, each with its attempts",
    auth: { scope: 'admin.webhook_deliveries:read', ...employeeOnly },
    request: { params: accountWebhookParams, query: deliveriesQuery },
    responses: { 200: { description: 'A page of deliveries', schema: deliveriesPageSchema } },
    errors: ['ResourceNotFound', 'WebhookNotFound'],
  }),
  redeliverAccountWebhookDelivery: defineRoute({
    ...common,
    operationId: 'redeliverAccountWebhookDelivery',
    method: 'POST',
    path: `${account}/webhooks/{webhookID}/deliveries/{deliveryID}/redeliver`,
    summary: 'Send an event to a partner again',
    description:
      'What the partner’s own redeliver does, for a partner who asks support after an outage: the event is ' +
      'queued again with the same id on a fresh retry schedule. The subscription must be Active ' +
      '(409 WebhookInvalidState).',
    auth: { scope: 'admin.webhook_deliveries:write', ...employeeOnly },
    audit: { target: { type: 'webhook_delivery', param: 'deliveryID' } },
    request: { params: accountDeliveryParams },
    responses: { 202: { description: 'Queued', schema: deliverySchema } },
    errors: ['ResourceNotFound', 'WebhookNotFound', 'WebhookInvalidState'],
  }),
  listRedemptions: defineRoute({
    ...common,
    operationId: 'listRedemptions',
    method: 'GET',
    path: '/api/v1/admin/redemptions',
    summary: 'List Disputed redemptions, newest first: passes canceled after a venue scanned them offline',
    description:
      '`status` is required and only `Disputed` is listed: the guests were admitted, the booking canceled ' +
      'before the scan reached the service. Each names the partner account.',
    auth: { scope: 'admin.redemptions:read', ...employeeOnly },
    request: { query: disputedRedemptionsQuery },
    responses: { 200: { description: 'A page of redemptions', schema: disputedRedemptionsPageSchema } },
  }),
  revokeEmployee: defineRoute({
    ...common,
    operationId: 'revokeEmployee',
    method: 'POST',
    path: `${employee}/revoke`,
    summary: 'Cut an employee off: their tokens are refused within 60 s, and their login until reinstated',
    description:
      'Revoking a revoked employee: 409 EmployeeInvalidState. An admin cannot revoke themselves: 422 ' +
      'ValidationError on path.employeeID. Any id is accepted (the service keeps no employee directory).',
    auth: { scope: 'admin.employees:write', ...employeeOnly },
    audit: { target: { type: 'employee', param: 'employeeID' }, bodyFields: ['reason'] },
    request: { params: employeeParams, body: employeeRevocationRequestSchema },
    responses: { 200: { description: 'The revocation', schema: employeeRevocationSchema } },
    errors: ['EmployeeInvalidState'],
  }),
  reinstateEmployee: defineRoute({
    ...common,
    operationId: 'reinstateEmployee',
    method: 'POST',
    path: `${employee}/reinstate`,
    summary: 'Lift a revocation: the employee may sign in again',
    description:
      'Tokens issued before the revocation stay refused. An employee who is not revoked: 409 EmployeeInvalidState.',
    auth: { scope: 'admin.employees:write', ...employeeOnly },
    audit: { target: { type: 'employee', param: 'employeeID' }, bodyFields: ['reason'] },
    request: { params: employeeParams, body: employeeRevocationRequestSchema },
    responses: { 200: { description: 'The lifted revocation', schema: employeeRevocationSchema } },
    errors: ['EmployeeInvalidState'],
  }),
} as const;
