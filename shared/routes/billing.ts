import { accountParams } from '../schemas/admin.ts';
import {
  accountStatementParams,
  accountStatementsPageSchema,
  adjustmentRequestSchema,
  financeQuery,
  ledgerLineSchema,
  linesPageSchema,
  linesQuery,
  statementParams,
  statementSchema,
  statementsPageSchema,
} from '../schemas/billing.ts';
import { cursorQuery } from '../schemas/common.ts';
import { employeeAdminTag } from './employee-twins.ts';
import { defineRoute, type RouteAuth } from './types.ts';

/** The CSV form of a list, negotiated with `Accept: text/csv` (RFC 4180, header row). */
export const csvContentType = 'text/csv; charset=utf-8; header=present';

const partner = { hosts: ['api'], group: 'billing', tags: ['Billing'] } as const;
const employee = { hosts: ['admin'], group: 'billing', tags: [employeeAdminTag] } as const;
// Kept literal (no audiences): partner tokens only, so the handlers receive a PartnerPrincipal.
const partnerRead = { scope: 'billing:read' } as const satisfies RouteAuth;
const employeeRead = {
  scope: 'admin.billing:read',
  alternatives: ['admin.billing:write'],
  audiences: ['employee'],
} as const satisfies RouteAuth;
const employeeWrite = { scope: 'admin.billing:write', audiences: ['employee'] } as const satisfies RouteAuth;

const statements = '/v2/b2b/billing/statements';
const accountBilling = '/api/v1/admin/accounts/{accountID}/billing';

const periodRule =
  'A month without lines is answered Open with empty totals while it is the current UTC month; any other ' +
  'month without lines is 404 ResourceNotFound.';
const csvRule =
  'With `Accept: text/csv` the whole period comes as RFC 4180 CSV (header row, the fields of a line, one row ' +
  'per line; `kind` still filters, `limit` and `cursor` are ignored). Any other Accept answers JSON.';

/** Statements and ledger lines (docs/billing.md): the partner's own, and any account's for employees. */
export const billingRoutes = {
  listStatements: defineRoute({
    ...partner,
    operationId: 'listStatements',
    method: 'GET',
    path: statements,
    summary: 'List your monthly statements, newest first',
    description: 'Months with at least one ledger line.',
    auth: partnerRead,
    request: { query: cursorQuery },
    responses: { 200: { description: 'A page of statements', schema: statementsPageSchema } },
  }),
  getStatement: defineRoute({
    ...partner,
    operationId: 'getStatement',
    method: 'GET',
    path: `${statements}/{period}`,
    summary: "Read one month's statement",
    description: periodRule,
    auth: partnerRead,
    request: { params: statementParams },
    responses: { 200: { description: 'The statement', schema: statementSchema } },
    errors: ['ResourceNotFound'],
  }),
  listStatementLines: defineRoute({
    ...partner,
    operationId: 'listStatementLines',
    method: 'GET',
    path: `${statements}/{period}/lines`,
    summary: "List a month's ledger lines in the order they were written",
    description: csvRule,
    auth: partnerRead,
    request: { params: statementParams, query: linesQuery },
    responses: {
      200: {
        description: 'A page of lines, or every line as CSV',
        schema: linesPageSchema,
        alternatives: { [csvContentType]: 'Every line of the period (Accept: text/csv)' },
      },
    },
  }),
  employeeListStatements: defineRoute({
    ...employee,
    operationId: 'employeeListStatements',
    method: 'GET',
    path: `${accountBilling}/statements`,
    summary: "List an account's monthly statements, newest first",
    auth: employeeRead,
    request: { params: accountParams, query: cursorQuery },
    responses: { 200: { description: 'A page of statements', schema: statementsPageSchema } },
    errors: ['ResourceNotFound'],
  }),
  employeeGetStatement: defineRoute({
    ...employee,
    operationId: 'employeeGetStatement',
    method: 'GET',
    path: `${accountBilling}/statements/{period}`,
    summary: "Read one month's statement of an account",
    description: periodRule,
    auth: employeeRead,
    request: { params: accountStatementParams },
    responses: { 200: { description: 'The statement', schema: statementSchema } },
    errors: ['ResourceNotFound'],
  }),
  employeeListStatementLines: defineRoute({
    ...employee,
    operationId: 'employeeListStatementLines',
    method: 'GET',
    path: `${accountBilling}/statements/{period}/lines`,
    summary: "List a month's ledger lines of an account",
    description: csvRule,
    auth: employeeRead,
    request: { params: accountStatementParams, query: linesQuery },
    responses: {
      200: {
        description: 'A page of lines, or every line as CSV',
        schema: linesPageSchema,
        alternatives: { [csvContentType]: 'Every line of the period (Accept: text/csv)' },
      },
    },
    errors: ['ResourceNotFound'],
  }),
  createAdjustment: defineRoute({
    ...employee,
    operationId: 'createAdjustment',
    method: 'POST',
    path: `${accountBilling}/adjustments`,
    summary: "Write an adjustment line on an account's open statement",
    description:
      'Any sign but zero, with the currency’s decimals (else 422 on body.amount). The line goes to the month ' +
      'of now, or the open month after it when that one is closed.',
    auth: employeeWrite,
    idempotency: 'required',
    audit: {
      target: { type: 'account', param: 'accountID' },
      bodyFields: ['amount', 'currency', 'description'],
    },
    request: { params: accountParams, body: adjustmentRequestSchema },
    responses: { 201: { description: 'The adjustment line', schema: ledgerLineSchema } },
    errors: ['ResourceNotFound'],
  }),
  listPeriodStatements: defineRoute({
    ...employee,
    operationId: 'listPeriodStatements',
    method: 'GET',
    path: '/api/v1/admin/billing/statements',
    summary: "Every account's statement of one month (the finance export)",
    description:
      'Pages follow the accounts (newest first); accounts without lines that month are left out, so a page ' +
      'may hold fewer than `limit`. With `Accept: text/csv` the whole month as RFC 4180 CSV, one row per ' +
      'account and currency.',
    auth: employeeRead,
    request: { query: financeQuery },
    responses: {
      200: {
        description: 'A page of statements, or all of them as CSV',
        schema: accountStatementsPageSchema,
        alternatives: { [csvContentType]: 'Every statement of the month (Accept: text/csv)' },
      },
    },
  }),
} as const;
