import type { LedgerLine, Statement } from '../../domain/billing/model.ts';
import { totalsData } from '../../domain/billing/service.ts';
import { formatMoney } from '../../domain/money/money.ts';

/** A ledger line on the wire: references only where they apply. */
export function ledgerLineView(line: LedgerLine) {
  return {
    line_id: line.lineId,
    period: line.period,
    occurred_at: line.occurredAt,
    kind: line.kind,
    description: line.description,
    ...formatMoney(line.amount),
    ...(line.bookingId ? { booking_id: line.bookingId } : {}),
    ...(line.passId ? { pass_id: line.passId } : {}),
    ...(line.redemptionId ? { redemption_id: line.redemptionId } : {}),
    ...(line.iccid ? { iccid: line.iccid } : {}),
    ...(line.orderId ? { order_id: line.orderId } : {}),
    ...(line.packageId ? { package_id: line.packageId } : {}),
  };
}

export function statementView(statement: Statement) {
  return {
    period: statement.period,
    status: statement.status,
    totals: totalsData(statement),
    closed_at: statement.closedAt,
  };
}

export function accountStatementView(statement: Statement) {
  return { account_id: statement.accountId, ...statementView(statement) };
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 rows: CRLF after every record, the header included. */
export function csv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
) {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

const lineColumns = [
  'line_id',
  'period',
  'occurred_at',
  'kind',
  'description',
  'amount',
  'currency',
  'booking_id',
  'pass_id',
  'redemption_id',
  'iccid',
  'order_id',
  'package_id',
] as const;

export function linesCsv(lines: readonly LedgerLine[]): string {
  return csv(
    lineColumns,
    lines.map((line) => {
      const view: Record<string, string | undefined> = ledgerLineView(line);
      return lineColumns.map((column) => view[column]);
    }),
  );
}

const statementColumns = ['account_id', 'period', 'status', 'currency', 'amount', 'line_count', 'closed_at'];

/** The finance export: one row per account and currency. */
export function statementsCsv(statements: readonly Statement[]): string {
  return csv(
    statementColumns,
    statements.flatMap((statement) =>
      totalsData(statement).map((total) => [
        statement.accountId,
        statement.period,
        statement.status,
        total.currency,
        total.amount,
        total.line_count,
        statement.closedAt,
      ]),
    ),
  );
}

/**
 * Whether the Accept header asks for CSV before JSON: `text/csv` listed with a quality above zero and
 * not below that of `application/json` (or of a wildcard covering it). Everything else answers JSON,
 * as the rest of the API does whatever Accept says.
 */
export function acceptsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const quality = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(type, Number.isFinite(value) ? value : 0);
  }
  const csvQuality = quality.get('text/csv') ?? 0;
  const jsonQuality =
    quality.get('application/json') ?? quality.get('application/*') ?? quality.get('*/*') ?? 0;
  return csvQuality > 0 && csvQuality >= jsonQuality;
}
