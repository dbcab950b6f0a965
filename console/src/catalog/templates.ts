import type { CatalogKind } from '../api/types.ts';

const text = () => ({ 'en-US': '', 'ru-RU': '' });
const prices = () => ({ currency: '', adult: '', child: '', infant: '' });
const weekdays = () =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, times: { type: 'STANDARD', detail: '08:00-20:00' } }));

/**
 * The form a new item starts from: every field of the admin form (docs/catalog-admin.md), localized
 * texts with every locale, references by id, optional fields left out. The API's form is strict, so
 * a field it adds or renames shows up in its 422 until it is changed here.
 */
export const createTemplates: Record<CatalogKind, () => Record<string, unknown>> = {
  lounges: () => ({
    hub_id: '',
    name: text(),
    landside: false,
    is_arrival_available: false,
    amenity_ids: [],
    paid_amenity_ids: [],
    direction_info: text(),
    business_hours: weekdays(),
    required_booking_info: ['Name'],
    policy: {},
    images: [],
    is_active: true,
    prices: prices(),
  }),
  'fast-tracks': () => ({
    hub_id: '',
    name: text(),
    direction: 'Departure',
    description: text(),
    business_hours: weekdays(),
    required_booking_info: ['Name'],
    policy: {},
    images: [],
    is_active: true,
    prices: prices(),
  }),
  tariffs: () => ({
    name: text(),
    coverage: [],
    data_mb: 1024,
    validity_days: 30,
    topup_allowed: false,
    price: { amount: '', currency: 'EUR' },
    is_active: true,
  }),
  hubs: () => ({
    kind: 'Airport',
    name: text(),
    city: text(),
    country: '',
    continent: '',
    coordinates: { latitude: 0, longitude: 0 },
    timezone: '',
    meta: { kind: 'Airport', iata: '', icao: '' },
    is_active: true,
  }),
  amenities: () => ({ name: text(), is_active: true }),
};

/**
 * An item as the editor shows it: a lounge or fast-track saved before prices existed gets empty price
 * fields, since the API requires them on the next save (docs/billing.md, Prices and contract terms).
 */
export function withRequiredFields(
  kind: CatalogKind,
  item: Record<string, unknown>,
): Record<string, unknown> {
  if ((kind === 'lounges' || kind === 'fast-tracks') && item.prices === undefined) {
    return { ...item, prices: prices() };
  }
  return item;
}
