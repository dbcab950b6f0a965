import {
  bookingInfoFields,
  continent,
  countryCode,
  geoPointSchema,
  guestPricesSchema,
  hubKinds,
  hubMetaSchema,
  ianaTimeZone,
  isoDuration,
  priceSchema,
  standardHours,
} from '../../schemas/catalog.ts';
import { uuid } from '../../schemas/common.ts';
import * as z from '../../schemas/zod.ts';
import {
  type BillingTerms,
  billingBases,
  defaultBillingTerms,
  isTermsPercent,
  maxEsimRefundDays,
  maxFreeCancellationHours,
} from '../pricing/terms.ts';
import { hubMetaMatchesKind } from './rules.ts';

/**
 * The catalog as stored: every partner-visible text in both locales, references by id. The response
 * shapes of shared/schemas/catalog.ts are rendered from these per locale (snapshot.ts).
 */
export const localizedText = (max = 2000) =>
  z.strictObject({
    'en-US': z.string().check(z.minLength(1), z.maxLength(max)),
    'ru-RU': z.string().check(z.minLength(1), z.maxLength(max)),
  });
export type LocalizedText = z.output<ReturnType<typeof localizedText>>;

export const hubRecord = z
  .strictObject({
    id: uuid,
    kind: z.enum(hubKinds),
    name: localizedText(255),
    city: localizedText(100),
    country: countryCode,
    continent,
    coordinates: geoPointSchema,
    timezone: ianaTimeZone,
    meta: hubMetaSchema,
    /** Absent = active (records written before hubs could be deactivated); stored only when false. */
    is_active: z.optional(z.literal(false)),
  })
  .check(
    z.refine(hubMetaMatchesKind, {
      message: 'meta.kind must equal kind',
      path: ['meta', 'kind'],
    }),
  );

/** Seeded amenities have readable ids (`wifi`); ones created through the admin API get a UUID. */
export const amenityId = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, _ and -'));

export const amenityRecord = z.strictObject({
  id: amenityId,
  name: localizedText(100),
  /** Absent = active; stored only when false, like a hub's. */
  is_active: z.optional(z.literal(false)),
});

export const businessDayRecord = z.strictObject({
  day: z.int().check(z.minimum(1), z.maximum(7)),
  times: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('STANDARD'), detail: standardHours }),
    z.strictObject({ type: z.literal('SPECIAL'), detail: localizedText(500) }),
  ]),
});

export const policyRecord = z.strictObject({
  age: z.optional(
    z.strictObject({
      min_age: z.optional(z.int().check(z.minimum(0))),
      notes: z.optional(localizedText(500)),
    }),
  ),
  stay: z.optional(z.strictObject({ max_duration: isoDuration })),
});

/** An image as the catalog lists it; the bytes live apart, addressed by their SHA-256 (`blob`). */
export const imageRecord = z.strictObject({
  id: uuid,
  blob: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  content_type: z.enum(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp']),
  sort: z.int(),
  title: z.optional(localizedText(500)),
  enabled: z.boolean(),
});

const serviceFields = () => ({
  id: uuid,
  hub_id: uuid,
  name: localizedText(255),
  /** The service's own position inside the hub; the hub's when absent. */
  coordinates: z.optional(geoPointSchema),
  business_hours: z.array(businessDayRecord).check(z.minLength(1)),
  required_booking_info: z.array(z.enum(bookingInfoFields)),
  policy: policyRecord,
  images: z.array(imageRecord),
  is_active: z.boolean(),
  /** Rack prices per guest type; absent on records saved before prices existed (docs/billing.md). */
  prices: z.optional(guestPricesSchema),
});

export const loungeRecord = z.strictObject({
  ...serviceFields(),
  landside: z.optional(z.boolean()),
  airside_zone: z.optional(z.enum(['International', 'Domestic', 'Any'])),
  is_arrival_available: z.boolean(),
  amenities: z.array(z.strictObject({ id: z.string(), is_free: z.boolean() })),
  direction_info: localizedText(),
});

export const fastTrackRecord = z.strictObject({
  ...serviceFields(),
  terminal: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
  direction: z.enum(['Departure', 'Arrival']),
  description: localizedText(),
});

export const tariffRecord = z.strictObject({
  id: uuid,
  name: localizedText(255),
  coverage: z.array(countryCode).check(z.minLength(1)),
  data_mb: z.int().check(z.minimum(1)),
  validity_days: z.int().check(z.minimum(1)),
  topup_allowed: z.boolean(),
  price: priceSchema,
  is_active: z.boolean(),
});

export const catalogRecords = z.strictObject({
  hubs: z.array(hubRecord),
  amenities: z.array(amenityRecord),
  lounges: z.array(loungeRecord),
  fast_tracks: z.array(fastTrackRecord),
  tariffs: z.array(tariffRecord),
});

export type HubRecord = z.output<typeof hubRecord>;
export type AmenityRecord = z.output<typeof amenityRecord>;
export type BusinessDayRecord = z.output<typeof businessDayRecord>;
export type PolicyRecord = z.output<typeof policyRecord>;
export type ImageRecord = z.output<typeof imageRecord>;
export type LoungeRecord = z.output<typeof loungeRecord>;
export type FastTrackRecord = z.output<typeof fastTrackRecord>;
export type TariffRecord = z.output<typeof tariffRecord>;
export type CatalogRecords = z.output<typeof catalogRecords>;

export type CatalogKind = 'lounges' | 'fast_tracks' | 'tariffs';

/** What an account may see: every item of a kind, or the listed ids. */
export type ContractScope = 'all' | readonly string[];
export const contractScope = z.union([z.literal('all'), z.array(uuid)]);

const termsPercent = z.number().check(z.refine(isTermsPercent, 'a percentage 0..100, at most two decimals'));

/**
 * The billing terms of a contract (decisions.md, Prices, billing and statements), each optional: an
 * absent one is its default (billingTermsOf), so contracts stored before terms existed keep working.
 */
export const contractBillingFields = () => ({
  discount_percent: z.optional(termsPercent),
  billing_basis: z.optional(z.enum(billingBases)),
  free_cancellation_hours: z.optional(z.int().check(z.minimum(0), z.maximum(maxFreeCancellationHours))),
  cancellation_fee_percent: z.optional(termsPercent),
  no_show_fee_percent: z.optional(termsPercent),
  esim_refund_days: z.optional(z.int().check(z.minimum(0), z.maximum(maxEsimRefundDays))),
});

export const contractTerms = z.strictObject({
  lounges: contractScope,
  fast_tracks: contractScope,
  tariffs: contractScope,
  ...contractBillingFields(),
});
export type ContractTerms = z.output<typeof contractTerms>;

const billingFieldNames = Object.keys(contractBillingFields()) as (keyof ReturnType<
  typeof contractBillingFields
>)[];

/** The terms as given, scope and the billing terms that are set, key by key (for audits and comparisons). */
export function termsOf(contract: ContractTerms): ContractTerms {
  const terms: ContractTerms = {
    lounges: contract.lounges,
    fast_tracks: contract.fast_tracks,
    tariffs: contract.tariffs,
  };
  for (const name of billingFieldNames) {
    if (contract[name] !== undefined) Object.assign(terms, { [name]: contract[name] });
  }
  return terms;
}

/** The contract's billing terms, each absent one at its default. */
export function billingTermsOf(terms: ContractTerms): BillingTerms {
  return {
    discountPercent: terms.discount_percent ?? defaultBillingTerms.discountPercent,
    billingBasis: terms.billing_basis ?? defaultBillingTerms.billingBasis,
    freeCancellationHours: terms.free_cancellation_hours ?? defaultBillingTerms.freeCancellationHours,
    cancellationFeePercent: terms.cancellation_fee_percent ?? defaultBillingTerms.cancellationFeePercent,
    noShowFeePercent: terms.no_show_fee_percent ?? defaultBillingTerms.noShowFeePercent,
    esimRefundDays: terms.esim_refund_days ?? defaultBillingTerms.esimRefundDays,
  };
}

export interface Contract extends ContractTerms {
  /** RFC 3339; part of Last-Modified, so a contract change is never answered 304. */
  updatedAt: string;
}
