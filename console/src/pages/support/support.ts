/** Pure helpers of the support pages (docs/support.md): forms to API queries, the attention rules. */
import type {
  BookingSearch,
  BookingStatus,
  RequestLogFilter,
  RequestRecord,
  ServiceType,
} from '../../api/types.ts';

/** A datetime-local value (local time, no zone) as RFC 3339 UTC, or undefined when blank or invalid. */
export function utcFromLocal(value: string): string | undefined {
  if (!value) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface BookingSearchForm {
  account_id: string;
  status: BookingStatus | '';
  service_type: ServiceType | '';
  email: string;
  last_name: string;
  transport_number: string;
  created_from: string;
  created_to: string;
}

export const emptyBookingSearchForm: BookingSearchForm = {
  account_id: '',
  status: '',
  service_type: '',
  email: '',
  last_name: '',
  transport_number: '',
  created_from: '',
  created_to: '',
};

/**
 * The search the API takes: blank fields left out, times as UTC. Traveller fields go as typed: the API
 * normalises them (case, whitespace), and its 422 when no account or traveller field is named is shown.
 */
export function bookingSearchFromForm(form: BookingSearchForm): BookingSearch {
  const search: BookingSearch = {};
  if (form.account_id.trim()) search.account_id = form.account_id.trim();
  if (form.status) search.status = form.status;
  if (form.service_type) search.service_type = form.service_type;
  for (const field of ['email', 'last_name', 'transport_number'] as const)
    if (form[field].trim()) search[field] = form[field];
  const from = utcFromLocal(form.created_from);
  const to = utcFromLocal(form.created_to);
  if (from) search.created_from = from;
  if (to) search.created_to = to;
  return search;
}

export interface RequestFilterForm {
  status: string;
  operation_id: string;
  request_id: string;
  since: string;
  until: string;
}

export const emptyRequestFilterForm: RequestFilterForm = {
  status: '',
  operation_id: '',
  request_id: '',
  since: '',
  until: '',
};

export function requestFilterFromForm(form: RequestFilterForm): RequestLogFilter {
  const filter: RequestLogFilter = {};
  const status = Number(form.status.trim());
  if (form.status.trim() && Number.isInteger(status)) filter.status = status;
  if (form.operation_id.trim()) filter.operation_id = form.operation_id.trim();
  if (form.request_id.trim()) filter.request_id = form.request_id.trim();
  const since = utcFromLocal(form.since);
  const until = utcFromLocal(form.until);
  if (since) filter.since = since;
  if (until) filter.until = until;
  return filter;
}

const minute = 60_000;

/**
 * The audit log around a failed request: the account's records from a minute before it, so the change
 * (or refusal) it caused, and what an employee did just before, are on the first page.
 */
export function auditLinkFor(accountId: string, record: Pick<RequestRecord, 'received_at'>): string {
  const since = new Date(Date.parse(record.received_at) - minute).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `/audit-log?${new URLSearchParams({ target: accountId, since })}`;
}

/** Webhook operations, whose failures the account's webhook deliveries explain. */
export const isWebhookOperation = (operationId: string) => /webhook/i.test(operationId);

/** The rule of "error rate rose": enough traffic to mean something, and a clearly worse last hour. */
export const errorRateRule = { minimumRequests: 10, minimumShare: 0.2 } as const;

export interface ErrorRate {
  requests: number;
  errors: number;
  share: number;
}

export interface ErrorRateChange {
  lastHour: ErrorRate;
  hourBefore: ErrorRate;
}

function rateOf(records: readonly Pick<RequestRecord, 'status'>[]): ErrorRate {
  const errors = records.filter((record) => record.status >= 400).length;
  return { requests: records.length, errors, share: records.length === 0 ? 0 : errors / records.length };
}

/**
 * The account's error rate over the last hour against the hour before, from its request records of
 * the last two hours; returned only when it rose by the rule: at least 10 requests in the last hour,
 * at least 20 % of them answered 4xx or 5xx, and a higher share than the hour before.
 */
export function errorRateRise(
  records: readonly Pick<RequestRecord, 'status' | 'received_at'>[],
  now: number,
): ErrorRateChange | undefined {
  const hour = 60 * minute;
  const lastHour = rateOf(records.filter((record) => Date.parse(record.received_at) > now - hour));
  const hourBefore = rateOf(
    records.filter((record) => {
      const at = Date.parse(record.received_at);
      return at <= now - hour && at > now - 2 * hour;
    }),
  );
  const rose =
    lastHour.requests >= errorRateRule.minimumRequests &&
    lastHour.share >= errorRateRule.minimumShare &&
    lastHour.share > hourBefore.share;
  return rose ? { lastHour, hourBefore } : undefined;
}

/** Certificates whose end of validity falls within the next 30 days (expired ones are not listed). */
export function expiresWithin30Days(notAfter: string, now: number): boolean {
  const end = Date.parse(notAfter);
  return end > now && end <= now + 30 * 24 * 60 * minute;
}

export const percent = (share: number) => `${Math.round(share * 100)} %`;
