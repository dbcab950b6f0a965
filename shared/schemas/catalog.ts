import * as z from 'zod';
import { lazyView, uuid } from './common.ts';

/** Patterns of the partner contract (docs/contract.md), exported so the seed records and the responses check the same rules. */
export const iataCode = z.string().regex(/^[A-Z]{3}$/, 'IATA code: three capital letters');
export const icaoCode = z.string().regex(/^[A-Z]{4}$/, 'ICAO code: four capital letters');
export const uicCode = z.string().regex(/^[0-9]{7}$/, 'UIC code: seven digits');
export const esrCode = z.string().regex(/^[0-9]{6}$/, 'ESR code: six digits');
export const countryCode = z
  .string()
  .length(2)
  .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 country code')
  .meta({ description: 'ISO 3166-1 alpha-2', example: 'RU' });
export const isoDuration = z
  .string()
  .regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/, 'ISO 8601 duration')
  .meta({ description: 'ISO 8601 duration', example: 'PT3H' });
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 currency code');

const clock = '(?:[01]\\d|2[0-3]):[0-5]\\d';
const interval = `${clock}-(?:${clock}|24:00)`;
export const standardHours = z
  .string()
  .regex(new RegExp(`^${interval}(?:,${interval})*$`), 'HH:mm-HH:mm intervals separated by commas')
  .meta({ example: '05:00-13:00,14:00-24:00' });

export const ianaTimeZone = z
  .string()
  .refine((name) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return name.includes('/') || name === 'UTC';
    } catch {
      return false;
    }
  }, 'IANA time zone name')
  .meta({ example: 'Europe/Moscow' });

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

export const locales = ['en-US', 'ru-RU'] as const;
export const localeSchema = z.enum(locales);

export const geoPointSchema = lazyView(() =>
  z
    .object({
      latitude: z.number().min(-90).max(90).meta({ format: 'double', description: 'WGS-84' }),
      longitude: z.number().min(-180).max(180).meta({ format: 'double', description: 'WGS-84' }),
    })
    .meta({ id: 'GeoPoint' }),
);

export const locationSchema = lazyView(() =>
  z
    .object({
      city: z.string().min(1).max(100),
      country: countryCode,
      continent,
      coordinates: geoPointSchema,
    })
    .meta({ id: 'Location' }),
);

export const hubKinds = ['Airport', 'Railway'] as const;

export const airportMetaSchema = lazyView(() =>
  z.object({ kind: z.literal('Airport'), iata: iataCode, icao: icaoCode }).meta({ id: 'AirportMeta' }),
);

export const railwayMetaSchema = lazyView(() =>
  z
    .object({ kind: z.literal('Railway'), uic: uicCode.optional(), esr: esrCode.optional() })
    .meta({ id: 'RailwayMeta' }),
);

export const hubMetaSchema = z.discriminatedUnion('kind', [airportMetaSchema, railwayMetaSchema]);

export const transportHubSchema = lazyView(() =>
  z
    .object({
      id: uuid,
      location: locationSchema,
      timezone: ianaTimeZone.optional(),
      kind: z.enum(hubKinds),
      name: z.string().min(1),
      meta: hubMetaSchema.optional(),
    })
    .refine((hub) => !hub.meta || hub.meta.kind === hub.kind, {
      message: 'meta.kind must equal kind',
      path: ['meta', 'kind'],
    })
    .meta({ id: 'TransportHub' }),
);

export const amenitySchema = lazyView(() =>
  z.object({ id: z.string().min(1), name: z.string().min(1), is_free: z.boolean() }).meta({ id: 'Amenity' }),
);

export const businessDaySchema = lazyView(() =>
  z
    .object({
      day: z.int().min(1).max(7).meta({ description: '1 = Monday, 7 = Sunday' }),
      times: z.discriminatedUnion('type', [
        z.object({ type: z.literal('STANDARD'), detail: standardHours }),
        z.object({
          type: z.literal('SPECIAL'),
          detail: z.string().min(1).meta({ description: 'Free text' }),
        }),
      ]),
    })
    .meta({ id: 'BusinessDay' }),
);

export const policySchema = lazyView(() =>
  z
    .object({
      age: z.object({ min_age: z.int().min(0).optional(), notes: z.string().optional() }).optional(),
      stay: z.object({ max_duration: isoDuration }).optional(),
    })
    .meta({ id: 'LoungePolicy' }),
);

export const bookingInfoFields = ['Name', 'Email', 'Phone'] as const;

export const imageSchema = lazyView(() =>
  z
    .object({
      url: z.url().meta({ description: 'Absolute URL of GET /v2/images/{id} on this API' }),
      sort: z.int().meta({ description: 'Smaller comes first' }),
      title: z.string().max(500).optional(),
    })
    .meta({ id: 'Image' }),
);

export const loungeSchema = lazyView(() =>
  z
    .object({
      id: uuid,
      name: z.string().min(1).max(255),
      location: locationSchema,
      hub: transportHubSchema,
      landside: z.boolean().optional().meta({ description: 'true: before passport control; false: airside' }),
      airside_zone: z.enum(['International', 'Domestic', 'Any']).optional(),
      is_arrival_available: z.boolean().default(false),
      amenities: z.array(amenitySchema),
      business_hours: z.array(businessDaySchema),
      is_active: z.boolean().default(true),
      policy: policySchema,
      required_booking_info: z.array(z.enum(bookingInfoFields)),
      images: z.array(imageSchema),
      direction_info: z.string(),
    })
    .meta({ id: 'Lounge' }),
);

export const fastTrackSchema = lazyView(() =>
  z
    .object({
      id: uuid,
      name: z.string().min(1).max(255),
      hub: transportHubSchema,
      terminal: z
        .string()
        .max(32)
        .optional()
        .meta({ description: 'Terminal the lane serves, as signposted' }),
      direction: z.enum(['Departure', 'Arrival']),
      location: locationSchema,
      business_hours: z.array(businessDaySchema),
      required_booking_info: z.array(z.enum(bookingInfoFields)),
      policy: policySchema,
      images: z.array(imageSchema),
      is_active: z.boolean().default(true),
      description: z.string(),
    })
    .meta({ id: 'FastTrack' }),
);

export const priceSchema = lazyView(() =>
  z
    .object({
      amount: z
        .string()
        .regex(/^\d{1,9}(\.\d{1,2})?$/, 'decimal amount')
        .meta({ description: 'Decimal string in the major unit, so no precision is lost', example: '9.99' }),
      currency: currencyCode,
    })
    .meta({ id: 'Price' }),
);

export const esimTariffSchema = lazyView(() =>
  z
    .object({
      id: uuid,
      name: z.string().min(1).max(255),
      coverage: z.array(countryCode).min(1).meta({ description: 'Countries where the package works' }),
      data_mb: z.int().min(1),
      validity_days: z.int().min(1),
      topup_allowed: z.boolean(),
      price: priceSchema,
    })
    .meta({ id: 'EsimTariff' }),
);

export const paginationSchema = lazyView(() =>
  z
    .object({
      count: z.int().min(0).max(1000).meta({ description: 'Records in this page' }),
      offset: z.int().min(0),
      total: z.int().min(0).meta({ description: 'All matching records' }),
    })
    .meta({ id: 'Pagination' }),
);

export const loungesPageSchema = lazyView(() =>
  z.object({ data: z.array(loungeSchema), pagination: paginationSchema }).meta({ id: 'LoungesPage' }),
);
export const fastTracksPageSchema = lazyView(() =>
  z.object({ data: z.array(fastTrackSchema), pagination: paginationSchema }).meta({ id: 'FastTracksPage' }),
);
export const esimTariffsPageSchema = lazyView(() =>
  z.object({ data: z.array(esimTariffSchema), pagination: paginationSchema }).meta({ id: 'EsimTariffsPage' }),
);

export const catalogQuery = lazyView(() =>
  z.strictObject({
    limit: z.coerce.number().int().min(1).max(1000).default(100).meta({ description: '1..1000' }),
    offset: z.coerce.number().int().min(0).default(0),
    name: z.string().max(64).optional().meta({
      description: 'Case-insensitive substring of the name in the response locale; empty: no filter',
    }),
  }),
);
export type CatalogQuery = z.output<typeof catalogQuery>;

const acceptLanguage = z
  .string()
  .max(512)
  .optional()
  .meta({ description: 'ru-RU or en-US (q-values honoured); en-US when absent or unsupported' });
const ifNoneMatch = z
  .string()
  .max(4096)
  .optional()
  .meta({ description: 'ETags from earlier responses (strong or W/ weak, a list, or *)' });
const ifModifiedSince = z
  .string()
  .max(64)
  .optional()
  .meta({ description: 'HTTP-date; ignored when If-None-Match is present or the date is invalid' });

/** Header names arrive in lower case (the pipeline normalizes them); other headers pass. */
export const catalogHeaders = lazyView(() =>
  z.object({
    'accept-language': acceptLanguage,
    'if-none-match': ifNoneMatch,
    'if-modified-since': ifModifiedSince,
  }),
);
export const imageHeaders = lazyView(() =>
  z.object({ 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince }),
);

export const loungeParams = lazyView(() => z.strictObject({ loungeID: uuid }));
export const fastTrackParams = lazyView(() => z.strictObject({ fastTrackID: uuid }));
export const tariffParams = lazyView(() => z.strictObject({ tariffID: uuid }));
export const imageParams = lazyView(() => z.strictObject({ id: uuid }));

export type Locale = z.output<typeof localeSchema>;
export type Lounge = z.output<typeof loungeSchema>;
export type FastTrack = z.output<typeof fastTrackSchema>;
export type EsimTariff = z.output<typeof esimTariffSchema>;
export type TransportHub = z.output<typeof transportHubSchema>;
export type Location = z.output<typeof locationSchema>;
export type BusinessDay = z.output<typeof businessDaySchema>;
export type Policy = z.output<typeof policySchema>;
export type Image = z.output<typeof imageSchema>;
export type Pagination = z.output<typeof paginationSchema>;
