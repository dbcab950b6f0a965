import { lineKinds, periodPattern, statementStatuses } from '../domain/billing/model.ts';
import { currencyCode } from './catalog.ts';
import { cursorPage, cursorQuery, timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

/** The wire of statements and ledger lines (docs/billing.md). */
const period = z
  .string()
  .check(z.regex(periodPattern, 'a month as YYYY-MM'))
  .register(z.globalRegistry, { description: 'A UTC month, `YYYY-MM`', example: '2026-11' });

const signedAmount = z
  .string()
  .check(z.regex(/^-?\d{1,15}(\.\d{1,4})?$/, 'signed decimal amount'))
  .register(z.globalRegistry, {
    description: 'Signed decimal string in the major unit, with the currency’s decimals',
    example: '-12.50',
  });

export const statementParams = z.strictObject({ period });
export const accountStatementParams = z.strictObject({ accountID: uuid, period });

export const linesQuery = z.strictObject({
  ...cursorQuery.shape,
  kind: z.optional(z.enum(lineKinds)),
});

export const financeQuery = z.strictObject({ ...cursorQuery.shape, period });

export const ledgerLineSchema = z
  .object({
    line_id: uuid,
    period,
    occurred_at: timestamp,
    kind: z.enum(lineKinds),
    description: z.string(),
    amount: signedAmount,
    currency: currencyCode,
    booking_id: z.optional(uuid),
    pass_id: z.optional(uuid),
    redemption_id: z.optional(uuid),
    iccid: z.optional(z.string()),
    order_id: z.optional(uuid),
    package_id: z.optional(uuid),
  })
  .register(z.globalRegistry, {
    id: 'LedgerLine',
    description: 'One chargeable event; immutable. References appear where they apply.',
  });

const totalSchema = z.object({ currency: currencyCode, amount: signedAmount, line_count: z.int() });

export const statementSchema = z
  .object({
    period,
    status: z.enum(statementStatuses),
    totals: z.array(totalSchema).register(z.globalRegistry, {
      description: 'Per currency: the sum of the lines and their count',
    }),
    closed_at: z.nullable(timestamp),
  })
  .register(z.globalRegistry, { id: 'Statement' });

export const accountStatementSchema = z
  .object({ account_id: uuid, ...statementSchema.shape })
  .register(z.globalRegistry, { id: 'AccountStatement' });

export const statementsPageSchema = cursorPage(statementSchema);
export const linesPageSchema = cursorPage(ledgerLineSchema);
export const accountStatementsPageSchema = cursorPage(accountStatementSchema);

export const adjustmentRequestSchema = z
  .strictObject({
    amount: signedAmount,
    currency: currencyCode,
    description: z.string().check(z.minLength(1), z.maxLength(500)),
  })
  .register(z.globalRegistry, { id: 'AdjustmentRequest' });
