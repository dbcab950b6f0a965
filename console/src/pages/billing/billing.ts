/**
 * Pure helpers of the Billing section and the Finance page; they import nothing, so the browser tests
 * compute their expectations with the same code.
 */

/** The UTC month of an instant, `YYYY-MM`, as the API names periods. */
export function periodOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** A statement's totals as one line of text: `EUR -12.50 (1 line); USD 7.00 (2 lines)`. */
export function totalsText(
  totals: readonly { currency: string; amount: string; line_count: number }[],
): string {
  if (totals.length === 0) return 'no lines';
  return totals
    .map(
      (total) =>
        `${total.currency} ${total.amount} (${total.line_count} ${total.line_count === 1 ? 'line' : 'lines'})`,
    )
    .join('; ');
}

/**
 * A file name for a downloaded CSV: `<account>-<period>.csv` from the account's name, reduced to
 * letters, digits and dashes so every file system and mail client keeps it; the id when no letter is left.
 */
export function csvFileName(accountName: string, accountId: string, period: string): string {
  const slug = accountName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || accountId}-${period}.csv`;
}
