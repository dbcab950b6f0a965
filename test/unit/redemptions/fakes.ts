import type { Booking } from '../../../shared/domain/booking/model.ts';
import type { BookingChange, BookingStore } from '../../../shared/domain/booking/ports.ts';
import { bookingConflict } from '../../../shared/domain/booking/state.ts';
import type { Page, PageRequest } from '../../../shared/domain/ports.ts';
import type { Redemption, RedemptionStatus } from '../../../shared/domain/redemptions/model.ts';
import type {
  PassToken,
  PassTokens,
  RedemptionStore,
  VenueAuthority,
  VenueRedemptionsQuery,
} from '../../../shared/domain/redemptions/ports.ts';
import type { StagedWrite, UnitOfWork } from '../../../shared/domain/unit-of-work.ts';
import { MemoryLedger } from '../../support/memory-ledger.ts';

type MemoryWrite = StagedWrite &
  (
    | { kind: 'redemption'; redemption: Redemption; taken: (existing: Redemption | undefined) => Error }
    | { kind: 'booking'; change: BookingChange }
  );

const page = <T>(items: T[], request: PageRequest): Page<T> => {
  const start = request.cursor === undefined ? 0 : Number(request.cursor);
  const slice = items.slice(start, start + request.limit);
  return {
    items: slice,
    nextCursor: start + request.limit < items.length ? String(start + request.limit) : null,
  };
};

/** Bookings in memory, found by account or by pass; writes carry their change. */
export class MemoryBookings implements Pick<BookingStore, 'find' | 'findByPass' | 'writes'> {
  readonly byId = new Map<string, Booking>();

  constructor(...bookings: Booking[]) {
    for (const booking of bookings) this.byId.set(booking.bookingId, booking);
  }
  async find(accountId: string, bookingId: string) {
    const booking = this.byId.get(bookingId);
    return booking?.accountId === accountId ? booking : undefined;
  }
  async findByPass(passId: string) {
    return [...this.byId.values()].find((booking) => booking.pass?.passId === passId);
  }
  writes(change: BookingChange): MemoryWrite[] {
    return [{ description: `booking ${change.action}`, kind: 'booking', change }];
  }
  /** The error the write's condition gives on the booking it meets, if it fails. */
  refusal(change: BookingChange): Error | undefined {
    const found = this.byId.get(change.after.bookingId);
    const holds =
      change.action === 'use'
        ? found?.status === 'Confirmed' && found.passUse === null
        : found?.status === change.before?.status;
    return holds ? undefined : bookingConflict(change.action, found);
  }
}

/** Redemptions in memory, one per pass. */
export class MemoryRedemptions implements RedemptionStore {
  readonly byPass = new Map<string, Redemption>();

  create(redemption: Redemption, taken: (existing: Redemption | undefined) => Error): MemoryWrite[] {
    return [
      { description: `redemption of pass ${redemption.passId}`, kind: 'redemption', redemption, taken },
    ];
  }
  async findByPass(passId: string) {
    return this.byPass.get(passId);
  }
  async listOfVenue(venueId: string, query: VenueRedemptionsQuery) {
    const mine = [...this.byPass.values()]
      .filter(
        (r) =>
          r.venueId === venueId &&
          (query.since === undefined || Date.parse(r.recordedAt) >= Date.parse(query.since)),
      )
      .sort((a, b) => `${a.recordedAt}#${a.redemptionId}`.localeCompare(`${b.recordedAt}#${b.redemptionId}`));
    return page(mine, query);
  }
  async listByStatus(status: Extract<RedemptionStatus, 'Disputed'>, request: PageRequest) {
    const found = [...this.byPass.values()]
      .filter((r) => r.status === status)
      .sort((a, b) => `${b.recordedAt}#${b.redemptionId}`.localeCompare(`${a.recordedAt}#${a.redemptionId}`));
    return page(found, request);
  }
}

/**
 * One table of bookings and redemptions with DynamoDB's transactions: a commit checks every write's
 * condition on the state it meets, in order, and applies all or none in one step (no await inside), as
 * a TransactWriteItems is serializable. The redemption store's contract
 * (test/support/contracts/redemption-store.ts) holds this fake to the real store.
 */
export class MemoryTable {
  constructor(
    readonly bookings = new MemoryBookings(),
    readonly redemptions = new MemoryRedemptions(),
    readonly ledger = new MemoryLedger(),
  ) {}

  async commit(writes: readonly StagedWrite[]): Promise<void> {
    const isLine = (write: StagedWrite) => 'line' in write;
    const staged = writes.filter((write) => !isLine(write)) as MemoryWrite[];
    for (const write of staged) {
      const refused =
        write.kind === 'redemption'
          ? this.redemptions.byPass.has(write.redemption.passId)
            ? write.taken(this.redemptions.byPass.get(write.redemption.passId))
            : undefined
          : this.bookings.refusal(write.change);
      if (refused) throw refused;
    }
    this.ledger.apply(writes.filter(isLine));
    for (const write of staged) {
      if (write.kind === 'redemption') this.redemptions.byPass.set(write.redemption.passId, write.redemption);
      else this.bookings.byId.set(write.change.after.bookingId, write.change.after);
    }
  }
}

/** The request's unit of work. */
export class StagedWrites implements UnitOfWork {
  readonly writes: StagedWrite[] = [];
  stage(...writes: StagedWrite[]) {
    this.writes.push(...writes);
  }
}

/** QR payloads are the pass ids of the listed tokens; anything else is not a pass. */
export class KnownPasses implements PassTokens {
  constructor(private readonly tokens: PassToken[]) {}
  async read(qr: string) {
    return this.tokens.find((token) => token.passId === qr);
  }
}

/** A venue that operates the listed items. */
export const venueOperating = (...itemIds: string[]): VenueAuthority => ({
  operates: async (_venueId, _type, itemId) => itemIds.includes(itemId),
});
