import type { CatalogReader } from '../catalog/ports.ts';
import { contractedRecord } from '../catalog/service.ts';
import type { ServiceType } from './model.ts';
import type { BookableServices } from './ports.ts';

const catalogKind = { Lounge: 'lounges', FastTrack: 'fast_tracks' } as const satisfies Record<
  ServiceType,
  string
>;

/**
 * Booking's view of the catalog: what the account sees (active, in its contract) is what it may book.
 * The view is the one the catalog operations answer from (at most a few seconds old, no round trip
 * when warm). Only a yes is taken from it; a no is checked against a read made now, so a service just
 * added to the contract is bookable at once.
 */
export function catalogBookableServices(reader: CatalogReader): BookableServices {
  return {
    async find(accountId, serviceType, serviceId) {
      const kind = catalogKind[serviceType];
      const record =
        contractedRecord(await reader.view(accountId), kind, serviceId) ??
        contractedRecord(await reader.view(accountId, { maxAgeMs: 0 }), kind, serviceId);
      return record
        ? { serviceType, id: serviceId, requiredBookingInfo: record.required_booking_info }
        : undefined;
    },
  };
}
