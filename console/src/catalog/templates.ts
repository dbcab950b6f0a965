import type { CatalogKind } from '../api/types.ts';

const text = () => ({ 'en-US': '', 'ru-RU': '' });

/**
 * The empty form a new item starts from: every field of the admin form, localized texts with every
 * locale, references by id. Aligned with the admin API's create schemas; a field the API adds shows
 * up in its 422 until it is added here.
 */
export const createTemplates: Record<CatalogKind, () => Record<string, unknown>> = {
  lounges: () => ({
    name: text(),
    hub_id: '',
    landside: false,
    airside_zone: '',
    is_arrival_available: false,
    direction_info: text(),
    amenity_ids: [],
    image_ids: [],
    required_booking_info: [],
    business_hours: [],
    policy: {},
  }),
  'fast-tracks': () => ({
    name: text(),
    hub_id: '',
    terminal: '',
    direction: 'departure',
    description: text(),
    image_ids: [],
    required_booking_info: [],
    business_hours: [],
    policy: {},
  }),
  tariffs: () => ({
    name: text(),
    coverage: [],
    data_mb: 1024,
    validity_days: 30,
    topup_allowed: false,
    price: { amount: '', currency: 'EUR' },
  }),
  hubs: () => ({
    code: '',
    kind: 'airport',
    name: text(),
    timezone: '',
    location: {
      city: text(),
      country: '',
      continent: '',
      coordinates: { latitude: 0, longitude: 0 },
    },
  }),
  amenities: () => ({ name: text(), is_free: true }),
};
