import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { RequestLogFilter, RequestRecord } from '../../api/types.ts';
import { useConsole } from '../../context.ts';
import { AsyncView, DateTime, Field, KeyValues, LoadMore, ScrollRegion } from '../../ui/components.tsx';
import { useCursorList } from '../../ui/hooks.ts';
import {
  auditLinkFor,
  emptyRequestFilterForm,
  isWebhookOperation,
  type RequestFilterForm,
  requestFilterFromForm,
} from '../support/support.ts';

/**
 * The account's request log (docs/support.md, Request log): what its applications called and how it
 * ended, newest first; from a failed request, links to the audit records or webhook deliveries.
 */
export function ActivitySection({ accountId }: { accountId: string }) {
  const { api } = useConsole();
  const [form, setForm] = useState<RequestFilterForm>(emptyRequestFilterForm);
  const [filter, setFilter] = useState<RequestLogFilter>({});
  // Reading again shows requests that arrived since: the log is visible within seconds.
  const [readings, setReadings] = useState(0);
  const [open, setOpen] = useState<RequestRecord | undefined>(undefined);
  const requests = useCursorList(
    (cursor) => api.listAccountRequests(accountId, filter, { limit: 50, cursor }),
    [api, accountId, filter, readings],
  );
  const update = (name: keyof RequestFilterForm) => (event: { currentTarget: HTMLInputElement }) =>
    setForm((current) => ({ ...current, [name]: event.currentTarget.value }));

  return (
    <section aria-labelledby="activity">
      <h2 id="activity" tabIndex={-1}>
        Activity
      </h2>
      <p>
        The requests of the account's applications, newest first, kept 30 days (the last 24 hours unless a
        time window is given). Never a body, a token or a header.
      </p>
      <form
        class="filters"
        aria-label="Filter the requests"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(undefined);
          setFilter(requestFilterFromForm(form));
          setReadings((count) => count + 1);
        }}
      >
        <Field id="requests-status" label="HTTP status" hint="Such as 422 or 503.">
          {(aria) => (
            <input {...aria} type="text" inputMode="numeric" value={form.status} onInput={update('status')} />
          )}
        </Field>
        <Field id="requests-operation" label="Operation" hint="An operation id, such as createLoungeBooking.">
          {(aria) => (
            <input {...aria} type="text" value={form.operation_id} onInput={update('operation_id')} />
          )}
        </Field>
        <Field id="requests-id" label="Request id">
          {(aria) => <input {...aria} type="text" value={form.request_id} onInput={update('request_id')} />}
        </Field>
        <Field id="requests-since" label="Received since (your local time)">
          {(aria) => <input {...aria} type="datetime-local" value={form.since} onInput={update('since')} />}
        </Field>
        <Field id="requests-until" label="Received until (your local time)">
          {(aria) => <input {...aria} type="datetime-local" value={form.until} onInput={update('until')} />}
        </Field>
        <button type="submit">Show requests</button>
      </form>
      <AsyncView state={requests.first.state} label="the requests" onRetry={requests.first.reload}>
        {() =>
          requests.items.length === 0 ? (
            <p>No request in this window.</p>
          ) : (
            <>
              <ScrollRegion label="Requests table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Received</th>
                      <th scope="col">Request</th>
                      <th scope="col">Status</th>
                      <th scope="col">Operation</th>
                      <th scope="col">Application</th>
                      <th scope="col">Details</th>
                    </tr>
                  </thead>
                  <tbody>
                    {requests.items.map((record) => (
                      <tr key={record.request_id}>
                        <td>
                          <DateTime value={record.received_at} />
                        </td>
                        <th scope="row">
                          {record.method} <code>{record.path}</code>
                        </th>
                        <td>
                          {record.status}
                          {record.code ? <small> {record.code}</small> : null}
                        </td>
                        <td>
                          <code>{record.operation_id}</code>
                        </td>
                        <td>
                          <code>{record.client_id}</code>
                        </td>
                        <td>
                          <button
                            type="button"
                            class="secondary outline"
                            aria-pressed={open?.request_id === record.request_id ? 'true' : 'false'}
                            onClick={() => setOpen(record)}
                          >
                            Details of {record.request_id}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <LoadMore label="Load more requests" more={requests.more} hasMore={requests.hasMore} />
            </>
          )
        }
      </AsyncView>
      {open && <RequestDetails accountId={accountId} record={open} />}
    </section>
  );
}

function RequestDetails({ accountId, record }: { accountId: string; record: RequestRecord }) {
  const failed = record.status >= 400;
  return (
    <article aria-labelledby="request-details">
      <h3 id="request-details">Request {record.request_id}</h3>
      <KeyValues
        entries={[
          ['Request id', <code key="id">{record.request_id}</code>],
          ['Received', <DateTime key="at" value={record.received_at} />],
          ['Request', `${record.method} ${record.path}`],
          ['Operation', <code key="op">{record.operation_id}</code>],
          ['Status', String(record.status)],
          ['Problem code', record.code ?? '—'],
          ['Duration', `${record.duration_ms} ms`],
          ['Application', <code key="client">{record.client_id}</code>],
          ['Idempotency', record.idempotency_status ?? '—'],
        ]}
      />
      {failed && (
        <p>
          <Link href={auditLinkFor(accountId, record)}>Audit records of this account from then on</Link>
          {isWebhookOperation(record.operation_id) && (
            <>
              {' · '}
              <a href={`#/accounts/${accountId}`} onClick={jumpToWebhooks}>
                The account's webhook deliveries
              </a>
            </>
          )}
        </p>
      )}
    </article>
  );
}

function jumpToWebhooks(event: Event) {
  event.preventDefault();
  const heading = document.getElementById('webhooks');
  heading?.focus();
  heading?.scrollIntoView();
}
