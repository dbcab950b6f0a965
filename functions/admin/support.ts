import { bookingLookup, bookingStore } from '../../shared/db/entities/booking.ts';
import { redemptionStore } from '../../shared/db/entities/redemption.ts';
import { findAnyBooking, searchBookings } from '../../shared/domain/booking/lookup.ts';
import { cancelOnBehalf } from '../../shared/domain/booking/service.ts';
import type { Implementations } from '../../shared/http/pipeline/index.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { adminBookingDetailView, adminBookingView } from '../../shared/http/views/support.ts';
import type { supportRoutes } from '../../shared/routes/support.ts';

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
    const redemption = booking.passId ? await redemptionStore.findByPass(booking.passId) : undefined;
    return { status: 200, body: adminBookingDetailView(booking, redemption ? [redemption] : []) };
  },

  cancelBookingOnBehalf: async ({ principal, params, body, uow, now }) => {
    const booking = await findAnyBooking(bookingLookup, params.bookingID);
    const canceled = await cancelOnBehalf({ store: bookingStore, uow }, booking, {
      employeeId: principal.subject,
      reason: body.reason,
      waiveFee: body.waive_fee,
      now,
    });
    return { status: 200, body: adminBookingView(canceled) };
  },
};
