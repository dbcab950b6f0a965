import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LedgerLine, totalsOf } from '../../../shared/domain/billing/model.ts';
import { closeDueStatements } from '../../../shared/domain/billing/service.ts';
import { isUnchargedNoShow, noShowFeeApplies } from '../../../shared/domain/booking/charges.ts';
import { uuidV7 } from '../../../shared/domain/booking/ids.ts';
import type { BookableService } from '../../../shared/domain/booking/model.ts';
import type { BookingStore } from '../../../shared/domain/booking/ports.ts';
import {
  changeBooking,
  chargeNoShows,
  createBooking,
  issuePass,
} from '../../../shared/domain/booking/service.ts';
import { ApiError, ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { parseMoney } from '../../../shared/domain/money/money.ts';
import type { ChargeTerms } from '../../../shared/domain/pricing/terms.ts';
import { simulatePassUse } from '../../../shared/domain/redemptions/sandbox.ts';
import { MemoryTable, StagedWrites } from '../redemptions/fakes.ts';

/**
 * For any sequence of bookings, confirms, cancels, redemptions, passing time (no-shows), eSIM issues
 * and top-ups, and closing runs, through the real booking, redemption and billing use cases on fakes:
 * every statement's totals equal the sum of its lines, and each booking has at most the lines its
 * history calls for. eSIM issues and top-ups are charged through the Ledger port as their use cases
 * charge (shared/domain/esim/service.ts); their own rules have their own tests.
 */
const accountIds = ['0b6f4b7e-4a53-4bd1-9a51-4c3f2b8e9d10', '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'];
const accounts = {
  list: async () => ({ items: accountIds.map((accountId) => ({ accountId })), nextCursor: null }),
};

const termsArbitrary: fc.Arbitrary<ChargeTerms> = fc.record({
  billingBasis: fc.constantFrom('per_visit' as const, 'per_pass' as const),
  freeCancellationHours: fc.constantFrom(0, 1, 24),
  cancellationFeePercent: fc.constantFrom(0, 12.5, 100),
  noShowFeePercent: fc.constantFrom(0, 50),
});

const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('book' as const),
      account: fc.nat(1),
      terms: termsArbitrary,
      adults: fc.integer({ min: 1, max: 3 }),
      children: fc.nat(2),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constantFrom('confirm' as const, 'cancel' as const, 'redeem' as const),
      booking: fc.nat(20),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('wait' as const), hours: fc.constantFrom(1, 12, 30, 24 * 40) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('sweep' as const, 'close' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('esim' as const, 'esim_topup' as const),
      account: fc.nat(1),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
);

const perPass = {
  billingBasis: 'per_pass',
  freeCancellationHours: 0,
  cancellationFeePercent: 50,
  noShowFeePercent: 0,
} as const;
const perVisit: ChargeTerms = { ...perPass, billingBasis: 'per_visit', noShowFeePercent: 50 };
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
/** A sequence that writes every kind a booking charges, across a closing: the random ones add to it. */
const everyKind: Step[] = [
  { op: 'book', account: 0, terms: perPass, adults: 1, children: 1 },
  { op: 'book', account: 0, terms: perPass, adults: 2, children: 0 },
  { op: 'book', account: 1, terms: perVisit, adults: 1, children: 2 },
  { op: 'book', account: 1, terms: perVisit, adults: 1, children: 0 },
  { op: 'confirm', booking: 0 },
  { op: 'confirm', booking: 1 },
  { op: 'confirm', booking: 2 },
  { op: 'confirm', booking: 3 },
  { op: 'redeem', booking: 2 },
  { op: 'cancel', booking: 0 },
  { op: 'esim', account: 0, cents: 1500 },
  { op: 'wait', hours: 30 },
  { op: 'cancel', booking: 1 },
  { op: 'esim_topup', account: 1, cents: 700 },
  { op: 'wait', hours: 24 * 40 },
  { op: 'close' },
];

/** The booking store over the fake table; partner actions always take the staged path. */
function storeOver(table: MemoryTable): BookingStore {
  const bookings = () => [...table.bookings.byId.values()];
  return {
    find: (accountId, bookingId) => table.bookings.find(accountId, bookingId),
    findByPass: (passId) => table.bookings.findByPass(passId),
    list: async () => ({ items: [], nextCursor: null }),
    endedHolds: async () => [],
    processingSince: async () => [],
    noShowsDue: async (at, limit) =>
      bookings()
        .filter((booking) => noShowFeeApplies(booking) && isUnchargedNoShow(booking, at))
        .slice(0, limit),
    writes: (change) => table.bookings.writes(change),
    commit: (writes) => table.commit(writes),
    applyPartnerAction: async (action) => ({
      applied: false,
      found: await table.bookings.find(action.accountId, action.bookingId),
    }),
  };
}

/** As the HTTP pipeline runs an operation: stage, commit in one transaction, again on ConcurrentChangeError. */
async function run(table: MemoryTable, operation: (uow: StagedWrites) => Promise<unknown>): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const uow = new StagedWrites();
    try {
      await operation(uow);
      await table.commit(uow.writes);
      return;
    } catch (error) {
      if (error instanceof ApiError) return;
      if (!(error instanceof ConcurrentChangeError)) throw error;
    }
  }
}

describe('statements over any sequence of chargeable changes', () => {
  it('total the sum of their lines, and each booking has only the lines its history calls for', async () => {
    const kindsSeen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        const table = new MemoryTable();
        const { ledger } = table;
        let now = new Date('2026-10-28T10:00:00.000Z');
        const store = storeOver(table);
        const booked: { accountId: string; bookingId: string }[] = [];

        for (const next of steps) {
          if (next.op === 'book') {
            const accountId = accountIds[next.account] as string;
            const service: BookableService = {
              serviceType: 'Lounge',
              id: 'fc569dee-5236-518b-9f85-88c1b24f553f',
              requiredBookingInfo: [],
              unitPrices: { currency: 'EUR', adult: '42.00', child: '21.05', infant: '0.00' },
              chargeTerms: next.terms,
            };
            const guests = [
              ...Array.from({ length: next.adults }, (_, index) => ({
                type: 'Adult' as const,
                lead: index === 0,
              })),
              ...Array.from({ length: next.children }, () => ({ type: 'Child' as const, lead: false })),
            ].map((guest) => ({ ...guest, firstName: 'A', lastName: 'B' }));
            const uow = new StagedWrites();
            const created = await createBooking(
              { store, services: { find: async () => service }, uow },
              { accountId, serviceType: 'Lounge', now },
              {
                serviceId: service.id,
                firstName: null,
                lastName: null,
                email: null,
                phone: null,
                callingCode: null,
                transportNumber: null,
                guests,
              },
            );
            await table.commit(uow.writes);
            await issuePass(
              { store, signer: { sign: async () => 'token' }, holdSeconds: 1800 },
              created,
              now,
            );
            booked.push({ accountId, bookingId: created.bookingId });
          } else if (next.op === 'confirm' || next.op === 'cancel') {
            const target = booked[next.booking % Math.max(booked.length, 1)];
            if (!target) continue;
            const action = next.op;
            await run(table, (uow) =>
              changeBooking(
                { store, ledger, uow },
                { accountId: target.accountId, serviceType: 'Lounge', now },
                target.bookingId,
                action,
                'staged',
              ),
            );
          } else if (next.op === 'redeem') {
            const target = booked[next.booking % Math.max(booked.length, 1)];
            if (!target) continue;
            await run(table, (uow) =>
              simulatePassUse(
                { bookings: store, redemptions: table.redemptions, ledger, uow },
                { accountId: target.accountId, scopes: ['booking.lounges:write'], now },
                target.bookingId,
                1,
              ),
            );
          } else if (next.op === 'wait') {
            // The booking-expiry worker runs every minute: time passing is swept.
            now = new Date(now.getTime() + next.hours * 3_600_000);
            await chargeNoShows({ store, ledger }, now);
          } else if (next.op === 'sweep') {
            await chargeNoShows({ store, ledger }, now);
          } else if (next.op === 'close') {
            await closeDueStatements({ closing: ledger, outbox: ledger.outbox, accounts }, now);
          } else if (next.op === 'esim' || next.op === 'esim_topup') {
            const { op, account, cents } = next;
            const accountId = accountIds[account] as string;
            await run(table, async (uow) => {
              uow.stage(
                ...ledger.charge({
                  lineId: uuidV7(now),
                  accountId,
                  occurredAt: now.toISOString(),
                  kind: op,
                  description: 'eSIM',
                  amount: parseMoney({ amount: (cents / 100).toFixed(2), currency: 'USD' }),
                  iccid: '8900000000000000001',
                }).writes,
              );
            });
          }
        }
        for (const line of ledger.written) kindsSeen.add(line.kind);
        if (ledger.closed.size > 0) kindsSeen.add('closed statement');

        // Every statement, open or closed, totals exactly its lines.
        const periods = new Set(ledger.written.map((line) => `${line.accountId}/${line.period}`));
        for (const key of periods) {
          const [accountId = '', period = ''] = key.split('/');
          const lines = ledger.written.filter(
            (line) => line.accountId === accountId && line.period === period,
          );
          expect((await ledger.statement(accountId, period))?.totals).toEqual(totalsOf(lines));
        }
        // Each booking: at most one line of each kind; a visit excludes a no-show; a credit needs a pass.
        for (const { bookingId } of booked) {
          const kinds = ledger.written
            .filter((line: LedgerLine) => line.bookingId === bookingId)
            .map((line) => line.kind);
          const count = (kind: string) => kinds.filter((each) => each === kind).length;
          for (const kind of new Set(kinds)) expect(count(kind)).toBe(1);
          expect(count('visit') + count('no_show')).toBeLessThanOrEqual(1);
          expect(count('cancellation_credit')).toBeLessThanOrEqual(count('pass'));
          expect(count('cancellation_fee')).toBeLessThanOrEqual(count('cancellation_credit'));
        }
      }),
      { numRuns: 300, examples: [[everyKind]] },
    );
    // Not vacuous: the runs wrote every kind a booking charges, and closed statements.
    expect([...kindsSeen].sort()).toEqual(
      expect.arrayContaining([
        'cancellation_credit',
        'cancellation_fee',
        'closed statement',
        'esim',
        'no_show',
        'pass',
        'visit',
      ]),
    );
  });
});
