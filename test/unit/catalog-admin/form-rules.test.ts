import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  contractForm,
  fastTrackForm,
  hubForm,
  loungeForm,
  tariffForm,
} from '../../../shared/schemas/catalog-admin.ts';

const hubId = '5b0c1a7e-0000-4000-8000-000000000001';
const imageId = '5b0c1a7e-0000-4000-8000-000000000002';
const text = (value: string) => ({ 'en-US': value, 'ru-RU': `${value} (ru)` });
const day = (number: number) => ({ day: number, times: { type: 'STANDARD', detail: '06:00-22:00' } });

const service = {
  hub_id: hubId,
  name: text('Rules Lounge'),
  business_hours: [day(1), day(2)],
  required_booking_info: ['Name', 'Email'],
  policy: {},
  images: [{ image_id: imageId, sort: 1 }],
  prices: { currency: 'EUR', adult: '45.00', child: '22.50', infant: '0' },
};
const lounge = {
  ...service,
  landside: false,
  airside_zone: 'International',
  amenity_ids: ['wifi', 'spa'],
  paid_amenity_ids: ['spa'],
  direction_info: text('Level 2'),
};
const fastTrack = { ...service, direction: 'Departure', description: text('Gate A') };
const tariff = {
  name: text('Europe 5 GB'),
  coverage: ['DE', 'FR'],
  data_mb: 5120,
  validity_days: 30,
  topup_allowed: true,
  price: { amount: '9.99', currency: 'EUR' },
};
const hub = {
  kind: 'Airport',
  name: text('Rules Airport'),
  city: text('Testville'),
  country: 'DE',
  continent: 'Europe',
  coordinates: { latitude: 50, longitude: 8 },
  timezone: 'Europe/Berlin',
  meta: { kind: 'Airport', iata: 'QQR', icao: 'QQRR' },
};

/** What zod answers: the parsed form, or each issue as `path: message`. */
function checked(schema: z.core.$ZodType, value: unknown): string[] | 'valid' {
  const result = z.safeParse(schema, value);
  return result.success
    ? 'valid'
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe("the admin forms' rules across fields", () => {
  it.each([
    ['a negative price', { ...lounge, prices: { ...lounge.prices, adult: '-1.00' } }, 'prices.adult'],
    [
      'a price that is not a number',
      { ...lounge, prices: { ...lounge.prices, child: 'free' } },
      'prices.child',
    ],
    ['no prices', { ...lounge, prices: undefined }, 'prices'],
    [
      'a currency that is no code',
      { ...lounge, prices: { ...lounge.prices, currency: 'eur' } },
      'prices.currency',
    ],
  ])('refuse %s at the field', (_case, form, path) => {
    const problems = checked(loungeForm, form);
    expect(problems).not.toBe('valid');
    expect((problems as string[]).map((problem) => problem.split(':')[0])).toEqual([path]);
  });

  it.each([
    ['discount_percent', 100.5],
    ['discount_percent', 12.345],
    ['cancellation_fee_percent', -1],
    ['no_show_fee_percent', 101],
    ['free_cancellation_hours', -1],
    ['free_cancellation_hours', 1.5],
    ['esim_refund_days', 2.5],
    ['billing_basis', 'per_month'],
  ])('refuse a contract term %s of %s at the field', (term, value) => {
    const problems = checked(contractForm, {
      lounges: 'all',
      fast_tracks: 'all',
      tariffs: 'all',
      [term]: value,
    });
    expect(problems).not.toBe('valid');
    expect((problems as string[]).map((problem) => problem.split(':')[0])).toEqual([term]);
  });

  it.each([
    ['lounge', loungeForm, lounge],
    ['fast track', fastTrackForm, fastTrack],
    ['tariff', tariffForm, tariff],
    ['hub', hubForm, hub],
    ['contract', contractForm, { lounges: [hubId, imageId], fast_tracks: 'all', tariffs: [] }],
    [
      'contract with terms',
      contractForm,
      {
        lounges: 'all',
        fast_tracks: 'all',
        tariffs: 'all',
        discount_percent: 12.5,
        billing_basis: 'per_pass',
        free_cancellation_hours: 0,
        cancellation_fee_percent: 50,
        no_show_fee_percent: 100,
        esim_refund_days: 14,
      },
    ],
  ] as const)('accept a valid %s form', (_kind, schema, form) => {
    expect(checked(schema, form)).toBe('valid');
  });

  it('report each problem of a lounge at its own path', () => {
    const broken = {
      ...lounge,
      landside: true,
      business_hours: [day(3), day(3)],
      required_booking_info: ['Name', 'Name'],
      images: [
        { image_id: imageId, sort: 1 },
        { image_id: imageId, sort: 2 },
      ],
      amenity_ids: ['wifi', 'wifi'],
      paid_amenity_ids: ['spa', 'spa'],
    };

    expect(checked(loungeForm, broken)).toEqual([
      'business_hours.1.day: Listed twice',
      'required_booking_info.1: Listed twice',
      'images.1.image_id: Listed twice',
      'amenity_ids.1: Listed twice',
      'paid_amenity_ids.1: Listed twice',
      'paid_amenity_ids.0: Not in amenity_ids',
      'paid_amenity_ids.1: Not in amenity_ids',
      'airside_zone: airside_zone is meaningful only with landside false',
    ]);
  });

  it.each([
    [
      'fast track',
      fastTrackForm,
      { ...fastTrack, business_hours: [day(1), day(1)] },
      'business_hours.1.day: Listed twice',
    ],
    ['tariff', tariffForm, { ...tariff, coverage: ['DE', 'FR', 'DE'] }, 'coverage.2: Listed twice'],
    ['hub', hubForm, { ...hub, meta: { kind: 'Railway' } }, 'meta.kind: meta.kind must equal kind'],
    [
      'contract',
      contractForm,
      { lounges: [hubId, hubId], fast_tracks: 'all', tariffs: 'all' },
      'lounges: An id is listed twice',
    ],
    [
      'price',
      loungeForm,
      { ...lounge, prices: { currency: 'JPY', adult: '5500', child: '2750.5', infant: '0' } },
      'prices.child: JPY has 0 decimal places',
    ],
  ] as const)('report a %s rule broken', (_kind, schema, broken, problem) => {
    expect(checked(schema, broken)).toEqual([problem]);
  });
});
