import type { RecentCatalogReader } from '../catalog/ports.ts';
import { contractedRecord } from '../catalog/service.ts';
import type { ServiceType } from './model.ts';
import type { BookableServices } from './ports.ts';

const catalogKind = { Lounge: 'lounges', FastTrack: 'fast_tracks' } as const satisfies Record<
  ServiceType,
  string
>;

/**
 * The longest a contract change, or a deactivation published in a new catalog, takes to reach
 * booking. A create trusts the account's catalog view read within this window (by a create or a
 * catalog read in the same container) instead of reading it again, so a warm create is one round trip:
 * its transaction. Catalog operations never use the window; they read afresh on every request.
 */
export const bookingCatalogMaxAgeMs = 30_000;

/**
 * Booking's view of the catalog: what the account sees (active, in its contract) is what it may book.
 * Only a yes is taken from a recent view; a no is checked against a fresh read, so a service just
 * added to the contract is bookable at once.
 */
export function catalogBookableServices(reader: RecentCatalogReader): BookableServices {
  return {
    async find(accountId, serviceType, serviceId) {
      const kind = catalogKind[serviceType];
      const recent = reader.recentView(accountId, bookingCatalogMaxAgeMs);
      const record =
        (recent && contractedRecord(recent, kind, serviceId)) ??
        contractedRecord(await reader.view(accountId), kind, serviceId);
      return record
        ? { serviceType, id: serviceId, requiredBookingInfo: record.required_booking_info }
        : undefined;
    },
  };
}
