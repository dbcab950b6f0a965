import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../../shared/domain/booking/model.ts';
import {
  allowedFrom,
  bookingConflict,
  holdEnded,
  refusal,
  SupersededChangeError,
} from '../../../shared/domain/booking/state.ts';
import { ApiError, ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { aBooking, anIssuedBooking, now } from './fixtures.ts';

const codeOf = (error: Error | undefined) => (error instanceof ApiError ? error.code : error?.name);

describe('the booking state table', () => {
  const table: [action: 'confirm' | 'cancel', status: BookingStatus, expected: string | undefined][] = [
    ['confirm', 'Processing', 'PassNotReady'],
    ['confirm', 'Issued', undefined],
    ['confirm', 'Confirmed', 'BookingAlreadyConfirmed'],
    ['confirm', 'Canceled', 'BookingAlreadyCanceled'],
    ['confirm', 'Expired', 'BookingAlreadyCanceled'],
    ['cancel', 'Processing', undefined],
    ['cancel', 'Issued', undefined],
    ['cancel', 'Confirmed', undefined],
    ['cancel', 'Canceled', 'BookingAlreadyCanceled'],
    ['cancel', 'Expired', 'BookingAlreadyCanceled'],
  ];

  it.each(table)('%s of a %s booking: %s', (action, status, expected) => {
    expect(codeOf(refusal(action, aBooking({ status })))).toBe(expected);
  });

  it('says an expired booking expired rather than that it was canceled', () => {
    expect(refusal('confirm', aBooking({ status: 'Expired' }))?.message).toMatch(/expired/);
  });
});

describe('the hold', () => {
  it('has ended for an Issued booking at or after hold_expires_at', () => {
    expect(holdEnded(anIssuedBooking({ holdExpiresAt: now.toISOString() }), now)).toBe(true);
  });

  it('is running before hold_expires_at', () => {
    expect(holdEnded(anIssuedBooking({ holdExpiresAt: '2030-05-01T10:00:01.000Z' }), now)).toBe(false);
  });

  it('does not apply once the booking is confirmed', () => {
    expect(
      holdEnded(anIssuedBooking({ status: 'Confirmed', holdExpiresAt: '2030-05-01T09:00:00.000Z' }), now),
    ).toBe(false);
  });
});

describe('a lost race on the booking', () => {
  it('answers the loser of two confirms with BookingAlreadyConfirmed', () => {
    expect(codeOf(bookingConflict('confirm', anIssuedBooking({ status: 'Confirmed' })))).toBe(
      'BookingAlreadyConfirmed',
    );
  });

  it('answers a confirm that lost to a cancel with BookingAlreadyCanceled', () => {
    expect(codeOf(bookingConflict('confirm', anIssuedBooking({ status: 'Canceled' })))).toBe(
      'BookingAlreadyCanceled',
    );
  });

  it('answers a cancel that lost to a confirm with BookingAlreadyConfirmed', () => {
    const error = bookingConflict('cancel', anIssuedBooking({ status: 'Confirmed' }));

    expect(codeOf(error)).toBe('BookingAlreadyConfirmed');
    expect(error.message).toMatch(/send cancel again/);
  });

  it('asks a cancel that met the issuing step to retry (503), not to give up', () => {
    expect(codeOf(bookingConflict('cancel', anIssuedBooking()))).toBe('ServiceUnavailable');
  });

  it('makes the service steps (issue, expire) stand down', () => {
    expect(bookingConflict('issue', anIssuedBooking())).toBeInstanceOf(SupersededChangeError);
    expect(bookingConflict('expire', aBooking({ status: 'Canceled' }))).toBeInstanceOf(SupersededChangeError);
  });
});

describe('a lost race on the pass', () => {
  const usedPass = { usedGuestsCount: 1, usedAt: now.toISOString() };

  it('refuses to cancel a booking whose pass was used, saying so', () => {
    const error = bookingConflict('cancel', anIssuedBooking({ status: 'Confirmed', passUse: usedPass }));

    expect(codeOf(error)).toBe('BookingAlreadyConfirmed');
    expect(error.message).toMatch(/pass was already used/);
  });

  it('runs a use that lost its race again, so the redemption decides on the pass as it then is', () => {
    expect(bookingConflict('use', anIssuedBooking({ status: 'Canceled' }))).toBeInstanceOf(
      ConcurrentChangeError,
    );
    expect(
      bookingConflict('use', anIssuedBooking({ status: 'Confirmed', passUse: usedPass })),
    ).toBeInstanceOf(ConcurrentChangeError);
  });
});

describe('the statuses an action starts from, the condition of its write', () => {
  it('are the allowed cells of the state table', () => {
    expect(allowedFrom('confirm')).toEqual(['Issued']);
    expect(allowedFrom('cancel')).toEqual(['Processing', 'Issued', 'Confirmed']);
  });
});
