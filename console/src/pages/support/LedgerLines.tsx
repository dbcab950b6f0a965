import type { LedgerLine } from '../../api/types.ts';
import { DateTime, ScrollRegion } from '../../ui/components.tsx';

/** A booking's or an eSIM's ledger lines in its detail (docs/support.md): what it charged, when. */
export function LedgerLines({ lines, of }: { lines: readonly LedgerLine[]; of: 'booking' | 'eSIM' }) {
  return (
    <section aria-labelledby="ledger-lines">
      <h2 id="ledger-lines">Ledger lines</h2>
      {lines.length === 0 ? (
        <p>No ledger line: nothing about this {of} was charged or credited.</p>
      ) : (
        <ScrollRegion label="Ledger lines table">
          <table>
            <thead>
              <tr>
                <th scope="col">Occurred</th>
                <th scope="col">Kind</th>
                <th scope="col">Description</th>
                <th scope="col">Amount</th>
                <th scope="col">Statement</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.line_id}>
                  <td>
                    <DateTime value={line.occurred_at} />
                  </td>
                  <th scope="row">
                    <code>{line.kind}</code>
                  </th>
                  <td>{line.description}</td>
                  <td class="amount">
                    {line.currency} {line.amount}
                  </td>
                  <td>{line.period}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
