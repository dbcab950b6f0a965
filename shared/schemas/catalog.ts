import { locales } from '../domain/catalog/locale.ts';
import { hubMetaMatchesKind, isIanaTimeZone } from '../domain/catalog/rules.ts';
import { guestPricesProblems, priceAmountPattern } from '../domain/pricing/prices.ts';
import { problemsAtTheirPaths, uuid } from './common.ts';
import * as z from './zod.ts';

/** Patterns of the partner contract (docs/contract.md), exported so the seed records and the responses check the same rules. */
export const iataCode = z.string().check(z.regex(/^[A-Z]{3}$/, 'IATA code: three capital letters'));
export const icaoCode = z.string().check(z.regex(/^[A-Z]{4}$/, 'ICAO code: four capital letters'));
export const uicCode = z.string().check(z.regex(/^[0-9]{7}$/, 'UIC code: seven digits'));
export const esrCode = z.string().check(z.regex(/^[0-9]{6}$/, 'ESR code: six digits'));
export const countryCode = z
  .string()
  .check(z.length(2), z.regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code'))
  .register(z.globalRegistry, { description: 'ISO 3166-1 alpha-2', example: 'RU' });
export const isoDuration = z
  .string()
  .check(z.regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/, 'ISO 8601 duration'))
  .register(z.globalRegistry, { description: 'ISO 8601 duration', example: 'PT3H' });
export const currencyCode = z.string().check(z.regex(/^[A-Z]{3}$/, 'ISO 4217 currency code'));

const guestPriceAmount = (guest: string) =>
  z
    .string()
    .check(z.regex(priceAmountPattern, 'decimal amount, not negative'))
    .register(z.globalRegistry, {
      description: `One ${guest}: a decimal string in the major unit, with at most the currency's decimals`,
    });

/**
 * A price per guest type in one currency (docs/billing.md, Prices and contract terms): the rack
 * prices of catalog administration and, net of the contract's discount, what partners see.
 */
export const guestPricesSchema = z
  .strictObject({
    currency: currencyCode,
    adult: guestPriceAmount('adult'),
    child: guestPriceAmount('child'),
    infant: guestPriceAmount('infant'),
  })
  .check(problemsAtTheirPaths(guestPricesProblems))
  .register(z.globalRegistry, {
    id: 'GuestPrices',
    example: { currency: 'EUR', adult: '45.00', child: '22.50', infant: '0.00' },
  });

const clock = '(?:[01]\\d|2[0-3]):[0-5]\\d';
const interval = `${clock}-(?:${clock}|24:00)`;
export const standardHours = z
  .string()
  .check(z.regex(new RegExp(`^${interval}(?:,${interval})*$`), 'HH:mm-HH:mm intervals separated by commas'))
  .register(z.globalRegistry, { example: '05:00-13:00,14:00-24:00' });

export const ianaTimeZone = z
  .string()
  .check(z.refine(isIanaTimeZone, 'IANA time zone name'))
  .register(z.globalRegistry, { example: 'Europe/Moscow' });

export const continents = [
  'Europe',
  'Asia',
  'Africa',
  'NorthAmerica',
  'SouthAmerica',
  'Oceania',
  'Antarctica',
] as const;
export const continent = z.enum(continents);

export const localeSchema = z.enum(locales);

/** Latitude and longitude, WGS-84: the partner view and the admin form check the same ranges. */
export const geoPointFields = () => ({
  latitude: z
    .number()
    .check(z.minimum(-90), z.maximum(90))
    .register(z.globalRegistry, { format: 'double', description: 'WGS-84' }),
  longitude: z
    .number()
    .check(z.minimum(-180), z.maximum(180))
    .register(z.globalRegistry, { format: 'double', description: 'WGS-84' }),
});

export const geoPointSchema = z.object(geoPointFields()).register(z.globalRegistry, { id: 'GeoPoint' });

export const locationSchema = z
  .object({
    city: z.string().check(z.minLength(1), z.maxLength(100)),
    country: countryCode,
    continent,
    coordinates: geoPointSchema,
  })
  .register(z.globalRegistry, { id: 'Location' });

export const hubKinds = ['Airport', 'Railway'] as const;

export const airportMetaSchema = z
  .object({ kind: z.literal('Airport'), iata: iataCode, icao: icaoCode })
  .register(z.globalRegistry, { id: 'AirportMeta' });

export const railwayMetaSchema = z
  .object({ kind: z.literal('Railway'), uic: z.optional(uicCode), esr: z.optional(esrCode) })
  .register(z.globalRegistry, { id: 'RailwayMeta' });

export const hubMetaSchema = z.discriminatedUnion('kind', [airportMetaSchema, railwayMetaSchema]);

export const transportHubSchema = z
  .object({
    id: uuid,
    location: locationSchema,
    timezone: z.optional(ianaTimeZone),
    kind: z.enum(hubKinds),
    name: z.string().check(z.minLength(1)),
    meta: z.optional(hubMetaSchema),
  })
  .check(
    z.refine(hubMetaMatchesKind, {
      message: 'meta.kind must equal kind',
      path: ['meta', 'kind'],
    }),
  )
  .register(z.globalRegistry, { id: 'TransportHub' });

export const amenitySchema = z
  .object({
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    is_free: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'Amenity' });

export const businessDaySchema = z
  .object({
    day: z
      .int()
      .check(z.minimum(1), z.maximum(7))
      .register(z.globalRegistry, { description: '1 = Monday, 7 = Sunday' }),
    times: z.discriminatedUnion('type', [
      z.object({ type: z.literal('STANDARD'), detail: standardHours }),
      z.object({
        type: z.literal('SPECIAL'),
        detail: z.string().check(z.minLength(1)).register(z.globalRegistry, { description: 'Free text' }),
      }),
    ]),
  })
  .register(z.globalRegistry, { id: 'BusinessDay' });

export const policySchema = z
  .object({
    age: z.optional(
      z.object({ min_age: z.optional(z.int().check(z.minimum(0))), notes: z.optional(z.string()) }),
    ),
    stay: z.optional(z.object({ max_duration: isoDuration })),
  })
  .register(z.globalRegistry, { id: 'LoungePolicy' });

export const bookingInfoFields = ['Name', 'Email', 'Phone'] as const;

export const imageSchema = z
  .object({
    url: z
      .url()
      .register(z.globalRegistry, { description: 'Absolute URL of GET /v2/images/{id} on this API' }),
    sort: z.int().register(z.globalRegistry, { description: 'Smaller comes first' }),
    title: z.optional(z.string().check(z.maxLength(500))),
  })
  .register(z.globalRegistry, { id: 'Image' });

export const loungeSchema = z
  .object({
    id: uuid,
    name: z.string().check(z.minLength(1), z.maxLength(255)),
    location: locationSchema,
    hub: transportHubSchema,
    landside: z
      .optional(z.boolean())
      .register(z.globalRegistry, { description: 'true: before passport control; false: airside' }),
    airside_zone: z.optional(z.enum(['International', 'Domestic', 'Any'])),
    is_arrival_available: z._default(z.boolean(), false),
    amenities: z.array(amenitySchema),
    business_hours: z.array(businessDaySchema),
    is_active: z._default(z.boolean(), true),
    policy: policySchema,
    required_booking_info: z.array(z.enum(bookingInfoFields)),
    images: z.array(imageSchema),
    direction_info: z.string(),
    price: z.optional(guestPricesSchema).register(z.globalRegistry, {
      description:
        "Your net price per guest: the rack price less your contract's discount. Absent while the item has no price.",
    }),
  })
  .register(z.globalRegistry, { id: 'Lounge' });

export const fastTrackSchema = z
  .object({
    id: uuid,
    name: z.string().check(z.minLength(1), z.maxLength(255)),
    hub: transportHubSchema,
    terminal: z
      .optional(z.string().check(z.maxLength(32)))
      .register(z.globalRegistry, { description: 'Terminal the lane serves, as signposted' }),
    direction: z.enum(['Departure', 'Arrival']),
    location: locationSchema,
    business_hours: z.array(businessDaySchema),
    required_booking_info: z.array(z.enum(bookingInfoFields)),
    policy: policySchema,
    images: z.array(imageSchema),
    is_active: z._default(z.boolean(), true),
    description: z.string(),
    price: z.optional(guestPricesSchema).register(z.globalRegistry, {
      description:
        "Your net price per guest: the rack price less your contract's discount. Absent while the item has no price.",
    }),
  })
  .register(z.globalRegistry, { id: 'FastTrack' });

export const priceSchema = z
  .object({
    amount: z
      .string()
      .check(z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'decimal amount'))
      .register(z.globalRegistry, {
        description: 'Decimal string in the major unit, so no precision is lost',
        example: '9.99',
      }),
    currency: currencyCode,
  })
  .register(z.globalRegistry, { id: 'Price' });

export const esimTariffSchema = z
  .object({
    id: uuid,
    name: z.string().check(z.minLength(1), z.maxLength(255)),
    coverage: z
      .array(countryCode)
      .check(z.minLength(1))
      .register(z.globalRegistry, { description: 'Countries where the package works' }),
    data_mb: z.int().check(z.minimum(1)),
    validity_days: z.int().check(z.minimum(1)),
    topup_allowed: z.boolean(),
    price: priceSchema,
  })
  .register(z.globalRegistry, { id: 'EsimTariff' });

export const paginationSchema = z
  .object({
    count: z
      .int()
      .check(z.minimum(0), z.maximum(1000))
      .register(z.globalRegistry, { description: 'Records in this page' }),
    offset: z.int().check(z.minimum(0)),
    total: z.int().check(z.minimum(0)).register(z.globalRegistry, { description: 'All matching records' }),
  })
  .register(z.globalRegistry, { id: 'Pagination' });

export const loungesPageSchema = z
  .object({ data: z.array(loungeSchema), pagination: paginationSchema })
  .register(z.globalRegistry, { id: 'LoungesPage' });
export const fastTracksPageSchema = z
  .object({ data: z.array(fastTrackSchema), pagination: paginationSchema })
  .register(z.globalRegistry, { id: 'FastTracksPage' });
export const esimTariffsPageSchema = z
  .object({ data: z.array(esimTariffSchema), pagination: paginationSchema })
  .register(z.globalRegistry, { id: 'EsimTariffsPage' });

export const catalogQuery = z.strictObject({
  limit: z
    ._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 100)
    .register(z.globalRegistry, { description: '1..1000' }),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  name: z.optional(z.string().check(z.maxLength(64))).register(z.globalRegistry, {
    description: 'Case-insensitive substring of the name in the response locale; empty: no filter',
  }),
});
export type CatalogQuery = z.output<typeof catalogQuery>;

const acceptLanguage = z.optional(z.string().check(z.maxLength(512))).register(z.globalRegistry, {
  description: 'ru-RU or en-US (q-values honoured); en-US when absent or unsupported',
});
const ifNoneMatch = z.optional(z.string().check(z.maxLength(4096))).register(z.globalRegistry, {
  description: 'ETags from earlier responses (strong or W/ weak, a list, or *)',
});
const ifModifiedSince = z.optional(z.string().check(z.maxLength(64))).register(z.globalRegistry, {
  description: 'HTTP-date; ignored when If-None-Match is present or the date is invalid',
});

/** Header names arrive in lower case (the pipeline normalizes them); other headers pass. */
export const catalogHeaders = z.object({
  'accept-language': acceptLanguage,
  'if-none-match': ifNoneMatch,
  'if-modified-since': ifModifiedSince,
});
export const imageHeaders = z.object({ 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince });

export const loungeParams = z.strictObject({ loungeID: uuid });
export const fastTrackParams = z.strictObject({ fastTrackID: uuid });
export const tariffParams = z.strictObject({ tariffID: uuid });
export const imageParams = z.strictObject({ id: uuid });

export type { Locale } from '../domain/catalog/locale.ts';
export { locales };
export type Lounge = z.output<typeof loungeSchema>;
export type FastTrack = z.output<typeof fastTrackSchema>;
export type EsimTariff = z.output<typeof esimTariffSchema>;
export type TransportHub = z.output<typeof transportHubSchema>;
export type Location = z.output<typeof locationSchema>;
export type BusinessDay = z.output<typeof businessDaySchema>;
export type Policy = z.output<typeof policySchema>;
export type Image = z.output<typeof imageSchema>;
export type Pagination = z.output<typeof paginationSchema>;
