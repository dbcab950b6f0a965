import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { useConsole } from '../context.ts';
import {
  AsyncView,
  DateTime,
  Field,
  LoadMore,
  PageTitle,
  ProblemAlert,
  ScrollRegion,
  StatusBadge,
} from '../ui/components.tsx';
import { saveTextFile } from '../ui/download.ts';
import { useAction, useCursorList, useNames } from '../ui/hooks.ts';
import { periodOf, totalsText } from './billing/billing.ts';

/**
 * The finance export (docs/billing.md): every account's statement of one month, and the month as one
 * CSV (a row per account and currency) for the accounting system.
 */
export function FinancePage() {
  const { api, announce } = useConsole();
  const [month, setMonth] = useState(() => periodOf(new Date()));
  const [period, setPeriod] = useState(month);
  const statements = useCursorList(
    (cursor) => api.listPeriodStatements(period, { limit: 50, cursor }),
    [api, period],
  );
  const accountNames = useNames(
    statements.items.map((statement) => statement.account_id),
    async (accountId) => (await api.getAccount(accountId)).name,
  );
  const download = useAction(async () => {
    const fileName = `statements-${period}.csv`;
    saveTextFile(fileName, await api.periodStatementsCsv(period), 'text/csv');
    announce(`Downloaded ${fileName}.`);
    return fileName;
  });

  return (
    <>
      <PageTitle>Finance</PageTitle>
      <p>
        Every account's statement of a month (accounts without lines that month are left out). A month closes
        at 00:00 UTC on the 2nd of the next; until then its totals still grow.
      </p>
      <form
        class="filters"
        aria-label="Month"
        onSubmit={(event) => {
          event.preventDefault();
          setPeriod(month.trim());
        }}
      >
        <Field id="finance-month" label="Month (UTC)" hint="YYYY-MM">
          {(aria) => (
            <input {...aria} type="month" value={month} onInput={(e) => setMonth(e.currentTarget.value)} />
          )}
        </Field>
        <p>
          <button type="submit">Show statements</button>
        </p>
      </form>
      <h2 id="finance-period">Statements of {period}</h2>
      <p>
        <button
          type="button"
          class="secondary"
          aria-busy={download.state.status === 'running' ? 'true' : undefined}
          disabled={download.state.status === 'running'}
          onClick={() => void download.run()}
        >
          Download CSV of {period}
        </button>
      </p>
      {download.state.status === 'error' && <ProblemAlert problem={download.state.problem} />}
      <AsyncView
        state={statements.first.state}
        label={`the statements of ${period}`}
        onRetry={statements.first.reload}
      >
        {() =>
          statements.items.length === 0 ? (
            <p>No account has lines in {period}.</p>
          ) : (
            <>
              <p role="status" aria-live="polite">
                {statements.items.length} {statements.items.length === 1 ? 'statement' : 'statements'} loaded
                {statements.hasMore ? '; more can be loaded.' : '.'}
              </p>
              <ScrollRegion label={`Statements of ${period} table`}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Account</th>
                      <th scope="col">Status</th>
                      <th scope="col">Totals</th>
                      <th scope="col">Closed</th>
                    </tr>
                  </thead>
                  <tbody>
                    {statements.items.map((statement) => (
                      <tr key={statement.account_id}>
                        <th scope="row">
                          <Link href={`/accounts/${statement.account_id}`}>
                            {accountNames.get(statement.account_id) ?? statement.account_id}
                          </Link>
                          <br />
                          <small class="mono">{statement.account_id}</small>
                        </th>
                        <td>
                          <StatusBadge status={statement.status} />
                        </td>
                        <td>{totalsText(statement.totals)}</td>
                        <td>
                          <DateTime value={statement.closed_at} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <LoadMore label="Load more statements" more={statements.more} hasMore={statements.hasMore} />
            </>
          )
        }
      </AsyncView>
    </>
  );
}
