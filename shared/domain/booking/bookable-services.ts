import { billingTermsOf } from '../catalog/catalog-stored.ts';
import type { CatalogReader } from '../catalog/ports.ts';
import { contractedRecord } from '../catalog/service.ts';
import { netPrices } from '../pricing/prices.ts';
import { chargeTermsOf } from '../pricing/terms.ts';
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
 * added to the contract is bookable at once. The prices and terms are those of the same view: the
 * ones the partner's catalog shows.
 */
export function catalogBookableServices(reader: CatalogReader): BookableServices {
  return {
    async find(accountId, serviceType, serviceId) {
      const kind = catalogKind[serviceType];
      let view = await reader.view(accountId);
      let record = contractedRecord(view, kind, serviceId);
      if (!record) {
        view = await reader.view(accountId, { maxAgeMs: 0 });
        record = contractedRecord(view, kind, serviceId);
      }
      if (!record) return undefined;
      const terms = billingTermsOf(view.contract);
      return {
        serviceType,
        id: serviceId,
        requiredBookingInfo: record.required_booking_info,
        unitPrices: record.prices && netPrices(record.prices, terms.discountPercent),
        chargeTerms: chargeTermsOf(terms),
      };
    },
  };
}
