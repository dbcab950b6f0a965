import type { Booking, IssuedPass, Pass } from '../../../shared/domain/booking/model.ts';

export const accountId = '0b6f4b7e-4a53-4bd1-9a51-4c3f2b8e9d10';
export const serviceId = 'fc569dee-5236-518b-9f85-88c1b24f553f';
export const now = new Date('2030-05-01T10:00:00.000Z');

export function aBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    bookingId: '019a0000-0000-7000-8000-000000000001',
    accountId,
    serviceType: 'Lounge',
    serviceId,
    status: 'Processing',
    passId: null,
    pass: null,
    passUse: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    callingCode: null,
    transportNumber: 'BA117',
    guests: [{ firstName: 'Ada', lastName: 'Lovelace', type: 'Adult', lead: true }],
    holdExpiresAt: null,
    price: { amount: '4500.00', currency: 'RUB' },
    chargeTerms: {
      billingBasis: 'per_visit',
      freeCancellationHours: 24,
      cancellationFeePercent: 100,
      noShowFeePercent: 0,
    },
    noShowAt: null,
    createdAt: '2030-05-01T09:00:00.000Z',
    updatedAt: '2030-05-01T09:00:00.000Z',
    ...overrides,
  };
}

export function anIssuedPass(overrides: Partial<IssuedPass> = {}): IssuedPass {
  return {
    passId: '5d1f3c2a-9e8b-4c7d-a6f5-e4d3c2b1a098',
    guestsCount: 2,
    validFrom: '2030-05-01T09:00:00.000Z',
    validUntil: '2030-05-31T09:00:00.000Z',
    token: 'header.payload.signature',
    createdAt: '2030-05-01T09:00:00.000Z',
    ...overrides,
  };
}

export function anIssuedBooking(overrides: Partial<Booking> = {}): Booking {
  return aBooking({
    status: 'Issued',
    passId: '5d1f3c2a-9e8b-4c7d-a6f5-e4d3c2b1a098',
    pass: anIssuedPass(),
    holdExpiresAt: '2030-05-01T10:30:00.000Z',
    ...overrides,
  });
}

export function aPass(overrides: Partial<Pass> = {}): Pass {
  return {
    passId: '5d1f3c2a-9e8b-4c7d-a6f5-e4d3c2b1a098',
    bookingId: '019a0000-0000-7000-8000-000000000001',
    accountId,
    serviceType: 'Lounge',
    serviceId,
    status: 'Active',
    guestsCount: 2,
    usedGuestsCount: null,
    validFrom: '2030-05-01T09:00:00.000Z',
    validUntil: '2030-05-31T09:00:00.000Z',
    token: 'header.payload.signature',
    createdAt: '2030-05-01T09:00:00.000Z',
    updatedAt: '2030-05-01T09:00:00.000Z',
    ...overrides,
  };
}
