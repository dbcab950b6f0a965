import { describe, expect, it } from 'vitest';
import { changeEvents } from '../../../shared/domain/booking/events.ts';
import type { BookableService, Booking, Pass } from '../../../shared/domain/booking/model.ts';
import type { BookingChange, BookingStore, HeldBookingKey } from '../../../shared/domain/booking/ports.ts';
import {
  changeBooking,
  createBooking,
  expireEndedHolds,
  findPass,
  issuePass,
  issueStuckBookings,
  recordPassUse,
} from '../../../shared/domain/booking/service.ts';
import { SupersededChangeError } from '../../../shared/domain/booking/state.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import type { StagedWrite } from '../../../shared/domain/unit-of-work.ts';
import { aBooking, accountId, anIssuedBooking, aPass, now, serviceId } from './fixtures.ts';

interface ChangeWrite extends StagedWrite {
  change: BookingChange;
}

/** Bookings in memory; writes carry their change, commits apply it or fail as the test says. */
class MemoryBookings implements BookingStore {
  readonly bookings = new Map<string, Booking>();
  readonly passes = new Map<string, Pass>();
  readonly committed: BookingChange[] = [];
  holds: HeldBookingKey[] = [];
  processing: HeldBookingKey[] = [];
  /** The cut-off each read of the Processing index asked for. */
  readonly processingAsked: Date[] = [];
  commitFailure: Error | undefined;

  constructor(...bookings: Booking[]) {
    for (const booking of bookings) this.bookings.set(`${booking.accountId}/${booking.bookingId}`, booking);
  }
  async find(account: string, bookingId: string) {
    return this.bookings.get(`${account}/${bookingId}`);
  }
  async findPass(account: string, bookingId: string) {
    return this.passes.get(`${account}/${bookingId}`);
  }
  /** Set to miss the pass in the joint read, as a read just before the issuing transaction would. */
  passMissedByJointRead = false;
  async findWithPass(account: string, bookingId: string) {
    const pass = this.passMissedByJointRead ? undefined : await this.findPass(account, bookingId);
    return { booking: await this.find(account, bookingId), pass };
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
  writes(change: BookingChange): ChangeWrite[] {
    return [{ description: change.action, change }];
  }
  async commit(writes: StagedWrite[]) {
    if (this.commitFailure) throw this.commitFailure;
    for (const write of writes as ChangeWrite[]) this.committed.push(write.change);
  }
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

describe('confirming and canceling', () => {
  it('confirms an Issued booking: the pass becomes Active with it', async () => {
    const booking = anIssuedBooking();
    const uow = new StagedWrites();

    const confirmed = await changeBooking(
      { store: new MemoryBookings(booking), uow },
      context,
      booking.bookingId,
      'confirm',
    );

    expect(confirmed.status).toBe('Confirmed');
    expect(uow.changes[0]?.pass).toEqual({
      kind: 'status',
      passId: booking.passId,
      from: 'Issued',
      to: 'Active',
    });
  });

  it('cancels a Processing booking without touching a pass that does not exist', async () => {
    const booking = aBooking();
    const uow = new StagedWrites();

    await changeBooking({ store: new MemoryBookings(booking), uow }, context, booking.bookingId, 'cancel');

    expect(uow.changes[0]?.pass).toBeUndefined();
  });

  it('expires a booking whose hold has ended on the spot, and refuses the confirm', async () => {
    const booking = anIssuedBooking({ holdExpiresAt: '2030-05-01T09:59:59.000Z' });
    const store = new MemoryBookings(booking);
    const uow = new StagedWrites();

    const error = await refusalOf(() => changeBooking({ store, uow }, context, booking.bookingId, 'confirm'));

    expect(error.code).toBe('BookingAlreadyCanceled');
    expect(store.committed.map((change) => [change.action, change.after.status, change.pass])).toEqual([
      ['expire', 'Expired', { kind: 'status', passId: booking.passId, from: 'Issued', to: 'Expired' }],
    ]);
    expect(uow.writes).toEqual([]);
  });

  it('refuses a late confirm even when a cancel beat the expiry to it', async () => {
    const booking = anIssuedBooking({ holdExpiresAt: '2030-05-01T09:59:59.000Z' });
    const store = new MemoryBookings(booking);
    store.commitFailure = new SupersededChangeError('Canceled');

    const error = await refusalOf(() =>
      changeBooking({ store, uow: new StagedWrites() }, context, booking.bookingId, 'confirm'),
    );

    expect(error.code).toBe('BookingAlreadyCanceled');
  });

  it('answers BookingNotFound for a booking of the other service', async () => {
    const booking = anIssuedBooking({ serviceType: 'FastTrack' });

    const error = await refusalOf(() =>
      changeBooking(
        { store: new MemoryBookings(booking), uow: new StagedWrites() },
        context,
        booking.bookingId,
        'confirm',
      ),
    );

    expect(error.code).toBe('BookingNotFound');
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

  it('answers the pass of a booking read together with it', async () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });
    const store = new MemoryBookings(booking);
    store.passes.set(`${accountId}/${booking.bookingId}`, aPass());

    expect(await findPass(store, context, booking.bookingId)).toEqual(aPass());
  });

  it('reads the pass again when the booking names one the joint read missed', async () => {
    const booking = anIssuedBooking();
    const store = new MemoryBookings(booking);
    store.passes.set(`${accountId}/${booking.bookingId}`, aPass({ status: 'Issued' }));
    store.passMissedByJointRead = true;

    expect((await findPass(store, context, booking.bookingId)).status).toBe('Issued');
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
    expect(change?.after).toMatchObject({ status: 'Issued', holdExpiresAt: '2030-05-01T10:30:00.000Z' });
    expect(change?.pass).toMatchObject({
      kind: 'create',
      pass: { status: 'Issued', guestsCount: 2, token: 'signed.qr.payload', validFrom: now.toISOString() },
    });
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
});

describe('the sandbox pass-used', () => {
  const confirmed = anIssuedBooking({ status: 'Confirmed' });
  const scopes = ['booking.lounges:write' as const];

  function storeWith(pass: Pass) {
    const store = new MemoryBookings(confirmed);
    store.passes.set(`${accountId}/${confirmed.bookingId}`, pass);
    return store;
  }

  it('marks an Active pass Used with the guests that came, leaving the booking as it is', async () => {
    const uow = new StagedWrites();

    const pass = await recordPassUse(
      { store: storeWith(aPass()), uow },
      { accountId, scopes, now },
      confirmed.bookingId,
      2,
    );

    expect(pass).toMatchObject({ status: 'Used', usedGuestsCount: 2 });
    expect(uow.changes[0]).toMatchObject({ before: confirmed, after: confirmed });
  });

  it('refuses more guests than the pass admits', async () => {
    const error = await refusalOf(() =>
      recordPassUse(
        { store: storeWith(aPass()), uow: new StagedWrites() },
        { accountId, scopes, now },
        confirmed.bookingId,
        3,
      ),
    );

    expect(error.code).toBe('ValidationError');
  });

  it('refuses a pass that is not Active', async () => {
    const error = await refusalOf(() =>
      recordPassUse(
        { store: storeWith(aPass({ status: 'Issued' })), uow: new StagedWrites() },
        { accountId, scopes, now },
        confirmed.bookingId,
        1,
      ),
    );

    expect(error.code).toBe('PassNotReady');
  });

  it("wants the scope of the booking's own service", async () => {
    const fastTrack = anIssuedBooking({ serviceType: 'FastTrack', status: 'Confirmed' });

    const error = await refusalOf(() =>
      recordPassUse(
        { store: new MemoryBookings(fastTrack), uow: new StagedWrites() },
        { accountId, scopes, now },
        fastTrack.bookingId,
        1,
      ),
    );

    expect(error.code).toBe('Forbidden');
    expect(error.details).toMatchObject({ required_scope: 'booking.fast_tracks:write' });
  });
});

describe('the events of a change', () => {
  it('reports a new booking with previous_status null', () => {
    const booking = aBooking();

    expect(changeEvents({ action: 'create', before: null, after: booking, now })).toEqual([
      {
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

  it('reports the booking and its pass when both move', () => {
    const booking = anIssuedBooking();
    const after = { ...booking, status: 'Confirmed' as const };

    const events = changeEvents({
      action: 'confirm',
      before: booking,
      after,
      now,
      pass: { kind: 'status', passId: booking.passId ?? '', from: 'Issued', to: 'Active' },
    });

    expect(events.map((event) => [event.type, event.data.previous_status, event.data.status])).toEqual([
      ['booking.status.changed', 'Issued', 'Confirmed'],
      ['pass.status.changed', 'Issued', 'Active'],
    ]);
    expect(events[1]?.data.pass_id).toBe(booking.passId);
  });

  it('reports only the pass when only the pass moves', () => {
    const booking = anIssuedBooking({ status: 'Confirmed' });

    const events = changeEvents({
      action: 'use',
      before: booking,
      after: booking,
      now,
      pass: { kind: 'status', passId: booking.passId ?? '', from: 'Active', to: 'Used' },
    });

    expect(events.map((event) => event.type)).toEqual(['pass.status.changed']);
  });
});
