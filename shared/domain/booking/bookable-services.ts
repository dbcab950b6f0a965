import { type CatalogReader, contractedRecord } from '../catalog/service.ts';
import type { BookableServices, ServiceType } from './model.ts';

const catalogKind = { Lounge: 'lounges', FastTrack: 'fast_tracks' } as const satisfies Record<
  ServiceType,
  string
>;

/** Booking's view of the catalog: what the account sees (active, in its contract) is what it may book. */
export function catalogBookableServices(reader: CatalogReader): BookableServices {
  return {
    async find(accountId, serviceType, serviceId) {
      const record = contractedRecord(await reader.view(accountId), catalogKind[serviceType], serviceId);
      return record
        ? { serviceType, id: serviceId, requiredBookingInfo: record.required_booking_info }
        : undefined;
    },
  };
}
