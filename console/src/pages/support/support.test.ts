import { describe, expect, it } from 'vitest';
import { auditFilterFormFromSearch, auditFilterFromForm } from '../audit-filter.ts';
import {
  auditLinkFor,
  bookingSearchFromForm,
  emptyBookingSearchForm,
  emptyRequestFilterForm,
  errorRateRise,
  expiresWithin30Days,
  isWebhookOperation,
  requestFilterFromForm,
} from './support.ts';

const now = Date.parse('2026-11-28T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
const records = (count: number, status: number, minutes: number) =>
  Array.from({ length: count }, () => ({ status, received_at: minutesAgo(minutes) }));

describe('the booking search form', () => {
  it('leaves blank fields out and sends traveller fields as typed, for the API to normalise', () => {
    expect(bookingSearchFromForm(emptyBookingSearchForm)).toEqual({});
    expect(
      bookingSearchFromForm({
        ...emptyBookingSearchForm,
        account_id: ' 0b7c3f4e-1111-4222-8333-444455556666 ',
        last_name: '  DOE ',
        email: '   ',
        status: 'Issued',
        created_from: '2026-03-01T10:30',
      }),
    ).toEqual({
      account_id: '0b7c3f4e-1111-4222-8333-444455556666',
      last_name: '  DOE ',
      status: 'Issued',
      created_from: new Date('2026-03-01T10:30').toISOString().replace('.000Z', 'Z'),
    });
  });
});

describe('the request log filters', () => {
  it('takes a whole status, trimmed ids and a UTC window', () => {
    expect(requestFilterFromForm(emptyRequestFilterForm)).toEqual({});
    expect(
      requestFilterFromForm({
        status: ' 422 ',
        operation_id: ' createLoungeBooking',
        request_id: '',
        since: '',
        until: 'x',
      }),
    ).toEqual({ status: 422, operation_id: 'createLoungeBooking' });
    expect(requestFilterFromForm({ ...emptyRequestFilterForm, status: '4xx' })).toEqual({});
  });

  it("links a failed request to the account's audit records from a minute before it, prefilled", () => {
    const link = auditLinkFor('acc-1', { received_at: '2026-11-28T10:32:10Z' });
    expect(link).toBe('/audit-log?target=acc-1&since=2026-11-28T10%3A31%3A10Z');
    const form = auditFilterFormFromSearch(link.split('?')[1] ?? '');
    expect(form.target).toBe('acc-1');
    // Minutes are what the datetime-local control holds.
    expect(auditFilterFromForm(form).since).toBe('2026-11-28T10:31:00Z');
    expect(auditFilterFormFromSearch('')).toEqual({ actor: '', target: '', action: '', since: '' });
    expect(isWebhookOperation('createWebhook')).toBe(true);
    expect(isWebhookOperation('createLoungeBooking')).toBe(false);
  });
});

describe('the error rate rule', () => {
  it('flags at least 10 requests in the last hour with at least 20 % errors and a higher share than before', () => {
    const change = errorRateRise(
      [...records(8, 200, 10), ...records(2, 503, 5), ...records(10, 200, 90)],
      now,
    );
    expect(change).toEqual({
      lastHour: { requests: 10, errors: 2, share: 0.2 },
      hourBefore: { requests: 10, errors: 0, share: 0 },
    });
  });

  it('leaves alone too few requests, a low share, an unchanged share and older requests', () => {
    expect(errorRateRise(records(9, 500, 5), now)).toBeUndefined();
    expect(errorRateRise([...records(9, 200, 5), ...records(1, 422, 5)], now)).toBeUndefined();
    expect(errorRateRise([...records(10, 500, 5), ...records(10, 500, 70)], now)).toBeUndefined();
    expect(errorRateRise(records(20, 500, 130), now)).toBeUndefined();
  });
});

describe('expiring certificates', () => {
  it('are those valid now and ending within 30 days', () => {
    const inDays = (days: number) => new Date(now + days * 24 * 60 * 60_000).toISOString();
    expect(expiresWithin30Days(inDays(29), now)).toBe(true);
    expect(expiresWithin30Days(inDays(31), now)).toBe(false);
    expect(expiresWithin30Days(inDays(-1), now)).toBe(false);
  });
});
