import { describe, expect, it } from 'vitest';
import { changeEvents } from '../../../shared/domain/booking/events.ts';
import type { BookableService, Booking } from '../../../shared/domain/booking/model.ts';
import type {
  BookingChange,
  BookingStore,
  HeldBookingKey,
  PartnerAction,
  PartnerActionOutcome,
} from '../../../shared/domain/booking/ports.ts';
import {
  changeBooking,
  createBooking,
  expireEndedHolds,
  findPass,
  issuePass,
  issueStuckBookings,
  publishChangeEvents,
} from '../../../shared/domain/booking/service.ts';
import { SupersededChangeError } from '../../../shared/domain/booking/state.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';
import { chargeTermsOf, defaultBillingTerms } from '../../../shared/domain/pricing/terms.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { MemoryLedger } from '../../support/memory-ledger.ts';
import { aBooking, accountId, anIssuedBooking, aPass, now, serviceId } from './fixtures.ts';

interface ChangeWrite extends StagedWrite {
  change: BookingChange;
}

/**
 * Bookings in memory; writes carry their change, commits apply it or fail as the test says. A partner
 * action applies the condition DynamoDB would evaluate and answers as UpdateItem does.
 */
class MemoryBookings implements BookingStore {
  readonly bookings = new Map<string, Booking>();
  readonly committed: BookingChange[] = [];
  readonly actions: PartnerAction[] = [];
  holds: HeldBookingKey[] = [];
  processing: HeldBookingKey[] = [];
  noShows: HeldBookingKey[] = [];
  /** The cut-off each read of the Processing index asked for. */
  readonly processingAsked: Date[] = [];
  commitFailure: Error | undefined;

  constructor(...bookings: Booking[]) {
    for (const booking of bookings) this.bookings.set(`${booking.accountId}/${booking.bookingId}`, booking);
  }
  async find(account: string, bookingId: string) {
    return this.bookings.get(`${account}/${bookingId}`);
  }
  async findByPass(passId: string) {
    return [...this.bookings.values()].find((booking) => booking.passId === passId);
  }
  async list() {
    return { items: [...this.bookings.values()], nextCursor: null };
  }
  async endedHolds(_now: Date, limit: number) {
    return this.holds.splice(0, limit);
  }
  async processingSince(createdBefore: Date, limit: number) {
    this.processingAsked.push(createdBefore);
    return this.processing.splice(0, limit);
  }
  async noShowsDue(_now: Date, limit: number) {
    return this.noShows.splice(0, limit);
  }
  writes(change: BookingChange): ChangeWrite[] {
    return [{ description: change.action, change }];
  }
  async commit(writes: StagedWrite[]) {
    if (this.commitFailure) throw this.commitFailure;
    for (const write of writes as ChangeWrite[]) {
      this.committed.push(write.change);
      const { after } = write.change;
      this.bookings.set(`${after.accountId}/${after.bookingId}`, after);
    }
  }
  async applyPartnerAction(action: PartnerAction): Promise<PartnerActionOutcome> {
    this.actions.push(action);
    const key = `${action.accountId}/${action.bookingId}`;
    const found = this.bookings.get(key);
    const holds = found?.status !== 'Issued' || (found.holdExpiresAt ?? '') > action.now.toISOString();
    if (
      !found ||
      found.serviceType !== action.serviceType ||
      !action.from.includes(found.status) ||
      !holds ||
      found.passUse !== null ||
      charged(action, found)
    ) {
      return { applied: false, found };
    }
    const booking = { ...found, status: action.to, updatedAt: action.now.toISOString() };
    this.bookings.set(key, booking);
    return { applied: true, booking };
  }
}

/** The store's condition for a booking the action charges (booking.ts, applyPartnerAction). */
function charged(action: PartnerAction, found: Booking): boolean {
  const terms = found.chargeTerms;
  if (found.price === null || terms === null) return false;
  return (
    (terms.billingBasis === action.charged.basis && action.charged.from.includes(found.status)) ||
    (action.charged.noShowCandidates && terms.billingBasis === 'per_visit' && terms.noShowFeePercent > 0)
  );
}

class StagedWrites {
  readonly writes: ChangeWrite[] = [];
  stage(...writes: StagedWrite[]) {
    this.writes.push(...(writes as ChangeWrite[]));
  }
  get changes() {
    return this.writes.map((write) => write.change);
  }
}

const lounge: BookableService = {
  serviceType: 'Lounge',
  id: serviceId,
  requiredBookingInfo: ['Name', 'Email', 'Phone'],
  unitPrices: { currency: 'RUB', adult: '3937.50', child: '1968.75', infant: '0.00' },
  chargeTerms: chargeTermsOf(defaultBillingTerms),
};
const catalogWith = (...services: BookableService[]) => ({
  find: async (_account: string, type: string, id: string) =>
    services.find((service) => service.serviceType === type && service.id === id),
});
const input = {
  serviceId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '7911123456',
  callingCode: '+44',
  transportNumber: 'BA117',
  guests: [{ firstName: 'Ada', lastName: 'Lovelace', type: 'Adult' as const, lead: true }],
};
const context = { accountId, serviceType: 'Lounge' as const, now };
const ledger = new MemoryLedger();

async function refusalOf(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('creating a booking', () => {
  it('stages a Processing booking of the service, with nothing held yet', async () => {
    const uow = new StagedWrites();

    const booking = await createBooking(
      { store: new MemoryBookings(), services: catalogWith(lounge), uow },
      context,
      input,
    );

    expect(booking).toMatchObject({ status: 'Processing', serviceId, passId: null, holdExpiresAt: null });
    expect(uow.changes).toEqual([{ action: 'create', before: null, after: booking, now }]);
  });

  it("prices each guest at the account's net price of its type and freezes the charge terms", async () => {
    const family = {
      ...input,
      guests: [
        ...input.guests,
        { firstName: 'Byron', lastName: 'Lovelace', type: 'Child' as const, lead: false },
        { firstName: 'Anne', lastName: 'Lovelace', type: 'Infant' as const, lead: false },
      ],
    };

    const booking = await createBooking(
      { store: new MemoryBookings(), services: catalogWith(lounge), uow: new StagedWrites() },
      context,
      family,
    );

    expect(booking.price).toEqual({ amount: '5906.25', currency: 'RUB' });
    expect(booking.chargeTerms).toEqual({
      billingBasis: 'per_visit',
      freeCancellationHours: 24,
      cancellationFeePercent: 100,
      noShowFeePercent: 0,
    });
  });

  it('has no price when the service has no rack prices', async () => {
    const booking = await createBooking(
      {
        store: new MemoryBookings(),
        services: catalogWith({ ...lounge, unitPrices: undefined }),
        uow: new StagedWrites(),
      },
      context,
      input,
    );

    expect(booking.price).toBeNull();
  });

  it('answers CatalogResourceNotFound when the account may not book the service', async () => {
    const error = await refusalOf(() =>
      createBooking(
        { store: new MemoryBookings(), services: catalogWith(), uow: new StagedWrites() },
        context,
        input,
      ),
    );

    expect(error.code).toBe('CatalogResourceNotFound');
  });

  it("names every field the service's required_booking_info asks for and the request lacks", async () => {
    const bare = { ...input, firstName: null, email: null, phone: null, callingCode: null };

    const error = await refusalOf(() =>
      createBooking(
        { store: new MemoryBookings(), services: catalogWith(lounge), uow: new StagedWrites() },
        context,
        bare,
      ),
    );

    expect(error.code).toBe('ValidationError');
    expect((error.details as { errors: { path: string }[] }).errors.map((entry) => entry.path)).toEqual([
      'body.first_name',
      'body.email',
      'body.phone',
      'body.calling_code',
    ]);
  });
});

describe('confirming and canceling a booking that charges', () => {
  const perPass = (overrides: Partial<Booking> = {}) =>
    anIssuedBooking({
      chargeTerms: {
        billingBasis: 'per_pass',
        freeCancellationHours: 24,
        cancellationFeePercent: 100,
        noShowFeePercent: 0,
      },
      ...overrides,
    });

  it('stages a per_pass confirm with its pass line when the one write leaves the booking to it', async () => {
    const booking = perPass();
    const store = new MemoryBookings(booking);
    const uow = new StagedWrites();
    const own = new MemoryLedger();

    const confirmed = await changeBooking({ store, ledger: own, uow }, context, booking.bookingId, 'confirm');

    expect(confirmed.status).toBe('Confirmed');
    expect(store.actions).toHaveLength(1);
    const changes = uow.changes.filter((change) => change !== undefined);
    expect(changes.map((change) => [change.action, change.before?.status, change.after.status])).toEqual([
      ['confirm', 'Issued', 'Confirmed'],
    ]);
    own.apply(uow.writes);
    expect(own.written.map((line) => [line.kind, line.amount.minor, line.bookingId])).toEqual([
      ['pass', 450_000n, booking.bookingId],
    ]);
  });

  it('stages a per_pass cancel past the free window with the credit and the fee', async () => {
    const booking = perPass({
      status: 'Confirmed',
      holdExpiresAt: null,
      updatedAt: '2030-04-29T09:00:00.000Z',
    });
    const store = new MemoryBookings(booking);
    const uow = new StagedWrites();
    const own = new MemoryLedger();

    await changeBooking({ store, ledger: own, uow }, context, booking.bookingId, 'cancel');

    own.apply(uow.writes);
    expect(own.written.map((line) => [line.kind, line.amount.minor])).toEqual(
      expect.arrayContaining([
        ['cancellation_credit', -450_000n],
        ['cancellation_fee', 450_000n],
      ]),
    );
    expect(own.written).toHaveLength(2);
  });

  it('confirms a per_visit booking with a no-show fee through the staged path, into the no-show index', async () => {
    const booking = anIssuedBooking({
      chargeTerms: {
        billingBasis: 'per_visit',
        freeCancellationHours: 24,
        cancellationFeePercent: 100,
        noShowFeePercent: 50,
      },
    });
    const uow = new StagedWrites();

    const confirmed = await changeBooking(
      { store: new MemoryBookings(booking), ledger, uow },
      context,
      booking.bookingId,
      'confirm',
    );

    expect(confirmed.status).toBe('Confirmed');
    expect(uow.changes.map((change) => change.action)).toEqual(['confirm']);
  });
  it('stages, with no line, a confirm the one write left alone that charges nothing (a no-show fee on a free booking)', async () => {
    const booking = anIssuedBooking({
      price: { amount: '0.00', currency: 'EUR' },
      chargeTerms: {
        billingBasis: 'per_visit',
        freeCancellationHours: 24,
        cancellationFeePercent: 100,
        noShowFeePercent: 50,
      },
    });
    const uow = new StagedWrites();

    const confirmed = await changeBooking(
      { store: new MemoryBookings(booking), ledger, uow },
      context,
      booking.bookingId,
      'confirm',
    );

    expect(confirmed.status).toBe('Confirmed');
    expect(uow.writes.map((write) => write.description)).toEqual(['confirm']);
  });
});

describe('confirming and canceling in one write', () => {
  it('confirms an Issued booking with one conditional write that answers the booking, its pass Active', async () => {
    const booking = anIssuedBooking();
    const store = new MemoryBookings(booking);
    const uow = new StagedWrites();

    const confirmed = await changeBooking({ store, ledger, uow }, context, booking.bookingId, 'confirm');

    expect(confirmed.status).toBe('Confirmed');
    expect(store.actions).toEqual([
      {
        accountId,
        bookingId: booking.bookingId,
        serviceType: 'Lounge',
        from: ['Issued'],
        to: 'Confirmed',
        now,
        charged: { basis: 'per_pass', from: ['Issued'], noShowCandidates: true },
      },
    ]);
    expect(uow.writes).toEqual([]);
  });

  it('cancels from any status the state table allows, in the same one write', async () => {
    const booking = aBooking();
    const store = new MemoryBookings(booking);

    const canceled = await changeBooking(
      { store, ledger, uow: new StagedWrites() },
      context,
      booking.bookingId,
      'cancel',
    );

    expect(canceled.status).toBe('Canceled');
    expect(store.actions[0]?.from).toEqual(['Processing', 'Issued', 'Confirmed']);
  });

  it('answers the 409 of the booking the failed write found, without reading it again', async () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });

    const error = await refusalOf(() =>
      changeBooking(
        { store: new MemoryBookings(booking), ledger, uow: new StagedWrites() },
        context,
        booking.bookingId,
        'confirm',
      ),
    );

    expect(error.code).toBe('BookingAlreadyConfirmed');
  });

  it('expires a booking whose hold has ended on the spot, and refuses the confirm', async () => {
    const booking = anIssuedBooking({ holdExpiresAt: '2030-05-01T09:59:59.000Z' });
    const store = new MemoryBookings(booking);

    const error = await refusalOf(() =>
      changeBooking({ store, ledger, uow: new StagedWrites() }, context, booking.bookingId, 'confirm'),
    );

    expect(error.code).toBe('BookingAlreadyCanceled');
    expect(store.committed.map((change) => [change.action, change.after.status])).toEqual([
      ['expire', 'Expired'],
    ]);
  });

  it('refuses a late confirm even when a cancel beat the expiry to it', async () => {
    const booking = anIssuedBooking({ holdExpiresAt: '2030-05-01T09:59:59.000Z' });
    const store = new MemoryBookings(booking);
    store.commitFailure = new SupersededChangeError('Canceled');

    const error = await refusalOf(() =>
      changeBooking({ store, ledger, uow: new StagedWrites() }, context, booking.bookingId, 'confirm'),
    );

    expect(error.code).toBe('BookingAlreadyCanceled');
  });

  it('refuses to cancel a booking whose pass was used', async () => {
    const booking = anIssuedBooking({
      status: 'Confirmed',
      passUse: { usedGuestsCount: 1, usedAt: now.toISOString() },
    });

    const error = await refusalOf(() =>
      changeBooking(
        { store: new MemoryBookings(booking), ledger, uow: new StagedWrites() },
        context,
        booking.bookingId,
        'cancel',
      ),
    );

    expect(error.code).toBe('BookingAlreadyConfirmed');
    expect(error.message).toMatch(/pass was already used/);
  });

  it('answers BookingNotFound for a booking of the other service, or of no one', async () => {
    const booking = anIssuedBooking({ serviceType: 'FastTrack' });
    const store = new MemoryBookings(booking);

    const otherService = await refusalOf(() =>
      changeBooking({ store, ledger, uow: new StagedWrites() }, context, booking.bookingId, 'confirm'),
    );
    const unknown = await refusalOf(() =>
      changeBooking(
        { store, ledger, uow: new StagedWrites() },
        context,
        '019a0000-0000-7000-8000-0000000000ff',
        'cancel',
      ),
    );

    expect([otherService.code, unknown.code]).toEqual(['BookingNotFound', 'BookingNotFound']);
  });
});

describe('confirming and canceling staged with an idempotency record', () => {
  it('reads the booking and stages the change conditional on the status read', async () => {
    const booking = anIssuedBooking();
    const store = new MemoryBookings(booking);
    const uow = new StagedWrites();

    const confirmed = await changeBooking(
      { store, ledger, uow },
      context,
      booking.bookingId,
      'confirm',
      'staged',
    );

    expect(confirmed.status).toBe('Confirmed');
    expect(uow.changes).toEqual([{ action: 'confirm', before: booking, after: confirmed, now }]);
    expect(store.actions).toEqual([]);
  });

  it('refuses by the state table before staging anything', async () => {
    const booking = anIssuedBooking({ status: 'Canceled' });
    const uow = new StagedWrites();

    const error = await refusalOf(() =>
      changeBooking(
        { store: new MemoryBookings(booking), ledger, uow },
        context,
        booking.bookingId,
        'confirm',
        'staged',
      ),
    );

    expect(error.code).toBe('BookingAlreadyCanceled');
    expect(uow.writes).toEqual([]);
  });
});

describe('reading the pass', () => {
  it('answers PassServiceTypeMismatch on the other service path', async () => {
    const booking = anIssuedBooking({ serviceType: 'FastTrack' });

    const error = await refusalOf(() => findPass(new MemoryBookings(booking), context, booking.bookingId));

    expect(error.code).toBe('PassServiceTypeMismatch');
  });

  it('answers PassNotReady while the booking is Processing', async () => {
    const booking = aBooking();

    expect(
      (await refusalOf(() => findPass(new MemoryBookings(booking), context, booking.bookingId))).code,
    ).toBe('PassNotReady');
  });

  it('answers the pass kept with its booking, its status following the booking', async () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });

    const pass = await findPass(new MemoryBookings(booking), context, booking.bookingId);

    expect(pass).toEqual(aPass({ updatedAt: booking.updatedAt }));
  });

  it('answers a pass Used once the sandbox recorded it, with the guests that came', async () => {
    const booking = anIssuedBooking({
      status: 'Confirmed',
      passUse: { usedGuestsCount: 1, usedAt: '2030-05-01T11:00:00.000Z' },
    });

    const pass = await findPass(new MemoryBookings(booking), context, booking.bookingId);

    expect(pass).toMatchObject({ status: 'Used', usedGuestsCount: 1, updatedAt: '2030-05-01T11:00:00.000Z' });
  });

  it('answers BookingNotFound for a booking of another account', async () => {
    const booking = anIssuedBooking({ accountId: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f' });

    const error = await refusalOf(() => findPass(new MemoryBookings(booking), context, booking.bookingId));

    expect(error.code).toBe('BookingNotFound');
  });
});

describe('issuing the pass', () => {
  const signer = { sign: async () => 'signed.qr.payload' };

  it('moves the booking to Issued with a hold and creates its signed pass', async () => {
    const booking = aBooking({
      guests: [...aBooking().guests, { firstName: 'B', lastName: 'C', type: 'Infant', lead: false }],
    });
    const store = new MemoryBookings(booking);

    const outcome = await issuePass({ store, signer, holdSeconds: 1800 }, booking, now);

    const [change] = store.committed;
    expect(outcome).toBe('issued');
    expect(change?.after).toMatchObject({
      status: 'Issued',
      holdExpiresAt: '2030-05-01T10:30:00.000Z',
      pass: { guestsCount: 2, token: 'signed.qr.payload', validFrom: now.toISOString() },
    });
    expect(change?.after.passId).toBe(change?.after.pass?.passId);
  });

  it('stands down when the booking moved on meanwhile (a duplicate delivery, a cancel)', async () => {
    const store = new MemoryBookings();
    store.commitFailure = new SupersededChangeError('Issued');

    expect(await issuePass({ store, signer, holdSeconds: 1800 }, aBooking(), now)).toBe('skipped');
  });
});

describe('the expiry sweep', () => {
  it('expires the held bookings whose hold ended and skips the ones that moved on', async () => {
    const ended = anIssuedBooking({ holdExpiresAt: '2030-05-01T09:00:00.000Z' });
    const confirmed = anIssuedBooking({
      bookingId: '019a0000-0000-7000-8000-000000000002',
      status: 'Confirmed',
    });
    const store = new MemoryBookings(ended, confirmed);
    store.holds = [ended, confirmed].map((booking) => ({ accountId, bookingId: booking.bookingId }));

    const expired = await expireEndedHolds(store, now);

    expect(expired).toBe(1);
    expect(store.committed.map((change) => change.after.bookingId)).toEqual([ended.bookingId]);
  });
});

describe('the recovery sweep', () => {
  const signer = { sign: async () => 'signed.qr.payload' };

  it('issues the bookings left Processing for more than two minutes, and skips those that moved on', async () => {
    const stuck = aBooking();
    const canceled = aBooking({ bookingId: '019a0000-0000-7000-8000-000000000002', status: 'Canceled' });
    const store = new MemoryBookings(stuck, canceled);
    store.processing = [stuck, canceled].map((booking) => ({ accountId, bookingId: booking.bookingId }));

    const outcome = await issueStuckBookings({ store, signer, holdSeconds: 1800 }, now);

    expect(outcome).toEqual({ issued: 1, checked: 2 });
    expect(store.processingAsked).toEqual([new Date('2030-05-01T09:58:00.000Z')]);
    expect(store.committed).toMatchObject([
      {
        action: 'issue',
        before: { status: 'Processing' },
        after: { bookingId: stuck.bookingId, status: 'Issued' },
      },
    ]);
  });

  it('counts nothing as issued when the processor issued the booking first', async () => {
    const store = new MemoryBookings(aBooking());
    store.processing = [{ accountId, bookingId: aBooking().bookingId }];
    store.commitFailure = new SupersededChangeError('Issued');

    const outcome = await issueStuckBookings({ store, signer, holdSeconds: 1800 }, now);

    expect(outcome).toEqual({ issued: 0, checked: 1 });
  });

  it('reads the index again after a full batch, until a batch comes back short', async () => {
    const bookings = Array.from({ length: 3 }, (_, index) =>
      aBooking({ bookingId: `019a0000-0000-7000-8000-00000000001${index}` }),
    );
    const store = new MemoryBookings(...bookings);
    store.processing = bookings.map((booking) => ({ accountId, bookingId: booking.bookingId }));

    const outcome = await issueStuckBookings({ store, signer, holdSeconds: 1800 }, now, { batchSize: 2 });

    expect(outcome.issued).toBe(3);
    expect(store.processingAsked).toHaveLength(2);
  });

  it('issues through the same change as the processor, so its stream record publishes the Issued events', async () => {
    const store = new MemoryBookings(aBooking());
    store.processing = [{ accountId, bookingId: aBooking().bookingId }];
    const published: DomainEvent[] = [];

    await issueStuckBookings({ store, signer, holdSeconds: 1800 }, now);
    const [issue] = store.committed;
    if (!issue) throw new Error('the sweep committed no change');
    await publishChangeEvents(
      { publish: async (events) => void published.push(...events) },
      {
        before: issue.before,
        after: issue.after,
        changeId: 'c0ffee00-0000-4000-8000-000000000002',
        changedAt: now.toISOString(),
      },
    );

    expect(published.map((event) => [event.type, event.data.status])).toEqual([
      ['booking.status.changed', 'Issued'],
      ['pass.status.changed', 'Issued'],
    ]);
  });
});

describe('the events of a change', () => {
  const changeId = '0b9e4c4e-1111-4111-8111-000000000001';

  it('reports a new booking with previous_status null', () => {
    const booking = aBooking();

    expect(changeEvents(null, booking, changeId)).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        type: 'booking.status.changed',
        data: {
          booking_id: booking.bookingId,
          service_type: 'Lounge',
          status: 'Processing',
          previous_status: null,
        },
      },
    ]);
  });

  it('reports the issue of the pass with previous_status null beside the booking', () => {
    const events = changeEvents(aBooking(), anIssuedBooking(), changeId);

    expect(events.map((event) => [event.type, event.data.previous_status, event.data.status])).toEqual([
      ['booking.status.changed', 'Processing', 'Issued'],
      ['pass.status.changed', null, 'Issued'],
    ]);
  });

  it('reports the booking and its pass when both move', () => {
    const booking = anIssuedBooking();

    const events = changeEvents(booking, { ...booking, status: 'Confirmed' }, changeId);

    expect(events.map((event) => [event.type, event.data.previous_status, event.data.status])).toEqual([
      ['booking.status.changed', 'Issued', 'Confirmed'],
      ['pass.status.changed', 'Issued', 'Active'],
    ]);
    expect(events[1]?.data.pass_id).toBe(booking.passId);
  });

  it('reports only the pass when only the pass moves', () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });
    const used = { ...booking, passUse: { usedGuestsCount: 1, usedAt: now.toISOString() } };

    const events = changeEvents(booking, used, changeId);

    expect(events.map((event) => [event.type, event.data.previous_status, event.data.status])).toEqual([
      ['pass.status.changed', 'Active', 'Used'],
    ]);
  });

  it('gives a change the same event ids every time, and another change other ids', () => {
    const booking = anIssuedBooking();
    const confirmed = { ...booking, status: 'Confirmed' as const };

    const once = changeEvents(booking, confirmed, changeId).map((event) => event.id);
    const again = changeEvents(booking, confirmed, changeId).map((event) => event.id);
    const other = changeEvents(booking, confirmed, 'another-change').map((event) => event.id);

    expect(again).toEqual(once);
    expect(new Set([...once, ...other]).size).toBe(4);
  });

  it('are published with the time of the change, ordered by booking, and none for a change that moved nothing', async () => {
    const published: DomainEvent[] = [];
    const outbox = { publish: async (events: readonly DomainEvent[]) => void published.push(...events) };
    const booking = anIssuedBooking();

    const count = await publishChangeEvents(outbox, {
      before: booking,
      after: { ...booking, status: 'Canceled' },
      changeId,
      changedAt: '2030-05-01T10:05:00.000Z',
    });
    const none = await publishChangeEvents(outbox, {
      before: booking,
      after: booking,
      changeId,
      changedAt: '',
    });

    expect([count, none]).toEqual([2, 0]);
    expect(
      published.map((event) => [event.type, event.timestamp, event.orderingKey, event.accountId]),
    ).toEqual([
      ['booking.status.changed', '2030-05-01T10:05:00.000Z', booking.bookingId, accountId],
      ['pass.status.changed', '2030-05-01T10:05:00.000Z', booking.bookingId, accountId],
    ]);
  });
});
