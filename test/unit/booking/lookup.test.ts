import { describe, expect, it } from 'vitest';
import {
  historyOf,
  normaliseTravellerField,
  planBookingSearch,
} from '../../../shared/domain/booking/lookup.ts';
import { cancellationFeeWaived } from '../../../shared/domain/booking/model.ts';
import { ValidationError } from '../../../shared/domain/errors.ts';
import { aBooking, accountId } from './fixtures.ts';

const page = { limit: 50 };

describe('normaliseTravellerField', () => {
  it('trims, collapses inner whitespace and ignores case', () => {
    expect(normaliseTravellerField('  DOE  ')).toBe('doe');
    expect(normaliseTravellerField('Van \t der   Berg')).toBe('van der berg');
    expect(normaliseTravellerField(' BA 117 ')).toBe('ba 117');
  });
});

describe('planBookingSearch', () => {
  it('is refused (422) without an account or a traveller field, whatever else it names', () => {
    expect(() =>
      planBookingSearch({ ...page, status: 'Confirmed', createdFrom: '2030-01-01T00:00:00Z' }),
    ).toThrow(ValidationError);
  });

  it('is refused (422) when created_from is after created_to', () => {
    expect(() =>
      planBookingSearch({
        ...page,
        accountId,
        createdFrom: '2030-02-01T00:00:00Z',
        createdTo: '2030-01-01T00:00:00Z',
      }),
    ).toThrow(ValidationError);
  });

  it('reads the index of the most selective traveller field given: email, then transport number, then last name', () => {
    expect(planBookingSearch({ ...page, lastName: 'Doe', email: ' Ada@Example.com' }).source).toEqual({
      kind: 'traveller',
      field: 'email',
      value: 'ada@example.com',
    });
    expect(
      planBookingSearch({ ...page, accountId, lastName: 'Doe', transportNumber: 'ba117' }).source,
    ).toEqual({
      kind: 'traveller',
      field: 'transportNumber',
      value: 'ba117',
    });
    expect(planBookingSearch({ ...page, accountId }).source).toEqual({ kind: 'account', accountId });
  });

  it('keeps the bookings every filter accepts, traveller fields compared normalised', () => {
    const plan = planBookingSearch({
      ...page,
      lastName: ' LOVELACE ',
      accountId,
      status: 'Processing',
      serviceType: 'Lounge',
      createdFrom: '2030-05-01T09:00:00Z',
      createdTo: '2030-05-01T09:00:00Z',
    });

    expect(plan.matches(aBooking())).toBe(true);
    expect(plan.matches(aBooking({ status: 'Confirmed' }))).toBe(false);
    expect(plan.matches(aBooking({ accountId: 'another' }))).toBe(false);
    expect(plan.matches(aBooking({ serviceType: 'FastTrack' }))).toBe(false);
    expect(plan.matches(aBooking({ lastName: 'Byron' }))).toBe(false);
    expect(plan.matches(aBooking({ lastName: null }))).toBe(false);
    expect(plan.matches(aBooking({ createdAt: '2030-05-01T09:00:00.001Z' }))).toBe(false);
  });
});

describe('historyOf', () => {
  const actor = { type: 'application', id: 'client-1' } as const;

  it('fills in `from` of a change written without it from the entry before', () => {
    const booking = aBooking({
      status: 'Canceled',
      history: [
        { at: '2030-05-01T09:00:00.000Z', from: null, to: 'Processing', actor },
        { at: '2030-05-01T09:00:01.000Z', from: 'Processing', to: 'Issued', actor: { type: 'service' } },
        { at: '2030-05-01T09:05:00.000Z', to: 'Canceled', actor },
      ],
    });

    expect(historyOf(booking).map((change) => [change.from, change.to])).toEqual([
      [null, 'Processing'],
      ['Processing', 'Issued'],
      ['Issued', 'Canceled'],
    ]);
  });

  it('shows a booking made before history was recorded as created, then its current status from an unknown one', () => {
    const booking = aBooking({ status: 'Confirmed', updatedAt: '2030-05-01T09:10:00.000Z' });

    expect(historyOf(booking)).toEqual([
      { at: booking.createdAt, from: null, to: 'Processing', actor: null },
      { at: '2030-05-01T09:10:00.000Z', from: null, to: 'Confirmed', actor: null },
    ]);
  });

  it('puts the creation before the changes recorded since, the first of which left an unknown status', () => {
    const booking = aBooking({
      status: 'Canceled',
      history: [{ at: '2030-05-01T09:05:00.000Z', to: 'Canceled', actor }],
    });

    expect(historyOf(booking)).toEqual([
      { at: booking.createdAt, from: null, to: 'Processing', actor: null },
      { at: '2030-05-01T09:05:00.000Z', from: null, to: 'Canceled', actor },
    ]);
  });
});

describe('cancellationFeeWaived', () => {
  it("is true only after an employee's cancel that waived the fee", () => {
    const employee = { type: 'employee', id: 'ada.admin' } as const;
    const canceled = (waiveFee?: boolean) =>
      aBooking({
        status: 'Canceled',
        history: [
          {
            at: '2030-05-01T09:05:00.000Z',
            to: 'Canceled',
            actor: employee,
            ...(waiveFee === undefined ? {} : { waiveFee }),
          },
        ],
      });

    expect(cancellationFeeWaived(canceled(true))).toBe(true);
    expect(cancellationFeeWaived(canceled(false))).toBe(false);
    expect(cancellationFeeWaived(canceled())).toBe(false);
    expect(cancellationFeeWaived(aBooking())).toBe(false);
  });
});
