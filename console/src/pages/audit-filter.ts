import type { AuditLogFilter } from '../api/types.ts';

export interface AuditFilterForm {
  actor: string;
  target: string;
  action: string;
  /** The value of a datetime-local control: local time without zone, `YYYY-MM-DDTHH:mm`. */
  since: string;
}

export const emptyAuditFilterForm: AuditFilterForm = { actor: '', target: '', action: '', since: '' };

/** The query the API takes: blank filters left out, `since` as RFC 3339 UTC (the person types local time). */
export function auditFilterFromForm(form: AuditFilterForm): AuditLogFilter {
  const filter: AuditLogFilter = {};
  if (form.actor.trim()) filter.actor = form.actor.trim();
  if (form.target.trim()) filter.target = form.target.trim();
  if (form.action.trim()) filter.action = form.action.trim();
  if (form.since) {
    const since = new Date(form.since);
    if (!Number.isNaN(since.getTime())) filter.since = since.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  return filter;
}

/** The form a link's query prefills: `since` (RFC 3339) shown in local time, as the control takes it. */
export function auditFilterFormFromSearch(search: string): AuditFilterForm {
  const params = new URLSearchParams(search);
  const since = new Date(params.get('since') ?? '');
  const local = Number.isNaN(since.getTime())
    ? ''
    : new Date(since.getTime() - since.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  return {
    actor: params.get('actor') ?? '',
    target: params.get('target') ?? '',
    action: params.get('action') ?? '',
    since: local,
  };
}
