import { matchingIdPattern } from '../domain/esim/activation.ts';
import { iccidProblem, isIccid } from '../domain/esim/iccid.ts';
import { installPlatforms } from '../domain/esim/install.ts';
import {
  esimStatuses,
  maxActivePeriodDays,
  maxIccidsPerLoad,
  maxUsageThresholds,
  orderStatuses,
  packageStatuses,
} from '../domain/esim/model.ts';
import { profileStates } from '../domain/esim/profile.ts';
import { esimTariffSchema, priceSchema } from './catalog.ts';
import { cursorPage, cursorQuery, problemsAtTheirPaths, timestamp, uuid } from './common.ts';
import * as z from './zod.ts';

const exampleIccid = '8988299000000000016';

/** 19 or 20 digits starting 89 with a valid Luhn check digit (ITU-T E.118). */
export const iccidSchema = z
  .string()
  .check(z.refine(isIccid, { error: (issue) => iccidProblem(String(issue.input)) }))
  .register(z.globalRegistry, {
    description: 'ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others.',
    pattern: '^89[0-9]{17,18}$',
    examples: [exampleIccid],
  });

const exampleTariff = 'd512d42b-de6f-5a7d-9145-b7f10a7d248f';

const packageRequestFields = {
  package_template_id: uuid.clone().register(z.globalRegistry, {
    description:
      'A tariff id of your eSIM catalog (GET /v2/catalog/esim/tariffs): active and in your contract, else 404 CatalogResourceNotFound.',
    examples: [exampleTariff],
  }),
  active_period: z
    .int()
    .check(z.minimum(1), z.maximum(maxActivePeriodDays))
    .register(z.globalRegistry, {
      description:
        "Days the package lasts from its first usage. Must equal the tariff's validity_days, else 422 naming this field.",
      examples: [7],
    }),
  validity_period: z
    .int()
    .check(z.minimum(1), z.maximum(365))
    .register(z.globalRegistry, {
      description: 'Days the package may wait for its first usage before it expires unused: 1 to 365.',
      examples: [30],
    }),
};

export const esimOrderRequestSchema = z
  .strictObject(packageRequestFields)
  .register(z.globalRegistry, { id: 'EsimOrderRequest' });
export const esimTopupRequestSchema = z
  .strictObject(packageRequestFields)
  .register(z.globalRegistry, { id: 'EsimTopupRequest' });
export type EsimPackageRequest = z.output<typeof esimOrderRequestSchema>;

export const esimOrderSchema = z
  .object({
    order_id: uuid,
    status: z.enum(orderStatuses).register(z.globalRegistry, {
      description: 'Pending until confirmed (it holds no ICCID meanwhile), then Confirmed.',
    }),
    package_template_id: uuid,
    active_period: z.int().check(z.minimum(1)),
    validity_period: z.int().check(z.minimum(1)),
    price: priceSchema
      .clone()
      .register(z.globalRegistry, { description: "The tariff's price when the order was made." }),
    iccid: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'The eSIM issued by the confirm; null while Pending.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'EsimOrder' });

export const esimPackageSchema = z
  .object({
    package_id: uuid,
    package_template_id: uuid,
    status: z.enum(packageStatuses).register(z.globalRegistry, {
      description:
        'NotActive until its first usage, Active while data remains, Exhausted when all is used, Expired once expires_at has passed (shown as soon as it passes, recorded within a minute).',
    }),
    data_mb: z.int().check(z.minimum(1)),
    used_mb: z.int().check(z.minimum(0)),
    remaining_mb: z.int().check(z.minimum(0)),
    usage_as_of: timestamp.clone().register(z.globalRegistry, {
      description: 'When used_mb was last reported; issue time before any usage.',
    }),
    active_period: z.int().check(z.minimum(1)),
    validity_period: z.int().check(z.minimum(1)),
    activated_at: z
      .nullable(timestamp)
      .register(z.globalRegistry, { description: 'The first usage; null while NotActive.' }),
    expires_at: timestamp.clone().register(z.globalRegistry, {
      description:
        'While NotActive: issue time + validity_period days. Once activated: activation time + active_period days.',
    }),
    created_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'EsimPackage' });

const activationFields = () => ({
  lpa: z.string().register(z.globalRegistry, {
    description:
      'GSMA SGP.22 activation code `LPA:1$<smdp_address>$<matching_id>`: what the QR code encodes.',
    examples: ['LPA:1$smdp.local.partner-travel.example.com$4K7QX-2M9PB-ZT3NC-8RWHD'],
  }),
  smdp_address: z
    .string()
    .register(z.globalRegistry, { description: 'The SM-DP+ server the phone downloads the profile from.' }),
  matching_id: z.string().check(z.regex(matchingIdPattern)).register(z.globalRegistry, {
    description: 'The activation code the profile is reserved under (upper-case letters, digits, dashes).',
  }),
  ios_install_url: z.url().register(z.globalRegistry, {
    description:
      "Apple's one-tap install link (iOS 17.4+): https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<lpa, URL-encoded>.",
  }),
  share_url: z.nullable(z.url()).register(z.globalRegistry, {
    description:
      "A link to send the traveller: a phone page with the QR code, the install button for the phone's platform, the steps, the data left and your display name, in English or Russian. Signed, valid until the end of the UTC day 30 days after this answer (the same link all day); an expired or altered link shows no data. Null on a stage without the page.",
  }),
});

const esimProfileSchema = z
  .object({
    state: z.enum(profileStates).register(z.globalRegistry, {
      description:
        'The profile on the phone as the SM-DP+ reports it: Released (waiting for its download) until the first report, then Downloaded, Installed, Enabled, Disabled or Deleted.',
    }),
    eid: z.nullable(z.string()).register(z.globalRegistry, {
      description: 'The eUICC (32 digits) the profile was downloaded to; null until the SM-DP+ names it.',
    }),
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'EsimProfile' });

const esimFields = () => ({
  iccid: z.string(),
  status: z.enum(esimStatuses).register(z.globalRegistry, {
    description:
      'Refunded once refunded (for good), Suspended while suspended; otherwise the status of its current package (the Active one, else the oldest NotActive one); with none left, Exhausted while a package is, else Expired.',
  }),
  order_id: uuid,
  packages: z
    .array(esimPackageSchema)
    .register(z.globalRegistry, { description: 'Oldest first: the ordered package, then top-ups.' }),
  profile: esimProfileSchema,
  created_at: timestamp,
  updated_at: timestamp,
});

export const esimSchema = z
  .object({
    ...esimFields(),
    activation: z
      .object({
        ...activationFields(),
        qr_svg: z
          .string()
          .register(z.globalRegistry, { description: 'The QR code of `lpa`, an SVG document.' }),
      })
      .register(z.globalRegistry, { id: 'EsimActivation' }),
  })
  .register(z.globalRegistry, { id: 'Esim' });

export const esimSummarySchema = z
  .object({
    ...esimFields(),
    activation: z.object(activationFields()).register(z.globalRegistry, {
      id: 'EsimActivationSummary',
      description: 'Activation data without the rendered QR code: read the eSIM for qr_svg, or render `lpa`.',
    }),
  })
  .register(z.globalRegistry, { id: 'EsimSummary' });

export const esimsPageSchema = cursorPage(esimSummarySchema).register(z.globalRegistry, { id: 'EsimsPage' });

export const esimInstallQuery = z.strictObject({
  platform: z.enum(installPlatforms).register(z.globalRegistry, {
    description: "The traveller's phone: ios or android.",
  }),
});

export const esimInstallSchema = z
  .object({
    platform: z.enum(installPlatforms),
    install_url: z.url().register(z.globalRegistry, {
      description:
        "The platform's one-tap install link: https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<lpa, URL-encoded> (iOS 17.4+) or https://esimsetup.android.com/esim_qrcode_provisioning?carddata=<lpa, URL-encoded> (Android 10+). Open it on the phone itself, in its browser.",
    }),
    steps: z.array(z.string()).register(z.globalRegistry, {
      description: 'What the traveller does, in order, in the Accept-Language (en-US or ru-RU).',
    }),
    manual: z
      .object({
        smdp_address: z.string().register(z.globalRegistry, {
          description: 'The SM-DP+ address, for entering the eSIM by hand.',
        }),
        activation_code: z.string().register(z.globalRegistry, {
          description:
            "The activation code (the matching id) the phone's manual entry asks for with the address.",
        }),
      })
      .register(z.globalRegistry, { id: 'EsimInstallManual' }),
  })
  .register(z.globalRegistry, { id: 'EsimInstall' });

export const esimTopupOffersSchema = z
  .object({ data: z.array(esimTariffSchema) })
  .register(z.globalRegistry, { id: 'EsimTopupOffers' });

export const esimOrderParams = z.strictObject({ orderID: uuid });
export const esimParams = z.strictObject({ iccid: iccidSchema });
export const esimListQuery = cursorQuery;

export const esimLanguageHeaders = z.object({
  'accept-language': z.optional(z.string().check(z.maxLength(512))).register(z.globalRegistry, {
    description: 'ru-RU or en-US for tariff names (q-values honoured); en-US when absent or unsupported',
  }),
});

export const esimUsageRequestSchema = z
  .strictObject({
    iccid: iccidSchema,
    used_mb: z.int().check(z.minimum(1), z.maximum(1_048_576)).register(z.globalRegistry, {
      description: 'Megabytes used since the last report (added, not a total): 1 to 1048576.',
    }),
  })
  .register(z.globalRegistry, { id: 'EsimUsageRequest' });

export const esimPoolLoadRequestSchema = z
  .strictObject({
    iccids: z
      .array(iccidSchema)
      .check(z.minLength(1), z.maxLength(maxIccidsPerLoad))
      .register(z.globalRegistry, {
        description: `1 to ${maxIccidsPerLoad} ICCIDs. One malformed ICCID refuses the whole request (422, each bad index named in details.errors) and nothing is loaded.`,
      }),
  })
  .register(z.globalRegistry, { id: 'EsimPoolLoadRequest' });

export const esimPoolLoadSchema = z
  .object({
    account_id: uuid,
    added: z.int().check(z.minimum(0)).register(z.globalRegistry, { description: 'ICCIDs new to the pool.' }),
    already_present: z.int().check(z.minimum(0)).register(z.globalRegistry, {
      description: 'ICCIDs the account already had (waiting or issued) or listed twice.',
    }),
  })
  .register(z.globalRegistry, { id: 'EsimPoolLoad' });

export const esimPoolSchema = z
  .object({
    account_id: uuid,
    available: z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'ICCIDs waiting to be issued.' }),
    issued: z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'eSIMs issued from the pool.' }),
    reseller_id: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'The linked reseller; null when none is.' }),
  })
  .register(z.globalRegistry, { id: 'EsimPool' });

export const esimResellerLinkRequestSchema = z
  .strictObject({
    reseller_id: z
      .string()
      .check(
        z.regex(
          /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/,
          '1 to 64 letters, digits, dots, colons, underscores, hyphens',
        ),
      )
      .register(z.globalRegistry, {
        description: "The reseller's id at the eSIM supplier.",
        examples: ['reseller-0042'],
      }),
  })
  .register(z.globalRegistry, { id: 'EsimResellerLinkRequest' });

export const esimResellerLinkSchema = z
  .object({ account_id: uuid, reseller_id: z.string(), linked_at: timestamp })
  .register(z.globalRegistry, { id: 'EsimResellerLink' });

/** A threshold listed twice is named at its second occurrence. */
const repeatedThresholds = (thresholds: readonly number[]) =>
  thresholds.flatMap((threshold, index) =>
    thresholds.indexOf(threshold) < index
      ? [{ path: [index], message: `${threshold} is listed already: thresholds must be distinct.` }]
      : [],
  );

const usageThresholds = z
  .array(z.int().check(z.minimum(1), z.maximum(99)))
  .check(z.maxLength(maxUsageThresholds), problemsAtTheirPaths(repeatedThresholds))
  .register(z.globalRegistry, {
    description:
      `Percentages of a package's data (integers 1 to 99, distinct, at most ${maxUsageThresholds}; empty for none) at ` +
      'which esim.package.usage_threshold_reached is sent, once per package and threshold.',
    examples: [[50, 90]],
  });

export const esimSettingsRequestSchema = z
  .strictObject({ usage_thresholds: usageThresholds })
  .register(z.globalRegistry, { id: 'EsimSettingsRequest' });

export const esimSettingsSchema = z
  .object({
    usage_thresholds: usageThresholds.clone().register(z.globalRegistry, {
      description: 'Ascending. [80] while you have set none.',
      examples: [[50, 90]],
    }),
    updated_at: z
      .nullable(timestamp)
      .register(z.globalRegistry, { description: 'When they were last set; null while you have set none.' }),
  })
  .register(z.globalRegistry, { id: 'EsimSettings' });

export const esimRefundRequestSchema = z
  .strictObject({
    reason: z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(500))
      .register(z.globalRegistry, { description: "Why (a cancelled trip, ...), kept in the eSIM's history" }),
  })
  .register(z.globalRegistry, { id: 'EsimRefundRequest' });

/** Suspend and resume, by a partner or an employee (who is also audited). */
export const esimSuspensionRequestSchema = z
  .strictObject({
    reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)).register(z.globalRegistry, {
      description: "Why, kept in the eSIM's history (and an employee's audit log)",
    }),
  })
  .register(z.globalRegistry, { id: 'EsimSuspensionRequest' });
