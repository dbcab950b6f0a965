import { useState } from 'preact/hooks';
import { useSearch } from 'wouter-preact';
import type { AuditLogFilter } from '../api/types.ts';
import { useConsole } from '../context.ts';
import { AsyncView, DateTime, Field, PageTitle, ScrollRegion, StatusBadge } from '../ui/components.tsx';
import { useAsync } from '../ui/hooks.ts';
import {
  type AuditFilterForm,
  auditFilterFormFromSearch,
  auditFilterFromForm,
  emptyAuditFilterForm,
} from './audit-filter.ts';

export function AuditLogPage() {
  const { api } = useConsole();
  // Other pages link here with filters prefilled (`#/audit-log?target=…&since=…`).
  const prefilled = auditFilterFormFromSearch(useSearch());
  const [form, setForm] = useState<AuditFilterForm>(prefilled);
  const [filter, setFilter] = useState<AuditLogFilter>(() => auditFilterFromForm(prefilled));
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const page = useAsync(() => api.listAuditLog(filter, { limit: 50, cursor }), [api, filter, cursor]);
  const update = (name: keyof AuditFilterForm) => (event: { currentTarget: HTMLInputElement }) =>
    setForm((current) => ({ ...current, [name]: event.currentTarget.value }));

  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <form
        class="filters"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          setCursors([]);
          setFilter(auditFilterFromForm(form));
        }}
      >
        <Field id="audit-actor" label="Actor id" hint="Employee id or client id.">
          {(aria) => <input {...aria} type="text" value={form.actor} onInput={update('actor')} />}
        </Field>
        <Field id="audit-target" label="Target id" hint="Account, application or catalog item id.">
          {(aria) => <input {...aria} type="text" value={form.target} onInput={update('target')} />}
        </Field>
        <Field id="audit-action" label="Action" hint="An operation id, such as disableAccount.">
          {(aria) => <input {...aria} type="text" value={form.action} onInput={update('action')} />}
        </Field>
        <Field id="audit-since" label="Since (your local time)">
          {(aria) => <input {...aria} type="datetime-local" value={form.since} onInput={update('since')} />}
        </Field>
        <button type="submit">Apply filters</button>{' '}
        <button
          type="button"
          class="secondary"
          onClick={() => {
            setForm(emptyAuditFilterForm);
            setCursors([]);
            setFilter({});
          }}
        >
          Clear filters
        </button>
      </form>
      <AsyncView state={page.state} label="audit records" onRetry={page.reload}>
        {(records) => (
          <>
            <p role="status" aria-live="polite">
              {records.data.length} records on this page
              {cursors.length > 0 ? ` (page ${cursors.length + 1})` : ''}.
            </p>
            <ScrollRegion label="Audit records table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Actor</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Request id</th>
                  </tr>
                </thead>
                <tbody>
                  {records.data.map((record) => (
                    <tr key={record.id}>
                      <td>
                        <DateTime value={record.at} />
                      </td>
                      <td>
                        {record.actor.type} <code>{record.actor.id ?? 'unknown'}</code>
                        {record.actor.roles.length ? <small> ({record.actor.roles.join(', ')})</small> : null}
                      </td>
                      <th scope="row">
                        <code>{record.action}</code>
                      </th>
                      <td>
                        {record.target.type} <code>{record.target.id ?? '—'}</code>
                      </td>
                      <td>
                        <StatusBadge status={record.outcome} />
                        {record.reason && <small> {record.reason}</small>}
                      </td>
                      <td>
                        <code>{record.request_id ?? '—'}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <p>
              {cursors.length > 0 && (
                <button
                  type="button"
                  class="secondary"
                  onClick={() => setCursors((list) => list.slice(0, -1))}
                >
                  Newer records
                </button>
              )}{' '}
              {records.next_cursor && (
                <button
                  type="button"
                  class="secondary"
                  onClick={() => setCursors((list) => [...list, records.next_cursor ?? ''])}
                >
                  Older records
                </button>
              )}
            </p>
          </>
        )}
      </AsyncView>
    </>
  );
}
