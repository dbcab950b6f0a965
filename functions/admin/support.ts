import { bookingLookup, bookingStore } from '../../shared/db/entities/booking.ts';
import { esimStore } from '../../shared/db/entities/esim.ts';
import { iccidPool } from '../../shared/db/entities/esim-pool.ts';
import { ledgerReader, ledgerStore } from '../../shared/db/entities/ledger.ts';
import { redemptionStore } from '../../shared/db/entities/redemption.ts';
import { findAnyBooking, searchBookings } from '../../shared/domain/booking/lookup.ts';
import { cancelOnBehalf } from '../../shared/domain/booking/service.ts';
import { findAnyEsim, listAccountEsims } from '../../shared/domain/esim/lookup.ts';
import type { Esim } from '../../shared/domain/esim/model.ts';
import { resumeEsim, suspendEsim } from '../../shared/domain/esim/suspension.ts';
import type { Implementations } from '../../shared/http/pipeline/index.ts';
import { pageView } from '../../shared/http/views/page.ts';
import {
  adminBookingDetailView,
  adminBookingView,
  adminEsimDetailView,
  adminEsimView,
} from '../../shared/http/views/support.ts';
import type { supportRoutes } from '../../shared/routes/support.ts';
import { esimShareLinks } from '../../shared/secrets/esim-share-link-key.ts';

const linesOfEsim = (esim: Esim) => ledgerReader.linesAbout(esim.accountId, { iccid: esim.iccid });

/** The support tools (docs/support.md), served by the admin function. */
export const supportImplementations: Implementations<typeof supportRoutes> = {
  searchBookings: async ({ query }) => {
    const page = await searchBookings(bookingLookup, {
      limit: query.limit,
      cursor: query.cursor,
      accountId: query.account_id,
      status: query.status,
      serviceType: query.service_type,
      email: query.email,
      lastName: query.last_name,
      transportNumber: query.transport_number,
      createdFrom: query.created_from,
      createdTo: query.created_to,
    });
    return { status: 200, body: pageView(page, adminBookingView) };
  },

  getAdminBooking: async ({ params }) => {
    const booking = await findAnyBooking(bookingLookup, params.bookingID);
    const [redemption, lines] = await Promise.all([
      booking.passId ? redemptionStore.findByPass(booking.passId) : undefined,
      ledgerReader.linesAbout(booking.accountId, { bookingId: booking.bookingId }),
    ]);
    return { status: 200, body: adminBookingDetailView(booking, redemption ? [redemption] : [], lines) };
  },

  cancelBookingOnBehalf: async ({ principal, params, body, uow, now }) => {
    const booking = await findAnyBooking(bookingLookup, params.bookingID);
    const canceled = await cancelOnBehalf({ store: bookingStore, ledger: ledgerStore, uow }, booking, {
      employeeId: principal.subject,
      reason: body.reason,
      waiveFee: body.waive_fee,
      now,
    });
    return { status: 200, body: adminBookingView(canceled) };
  },

  listAdminEsims: async ({ query, now }) => {
    const [page, shareLinkOf] = await Promise.all([
      listAccountEsims(
        esimStore,
        { accountId: query.account_id, status: query.status, limit: query.limit, cursor: query.cursor },
        now,
      ),
      esimShareLinks(),
    ]);
    return { status: 200, body: pageView(page, (esim) => adminEsimView(esim, now, shareLinkOf)) };
  },

  getAdminEsim: async ({ params, now }) => {
    const esim = await findAnyEsim({ esims: esimStore, pool: iccidPool }, params.iccid);
    return {
      status: 200,
      body: adminEsimDetailView(esim, await linesOfEsim(esim), now, await esimShareLinks()),
    };
  },

  suspendEsim: async ({ principal, params, body, uow, now }) => {
    const esim = await findAnyEsim({ esims: esimStore, pool: iccidPool }, params.iccid);
    const change = { actor: { type: 'employee', id: principal.subject } as const, reason: body.reason, now };
    return {
      status: 200,
      body: adminEsimDetailView(
        suspendEsim({ esims: esimStore, uow }, esim, change),
        await linesOfEsim(esim),
        now,
        await esimShareLinks(),
      ),
    };
  },

  resumeEsim: async ({ principal, params, body, uow, now }) => {
    const esim = await findAnyEsim({ esims: esimStore, pool: iccidPool }, params.iccid);
    const change = { actor: { type: 'employee', id: principal.subject } as const, reason: body.reason, now };
    return {
      status: 200,
      body: adminEsimDetailView(
        resumeEsim({ esims: esimStore, uow }, esim, change),
        await linesOfEsim(esim),
        now,
        await esimShareLinks(),
      ),
    };
  },
};
