import type {
  CatalogRecords,
  Contract,
  FastTrackRecord,
  LoungeRecord,
  TariffRecord,
} from '../../../shared/domain/catalog/catalog-stored.ts';
import type { CatalogView } from '../../../shared/domain/catalog/ports.ts';
import { CatalogSnapshot } from '../../../shared/domain/catalog/snapshot.ts';
import type { GuestPrices } from '../../../shared/domain/pricing/prices.ts';

export const hubId = '3ecd9a86-eb4d-54c6-b9ae-9afe01c638f3';
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const blob = 'a'.repeat(64);

export function lounge(
  n: number,
  en: string,
  ru: string,
  overrides: Partial<LoungeRecord> = {},
): LoungeRecord {
  return {
    id: id(n),
    hub_id: hubId,
    name: { 'en-US': en, 'ru-RU': ru },
    landside: false,
    airside_zone: 'International',
    is_arrival_available: false,
    amenities: [{ id: 'wifi', is_free: true }],
    business_hours: [
      { day: 1, times: { type: 'STANDARD', detail: '05:00-13:00,14:00-24:00' } },
      {
        day: 7,
        times: {
          type: 'SPECIAL',
          detail: { 'en-US': 'By the flight schedule', 'ru-RU': 'По расписанию рейсов' },
        },
      },
    ],
    is_active: true,
    policy: {
      age: { min_age: 0, notes: { 'en-US': 'Kids free', 'ru-RU': 'Дети бесплатно' } },
      stay: { max_duration: 'PT3H' },
    },
    required_booking_info: ['Name', 'Email'],
    images: [
      {
        id: id(1000 + n),
        blob,
        content_type: 'image/svg+xml',
        sort: 20,
        title: { 'en-US': 'Bar', 'ru-RU': 'Бар' },
        enabled: true,
      },
      { id: id(2000 + n), blob, content_type: 'image/svg+xml', sort: 10, enabled: true },
      { id: id(3000 + n), blob, content_type: 'image/svg+xml', sort: 30, enabled: false },
    ],
    direction_info: { 'en-US': 'Level 3', 'ru-RU': '3-й этаж' },
    prices: { currency: 'RUB', adult: '4500.00', child: '2250.00', infant: '0.00' },
    ...overrides,
  };
}

export function fastTrack(n: number, overrides: Partial<FastTrackRecord> = {}): FastTrackRecord {
  return {
    id: id(n),
    hub_id: hubId,
    name: { 'en-US': `Fast Track ${n}`, 'ru-RU': `Фаст-трек ${n}` },
    terminal: 'C',
    direction: 'Departure',
    business_hours: [{ day: 1, times: { type: 'STANDARD', detail: '00:00-24:00' } }],
    required_booking_info: ['Name'],
    policy: {},
    images: [{ id: id(4000 + n), blob, content_type: 'image/svg+xml', sort: 1, enabled: true }],
    is_active: true,
    description: { 'en-US': 'Priority lane', 'ru-RU': 'Приоритетный коридор' },
    prices: { currency: 'RUB', adult: '2500.00', child: '2500.00', infant: '0.00' },
    ...overrides,
  };
}

export function tariff(n: number, overrides: Partial<TariffRecord> = {}): TariffRecord {
  return {
    id: id(n),
    name: { 'en-US': `Europe ${n} GB`, 'ru-RU': `Европа ${n} ГБ` },
    coverage: ['DE', 'FR'],
    data_mb: n * 1024,
    validity_days: 30,
    topup_allowed: true,
    price: { amount: '9.99', currency: 'EUR' },
    is_active: true,
    ...overrides,
  };
}

/** Six lounges (one inactive), two fast-tracks, two tariffs at Sheremetyevo. */
export function records(): CatalogRecords {
  return {
    hubs: [
      {
        id: hubId,
        kind: 'Airport',
        name: {
          'en-US': 'Sheremetyevo International Airport',
          'ru-RU': 'Международный аэропорт Шереметьево',
        },
        city: { 'en-US': 'Moscow', 'ru-RU': 'Москва' },
        country: 'RU',
        continent: 'Europe',
        coordinates: { latitude: 55.9726, longitude: 37.4146 },
        timezone: 'Europe/Moscow',
        meta: { kind: 'Airport', iata: 'SVO', icao: 'UUEE' },
      },
    ],
    amenities: [{ id: 'wifi', name: { 'en-US': 'Wi-Fi', 'ru-RU': 'Вай-фай' } }],
    lounges: [
      lounge(1, 'Business Lounge B', 'Бизнес-зал B'),
      lounge(2, 'Business Lounge C', 'Бизнес-зал C'),
      lounge(3, 'Arrivals Lounge', 'Зал прилёта'),
      lounge(4, 'Ёлка Lounge', 'Зал «Ёлка»'),
      lounge(5, 'Comfort Lounge', 'Комфорт-зал'),
      lounge(6, 'Closed Business Lounge', 'Закрытый бизнес-зал', { is_active: false }),
    ],
    fast_tracks: [fastTrack(11), fastTrack(12, { direction: 'Arrival', is_active: false })],
    tariffs: [tariff(21), tariff(22)],
  };
}

export const everything: Contract = {
  lounges: 'all',
  fast_tracks: 'all',
  tariffs: 'all',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

export function view(
  contract: Contract = everything,
  input: { records?: CatalogRecords; version?: string; updatedAt?: string } = {},
): CatalogView {
  return {
    snapshot: new CatalogSnapshot({
      records: input.records ?? records(),
      version: input.version ?? 'v1',
      updatedAt: new Date(input.updatedAt ?? '2030-01-02T10:00:00.000Z'),
      imageBaseUrl: 'https://api.test.invalid/',
    }),
    contract,
  };
}

/** A lounge or fast-track read back as a replace takes it: every fixture item has prices. */
export function priced<T extends { prices?: GuestPrices | undefined }>(item: T): T & { prices: GuestPrices } {
  const { prices } = item;
  if (!prices) throw new Error('the fixture item has no prices');
  return { ...item, prices };
}
