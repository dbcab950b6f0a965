import { useRef, useState } from 'preact/hooks';
import type { Account, AdjustmentInput, LedgerLine, LineKind } from '../../api/types.ts';
import { lineKinds } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import {
  AsyncView,
  DateTime,
  Field,
  LoadMore,
  ProblemAlert,
  ScrollRegion,
  StatusBadge,
  WriteButton,
  WriteForm,
} from '../../ui/components.tsx';
import { saveTextFile } from '../../ui/download.ts';
import { FormErrors, useFieldErrors } from '../../ui/FormErrors.tsx';
import { useAction, useCursorList } from '../../ui/hooks.ts';
import { csvFileName, totalsText } from '../billing/billing.ts';

/**
 * An account's statements, the lines of one of them (the newest unless another is picked), their CSV,
 * and for admins the adjustment form (docs/billing.md). Support reads the same without the form.
 */
export function BillingSection({ account }: { account: Account }) {
  const { api, canWrite } = useConsole();
  const accountId = account.account_id;
  const statements = useCursorList(
    (cursor) => api.listStatements(accountId, { limit: 24, cursor }),
    [api, accountId],
  );
  const [picked, setPicked] = useState<string | undefined>(undefined);
  // A new line (an adjustment) shows its month afresh: the lines are read again.
  const [written, setWritten] = useState(0);
  const period = picked ?? statements.items[0]?.period;

  const show = (chosen: string) => {
    setPicked(chosen);
    // The lines' heading exists once the next render has committed.
    window.setTimeout(() => document.getElementById('billing-lines')?.focus(), 0);
  };

  return (
    <section aria-labelledby="billing">
      <h2 id="billing" tabIndex={-1}>
        Billing
      </h2>
      <h3>Statements</h3>
      <AsyncView state={statements.first.state} label="the statements" onRetry={statements.first.reload}>
        {() =>
          statements.items.length === 0 ? (
            <p>No statements: this account has no ledger lines yet.</p>
          ) : (
            <>
              <ScrollRegion label="Statements table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Period</th>
                      <th scope="col">Status</th>
                      <th scope="col">Totals</th>
                      <th scope="col">Closed</th>
                      <th scope="col">Lines</th>
                    </tr>
                  </thead>
                  <tbody>
                    {statements.items.map((statement) => (
                      <tr
                        key={statement.period}
                        aria-current={statement.period === period ? 'true' : undefined}
                      >
                        <th scope="row">{statement.period}</th>
                        <td>
                          <StatusBadge status={statement.status} />
                        </td>
                        <td>{totalsText(statement.totals)}</td>
                        <td>
                          <DateTime value={statement.closed_at} />
                        </td>
                        <td>
                          <button
                            type="button"
                            class="secondary outline"
                            onClick={() => show(statement.period)}
                          >
                            Show lines<span class="visually-hidden"> of {statement.period}</span>
                          </button>
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
      {period && <StatementLines key={`${period}:${written}`} account={account} period={period} />}
      {canWrite ? (
        <AdjustmentForm
          accountId={accountId}
          onWritten={(line) => {
            setPicked(line.period);
            setWritten((count) => count + 1);
            statements.first.reload();
          }}
        />
      ) : (
        <p>Adjustments are written by admins.</p>
      )}
    </section>
  );
}

const references = ['booking_id', 'pass_id', 'redemption_id', 'iccid', 'order_id', 'package_id'] as const;

function StatementLines({ account, period }: { account: Account; period: string }) {
  const { api, announce } = useConsole();
  const accountId = account.account_id;
  const [kind, setKind] = useState<LineKind | ''>('');
  const lines = useCursorList(
    (cursor) => api.listStatementLines(accountId, period, { limit: 50, cursor, ...(kind ? { kind } : {}) }),
    [api, accountId, period, kind],
  );
  const download = useAction(async () => {
    const csv = await api.statementLinesCsv(accountId, period, kind || undefined);
    const fileName = csvFileName(account.name, accountId, kind ? `${period}-${kind}` : period);
    saveTextFile(fileName, csv, 'text/csv');
    announce(`Downloaded ${fileName}.`);
    return fileName;
  });
  const described = kind ? `${kind} lines` : 'lines';

  return (
    <>
      <h3 id="billing-lines" tabIndex={-1}>
        Lines of {period}
      </h3>
      <div class="toolbar">
        <Field id="billing-kind" label="Kind of line">
          {(aria) => (
            <select {...aria} value={kind} onChange={(e) => setKind(e.currentTarget.value as LineKind | '')}>
              <option value="">Every kind</option>
              {lineKinds.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </select>
          )}
        </Field>
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
      </div>
      {download.state.status === 'error' && <ProblemAlert problem={download.state.problem} />}
      <AsyncView state={lines.first.state} label={`the ${described}`} onRetry={lines.first.reload}>
        {() =>
          lines.items.length === 0 ? (
            <p>
              No {described} in {period}.
            </p>
          ) : (
            <>
              <p role="status" aria-live="polite">
                {lines.items.length} {described} loaded{lines.hasMore ? '; more can be loaded.' : '.'}
              </p>
              <ScrollRegion label={`Lines of ${period} table`}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Occurred</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Description</th>
                      <th scope="col">Amount</th>
                      <th scope="col">References</th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.items.map((line) => (
                      <LineRow key={line.line_id} line={line} />
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <LoadMore label="Load more lines" more={lines.more} hasMore={lines.hasMore} />
            </>
          )
        }
      </AsyncView>
    </>
  );
}

function LineRow({ line }: { line: LedgerLine }) {
  const shown = references.filter((name) => line[name] !== undefined);
  return (
    <tr>
      <td>
        <DateTime value={line.occurred_at} />
      </td>
      <td>
        <code>{line.kind}</code>
      </td>
      <td>{line.description}</td>
      <td class="amount">
        {line.currency} {line.amount}
      </td>
      <td>
        {shown.length === 0
          ? '—'
          : shown.map((name) => (
              <div key={name}>
                <small>
                  {name}: <code>{line[name]}</code>
                </small>
              </div>
            ))}
      </td>
    </tr>
  );
}

const emptyAdjustment: AdjustmentInput = { amount: '', currency: '', description: '' };

function AdjustmentForm({
  accountId,
  onWritten,
}: {
  accountId: string;
  onWritten: (line: LedgerLine) => void;
}) {
  const { api, announce } = useConsole();
  const [draft, setDraft] = useState<AdjustmentInput>(emptyAdjustment);
  // One key per submission: kept while the same form is sent again (a double click, a retry after a
  // network failure), so the server writes one line; a change or a written line starts a new one.
  const idempotencyKey = useRef<string | undefined>(undefined);
  const sending = useRef(false);
  const write = useAction(async (input: AdjustmentInput, key: string) => {
    try {
      const line = await api.createAdjustment(accountId, input, key);
      idempotencyKey.current = undefined;
      setDraft(emptyAdjustment);
      announce(`Adjustment of ${line.currency} ${line.amount} written on the statement of ${line.period}.`);
      onWritten(line);
      return line;
    } finally {
      sending.current = false;
    }
  });
  const errors = useFieldErrors(write.state, ['amount', 'currency', 'description']);
  const change = (field: keyof AdjustmentInput, value: string) => {
    idempotencyKey.current = undefined;
    setDraft((current) => ({ ...current, [field]: value }));
  };

  return (
    <>
      <h3 id="billing-adjustment">Write an adjustment</h3>
      <WriteForm
        aria-labelledby="billing-adjustment"
        onSubmit={(event) => {
          event.preventDefault();
          if (sending.current) return;
          sending.current = true;
          idempotencyKey.current ??= crypto.randomUUID();
          void write.run(
            {
              amount: draft.amount.trim(),
              currency: draft.currency.trim().toUpperCase(),
              description: draft.description.trim(),
            },
            idempotencyKey.current,
          );
        }}
      >
        <p class="hint">
          A line on this account's open statement, audited. Negative credits the account, positive charges it.
        </p>
        <FormErrors state={write.state} errors={errors.unassigned} />
        <Field
          id="adjustment-amount"
          label="Amount"
          hint="A decimal with at most the currency's decimals, e.g. -12.50 (not zero)."
          errors={errors.byField.get('amount')}
        >
          {(aria) => (
            <input
              {...aria}
              inputMode="decimal"
              autocomplete="off"
              value={draft.amount}
              onInput={(e) => change('amount', e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          id="adjustment-currency"
          label="Currency"
          hint="ISO 4217 code, e.g. EUR."
          errors={errors.byField.get('currency')}
        >
          {(aria) => (
            <input
              {...aria}
              maxLength={3}
              autocomplete="off"
              autocapitalize="characters"
              value={draft.currency}
              onInput={(e) => change('currency', e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          id="adjustment-description"
          label="Description"
          hint="Shown to the partner on the line; up to 500 characters."
          errors={errors.byField.get('description')}
        >
          {(aria) => (
            <input
              {...aria}
              maxLength={500}
              value={draft.description}
              onInput={(e) => change('description', e.currentTarget.value)}
            />
          )}
        </Field>
        <WriteButton type="submit" running={write.state.status === 'running'}>
          Write adjustment
        </WriteButton>
        {write.state.status === 'done' && (
          <p role="status">
            Written: {write.state.result.currency} {write.state.result.amount} on the statement of{' '}
            {write.state.result.period}.
          </p>
        )}
      </WriteForm>
    </>
  );
}
