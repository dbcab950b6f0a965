import { contractBillingFields } from '../domain/catalog/catalog-stored.ts';
import { hubMetaMatchesKind } from '../domain/catalog/rules.ts';
import {
  listsEachOnce,
  loungeFormProblems,
  serviceFormProblems,
  tariffFormProblems,
} from '../domain/catalog-admin/form-rules.ts';
import { maxImageBytes } from '../domain/catalog-admin/image-content.ts';
import { maxActivePeriodDays } from '../domain/esim/model.ts';
import { billingBases } from '../domain/pricing/terms.ts';
import {
  bookingInfoFields,
  continent,
  countryCode,
  currencyCode,
  esrCode,
  geoPointFields,
  guestPricesSchema,
  hubKinds,
  ianaTimeZone,
  iataCode,
  icaoCode,
  isoDuration,
  standardHours,
  uicCode,
} from './catalog.ts';
import { problemsAtTheirPaths, timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

/**
 * The admin form of the catalog (docs/catalog-admin.md): what `GET /api/v1/admin/catalog/<kind>/{id}`
 * answers and, without `id`, what `POST` and `PUT` take. Every localized text carries both locales,
 * references are ids. Strict: an unknown field is a 422 naming it. Every rule of the partner catalog
 * (lengths, patterns, ranges) holds here, so nothing an employee saves can break a partner response.
 */

const notBlank = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(/\S/, 'must not be blank'));

export const localizedTextForm = (max: number) =>
  z.strictObject({ 'en-US': notBlank(max), 'ru-RU': notBlank(max) }).register(z.globalRegistry, {
    description: `The text in every locale, each 1..${max} characters`,
    example: { 'en-US': 'Business Lounge', 'ru-RU': 'Бизнес-зал' },
  });

/** Ids of amenities: readable slugs in the seed, UUIDs when created here. */
export const amenityIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, _ and -; at most 64'))
  .register(z.globalRegistry, { example: 'wifi' });

export const geoPointForm = z.strictObject(geoPointFields());

const hubMetaForm = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('Airport'), iata: iataCode, icao: icaoCode }),
  z.strictObject({ kind: z.literal('Railway'), uic: z.optional(uicCode), esr: z.optional(esrCode) }),
]);

const businessDayForm = z.strictObject({
  day: z
    .int()
    .check(z.minimum(1), z.maximum(7))
    .register(z.globalRegistry, { description: '1 = Monday, 7 = Sunday' }),
  times: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('STANDARD'), detail: standardHours }),
    z.strictObject({ type: z.literal('SPECIAL'), detail: localizedTextForm(500) }),
  ]),
});

const policyForm = z.strictObject({
  age: z.optional(
    z.strictObject({
      min_age: z.optional(z.int().check(z.minimum(0))),
      notes: z.optional(localizedTextForm(500)),
    }),
  ),
  stay: z.optional(z.strictObject({ max_duration: isoDuration })),
});

/** An uploaded image as one lounge or fast-track shows it. */
const imageUseForm = z.strictObject({
  image_id: uuid.clone().register(z.globalRegistry, { description: 'An id answered by the image upload' }),
  sort: z.int().register(z.globalRegistry, { description: 'Smaller comes first' }),
  enabled: z
    ._default(z.boolean(), true)
    .register(z.globalRegistry, { description: 'Only enabled images reach partners' }),
  title: z.optional(localizedTextForm(500)),
});

const serviceFields = () => ({
  hub_id: uuid
    .clone()
    .register(z.globalRegistry, { description: 'The hub (airport, station) the service belongs to' }),
  name: localizedTextForm(255),
  coordinates: z
    .optional(geoPointForm)
    .register(z.globalRegistry, { description: "The service's own position; the hub's when absent" }),
  business_hours: z.array(businessDayForm).check(z.minLength(1), z.maxLength(7)),
  required_booking_info: z.array(z.enum(bookingInfoFields)).check(z.maxLength(bookingInfoFields.length)),
  policy: policyForm,
  images: z.array(imageUseForm).check(z.maxLength(20)),
  is_active: z._default(z.boolean(), true),
  prices: guestPricesSchema.clone().register(z.globalRegistry, {
    description:
      "Rack prices per guest type, in the currency of the hub's country; partners see them less their discount",
    example: { currency: 'EUR', adult: '45.00', child: '22.50', infant: '0.00' },
  }),
});

const loungeFields = z.strictObject({
  ...serviceFields(),
  landside: z
    .optional(z.boolean())
    .register(z.globalRegistry, { description: 'true: before passport control; false: airside' }),
  airside_zone: z
    .optional(z.enum(['International', 'Domestic', 'Any']))
    .register(z.globalRegistry, { description: 'Only with landside false' }),
  is_arrival_available: z._default(z.boolean(), false),
  amenity_ids: z
    .array(amenityIdSchema)
    .check(z.maxLength(40))
    .register(z.globalRegistry, { description: 'Every amenity the lounge offers' }),
  paid_amenity_ids: z
    ._default(z.array(amenityIdSchema).check(z.maxLength(40)), [])
    .register(z.globalRegistry, { description: 'The amenities of amenity_ids that are not free here' }),
  direction_info: localizedTextForm(2000),
});

export const loungeForm = loungeFields
  .check(problemsAtTheirPaths(loungeFormProblems))
  .register(z.globalRegistry, { id: 'LoungeForm' });

const fastTrackFields = z.strictObject({
  ...serviceFields(),
  terminal: z
    .optional(z.string().check(z.minLength(1), z.maxLength(32)))
    .register(z.globalRegistry, { description: 'As signposted' }),
  direction: z.enum(['Departure', 'Arrival']),
  description: localizedTextForm(2000),
});

export const fastTrackForm = fastTrackFields
  .check(problemsAtTheirPaths(serviceFormProblems))
  .register(z.globalRegistry, { id: 'FastTrackForm' });

const tariffFields = z.strictObject({
  name: localizedTextForm(255),
  coverage: z.array(countryCode).check(z.minLength(1), z.maxLength(250)),
  data_mb: z.int().check(z.minimum(1)),
  validity_days: z
    .int()
    .check(z.minimum(1), z.maximum(maxActivePeriodDays))
    .register(z.globalRegistry, {
      description:
        "Days a package lasts from its first usage; an eSIM order's active_period must equal it, and orders take at most " +
        `${maxActivePeriodDays}.`,
    }),
  topup_allowed: z.boolean(),
  price: z.strictObject({
    amount: z
      .string()
      .check(z.regex(/^\d{1,9}(\.\d{1,2})?$/, 'decimal amount'))
      .register(z.globalRegistry, { description: 'Decimal string in the major unit', example: '9.99' }),
    currency: currencyCode,
  }),
  is_active: z._default(z.boolean(), true),
});

export const tariffForm = tariffFields
  .check(problemsAtTheirPaths(tariffFormProblems))
  .register(z.globalRegistry, { id: 'TariffForm' });

const hubFields = z.strictObject({
  kind: z.enum(hubKinds),
  name: localizedTextForm(255),
  city: localizedTextForm(100),
  country: countryCode,
  continent,
  coordinates: geoPointForm,
  timezone: ianaTimeZone,
  meta: hubMetaForm,
  is_active: z._default(z.boolean(), true).register(z.globalRegistry, {
    description: 'An inactive hub hides its lounges and fast-tracks from partners',
  }),
});

export const hubForm = hubFields.check(
  z.refine(hubMetaMatchesKind, { message: 'meta.kind must equal kind', path: ['meta', 'kind'] }),
);

const amenityFields = z.strictObject({
  name: localizedTextForm(100),
  is_active: z
    ._default(z.boolean(), true)
    .register(z.globalRegistry, { description: "An inactive amenity leaves every lounge's list" }),
});

export const amenityForm = amenityFields;

/** The admin form with its id, as reads answer it. */
/**
 * Items saved before prices existed have none: reads answer them without `prices`, and the next
 * replace must give them (docs/billing.md, Prices and contract terms).
 */
const pricesRead = { prices: z.optional(guestPricesSchema) };

export const loungeAdminSchema = z
  .extend(loungeFields, { id: uuid, ...pricesRead })
  .register(z.globalRegistry, { id: 'AdminLounge' });
export const fastTrackAdminSchema = z
  .extend(fastTrackFields, { id: uuid, ...pricesRead })
  .register(z.globalRegistry, { id: 'AdminFastTrack' });
export const tariffAdminSchema = z
  .extend(tariffFields, { id: uuid })
  .register(z.globalRegistry, { id: 'AdminEsimTariff' });
export const hubAdminSchema = z
  .extend(hubFields, { id: uuid })
  .register(z.globalRegistry, { id: 'AdminHub' });
export const amenityAdminSchema = z
  .extend(amenityFields, { id: amenityIdSchema })
  .register(z.globalRegistry, { id: 'AdminAmenity' });

export type LoungeForm = z.output<typeof loungeForm>;
export type FastTrackForm = z.output<typeof fastTrackForm>;
export type TariffForm = z.output<typeof tariffForm>;
export type HubForm = z.output<typeof hubForm>;
export type AmenityForm = z.output<typeof amenityForm>;

export const loungeAdminParams = z.strictObject({ loungeID: uuid });
export const fastTrackAdminParams = z.strictObject({ fastTrackID: uuid });
export const tariffAdminParams = z.strictObject({ tariffID: uuid });
export const hubAdminParams = z.strictObject({ hubID: uuid });
export const amenityAdminParams = z.strictObject({ amenityID: amenityIdSchema });

/** The answer to an image upload. */
export const uploadedImageSchema = z
  .object({
    image_id: uuid.clone().register(z.globalRegistry, {
      description: 'Derived from the SHA-256: the same bytes always get the same id',
    }),
    content_type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
    bytes: z.int().check(z.minimum(1)),
    width: z.int().check(z.minimum(1)),
    height: z.int().check(z.minimum(1)),
    sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  })
  .register(z.globalRegistry, { id: 'UploadedImage' });

export const imageMediaTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The raw bytes of an upload, as the pipeline hands them over (never JSON). */
export const imageUploadBody = z.instanceof(Uint8Array).register(z.globalRegistry, {
  description: 'The image file itself: PNG, JPEG or WebP, at most 4 MiB this way',
});

export const imageUploadRequestSchema = z
  .strictObject({
    content_type: z
      .enum(imageMediaTypes)
      .register(z.globalRegistry, { description: 'The Content-Type the file will be put with' }),
    bytes: z
      .int()
      .check(z.minimum(1), z.maximum(maxImageBytes))
      .register(z.globalRegistry, {
        description: `The exact size of the file in bytes, at most ${maxImageBytes} (5 MiB)`,
      }),
  })
  .register(z.globalRegistry, { id: 'ImageUploadRequest' });

export const imageUploadGrantSchema = z
  .object({
    upload_id: uuid,
    method: z.literal('PUT'),
    url: z.string().register(z.globalRegistry, {
      description: 'Presigned: PUT the file here, with exactly `headers`, before `expires_at`',
    }),
    headers: z.record(z.string(), z.string()).register(z.globalRegistry, {
      description: 'Headers the PUT must carry: Content-Type and Content-Length, as granted',
    }),
    expires_at: timestamp,
    complete_url: z.string().register(z.globalRegistry, {
      description:
        'POST here (no body) once the file is put: the answer is the image, as a direct upload gives',
    }),
  })
  .register(z.globalRegistry, { id: 'ImageUploadGrant' });

export const imageUploadParams = z.strictObject({ uploadID: uuid });

export const recordKindSchema = z.enum(['hub', 'amenity', 'lounge', 'fast_track', 'tariff']);

const fieldChange = z.object({
  path: z
    .string()
    .register(z.globalRegistry, { description: 'Dotted path into the admin form, e.g. `name.ru-RU`' }),
  before: z
    .optional(z.unknown())
    .register(z.globalRegistry, { description: 'Absent: the field was not set' }),
  after: z
    .optional(z.unknown())
    .register(z.globalRegistry, { description: 'Absent: the field is no longer set' }),
});

const changedItem = z.object({
  type: recordKindSchema,
  id: z.string(),
  name: z.object({ 'en-US': z.string(), 'ru-RU': z.string() }),
  fields: z.array(fieldChange),
});
const listedItem = z.omit(changedItem, { fields: true });

export const catalogDiffSchema = z
  .object({
    published_version: z.nullable(z.string()),
    has_changes: z.boolean(),
    added: z.array(listedItem),
    changed: z.array(changedItem),
    deactivated: z.array(changedItem),
    removed: z.array(listedItem),
  })
  .register(z.globalRegistry, { id: 'CatalogDiff' });

const kindCounts = z.object({ total: z.int().check(z.minimum(0)), active: z.int().check(z.minimum(0)) });

export const catalogDraftSchema = z
  .object({
    published_version: z.nullable(z.string()),
    published_at: z.nullable(timestamp),
    revision: z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'Grows with every change of the draft' }),
    updated_at: z
      .nullable(timestamp)
      .register(z.globalRegistry, { description: 'The last change of the draft' }),
    has_changes: z
      .boolean()
      .register(z.globalRegistry, { description: 'Publishing now would change the catalog' }),
    counts: z.object({
      hubs: kindCounts,
      amenities: kindCounts,
      lounges: kindCounts,
      fast_tracks: kindCounts,
      tariffs: kindCounts,
    }),
  })
  .register(z.globalRegistry, { id: 'CatalogDraft' });

export const publicationSchema = z
  .object({
    version: z.string(),
    published_at: timestamp,
    changed: z
      .boolean()
      .register(z.globalRegistry, { description: 'false: the draft was already published; nothing moved' }),
    previous_version: z.nullable(z.string()),
    items: z
      .object({
        added: z.int().check(z.minimum(0)),
        changed: z.int().check(z.minimum(0)),
        deactivated: z.int().check(z.minimum(0)),
        removed: z.int().check(z.minimum(0)),
      })
      .register(z.globalRegistry, {
        description: 'What this publication changed (all zero when nothing moved)',
      }),
  })
  .register(z.globalRegistry, { id: 'CatalogPublication' });

const contractScopeForm = z.union([
  z.literal('all'),
  z.array(uuid).check(z.maxLength(5000), z.refine(listsEachOnce, 'An id is listed twice')),
]);

const billingTermDescriptions = {
  discount_percent: 'Off every rack price, 0..100 with at most two decimals (default 0)',
  billing_basis: 'per_visit: charged at redemption; per_pass: charged at confirm (default per_visit)',
  free_cancellation_hours: 'per_pass: hours after confirm a cancel costs nothing (default 24)',
  cancellation_fee_percent: 'per_pass: share of the price a later cancel costs (default 100)',
  no_show_fee_percent: 'per_visit: share of the price a confirmed pass expiring unused costs (default 0)',
  esim_refund_days: 'Days after issue an eSIM may be refunded (default 30)',
} as const;

const billingTermsForm = () => {
  const fields = contractBillingFields();
  return Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [
      name,
      schema.clone().register(z.globalRegistry, {
        description: billingTermDescriptions[name as keyof typeof billingTermDescriptions],
      }),
    ]),
  ) as typeof fields;
};

export const contractForm = z
  .strictObject({
    lounges: contractScopeForm
      .clone()
      .register(z.globalRegistry, { description: '"all" (present and future) or the lounge ids' }),
    fast_tracks: contractScopeForm,
    tariffs: contractScopeForm,
    ...billingTermsForm(),
  })
  .register(z.globalRegistry, { id: 'ContractForm' });
export type ContractForm = z.output<typeof contractForm>;

export const contractSchema = z
  .object({
    account_id: uuid,
    lounges: z.union([z.literal('all'), z.array(uuid)]),
    fast_tracks: z.union([z.literal('all'), z.array(uuid)]),
    tariffs: z.union([z.literal('all'), z.array(uuid)]),
    discount_percent: z.number(),
    billing_basis: z.enum(billingBases),
    free_cancellation_hours: z.int(),
    cancellation_fee_percent: z.number(),
    no_show_fee_percent: z.number(),
    esim_refund_days: z.int(),
    updated_at: timestamp,
  })
  .register(z.globalRegistry, {
    id: 'CatalogContract',
    description: 'The billing terms as they apply: those the contract leaves out at their defaults',
  });

export const contractParams = z.strictObject({ accountID: uuid });
