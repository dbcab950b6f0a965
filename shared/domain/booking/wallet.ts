import type { LocalizedText } from '../catalog/catalog-stored.ts';
import type { CatalogReader } from '../catalog/ports.ts';
import { ConflictError } from '../errors.ts';
import type { Pass, PassStatus, ServiceType } from './model.ts';
import type { BookingStore } from './ports.ts';
import { type BookingContext, findPass } from './service.ts';

/**
 * Wallet passes (docs/wallet.md): the booking's pass as an Apple Wallet pass (`pass.json` and its
 * localizations, which an adapter signs and zips) and as a Google Wallet generic object (which an
 * adapter signs into a save link). What a pass shows is decided here, without any library or key.
 */

/** The languages of a pass's texts: `<language>.lproj/pass.strings` in a pkpass. */
export const walletLanguages = ['en', 'ru'] as const;
export type WalletLanguage = (typeof walletLanguages)[number];

/** The stage's identifiers at Apple and Google (configuration, not secrets). */
export interface WalletIdentifiers {
  passTypeIdentifier: string;
  teamIdentifier: string;
  googleIssuerId: string;
}

/** What the signer packs: pass.json without its barcode, the barcode message, and the texts per language. */
export interface ApplePassContent {
  passJson: Record<string, unknown>;
  /** The QR payload while the pass opens a door or records that it did; null otherwise. */
  barcode: string | null;
  strings: Record<WalletLanguage, Record<string, string>>;
}

/** Signs and zips a pass (passkit-generator with the pass-type certificate, shared/pki/apple-wallet.ts). */
export interface ApplePassSigner {
  pkpass(content: ApplePassContent): Promise<Uint8Array>;
}

/** Signs a Google Wallet save link for a generic object (shared/pki/google-wallet.ts). */
export interface GoogleWalletLinks {
  /** Null while the stage has no Google Wallet key loaded: the pass then simply offers no link. */
  saveUrl(genericObject: GoogleGenericObject): Promise<string | null>;
}

/** The name of the lounge or fast-track a pass is for, in the catalog's languages. */
export interface ServiceNames {
  nameOf(accountId: string, serviceType: ServiceType, serviceId: string): Promise<LocalizedText | undefined>;
}

const organizationName = 'Partner Travel Services';

const texts: Record<WalletLanguage, Record<string, string>> = {
  en: {
    pass_description_Lounge: 'Lounge pass',
    pass_description_FastTrack: 'Fast-track pass',
    service_label_Lounge: 'Lounge',
    service_label_FastTrack: 'Fast track',
    guests_label: 'Guests',
    valid_from_label: 'Valid from',
    valid_until_label: 'Valid until',
    status_label: 'Status',
    status_Active: 'Valid',
    status_Used: 'Used',
    status_Canceled: 'Canceled',
    status_Expired: 'Expired',
    booking_label: 'Booking',
    pass_label: 'Pass',
  },
  ru: {
    pass_description_Lounge: 'Пропуск в бизнес-зал',
    pass_description_FastTrack: 'Пропуск фаст-трек',
    service_label_Lounge: 'Бизнес-зал',
    service_label_FastTrack: 'Фаст-трек',
    guests_label: 'Гости',
    valid_from_label: 'Действует с',
    valid_until_label: 'Действует до',
    status_label: 'Статус',
    status_Active: 'Действует',
    status_Used: 'Использован',
    status_Canceled: 'Отменён',
    status_Expired: 'Истёк',
    booking_label: 'Бронирование',
    pass_label: 'Пропуск',
  },
};

const catalogLocale: Record<WalletLanguage, keyof LocalizedText> = { en: 'en-US', ru: 'ru-RU' };

/** A pass on the phone is worth showing from its confirmation on; before, it opens no door. */
function walletPassOf(pass: Pass): Pass {
  if (pass.status === 'Issued') {
    throw new ConflictError(
      'PassNotReady',
      `The pass of booking ${pass.bookingId} is Issued; a wallet pass exists once the booking is confirmed (the pass Active).`,
      { details: { status: 'Issued', pass_status: pass.status } },
    );
  }
  return pass;
}

/** The QR payload is on the pass while it opens a door (Active) or records that it did (Used), as in the pass read. */
const showsCode = (status: PassStatus) => status === 'Active' || status === 'Used';

/**
 * pass.json of a pass: the service, guests and validity on the front, the status in the header.
 * Anything but Active is voided, so a pass updated after a cancel, expiry or use shows so in Wallet.
 * Labels and the service's name are keys of pass.strings, which Wallet shows in the phone's language.
 */
export function applePassContent(
  pass: Pass,
  serviceName: LocalizedText | undefined,
  identifiers: Pick<WalletIdentifiers, 'passTypeIdentifier' | 'teamIdentifier'>,
): ApplePassContent {
  const date = { dateStyle: 'PKDateStyleMedium', timeStyle: 'PKDateStyleShort' } as const;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: identifiers.passTypeIdentifier,
    teamIdentifier: identifiers.teamIdentifier,
    serialNumber: pass.passId,
    organizationName,
    description: `pass_description_${pass.serviceType}`,
    expirationDate: pass.validUntil,
    voided: pass.status !== 'Active',
    backgroundColor: 'rgb(22, 46, 84)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(190, 205, 230)',
    generic: {
      headerFields: [{ key: 'status', label: 'status_label', value: `status_${pass.status}` }],
      primaryFields: [
        {
          key: 'service',
          label: `service_label_${pass.serviceType}`,
          value: serviceName ? 'service_name' : `service_label_${pass.serviceType}`,
        },
      ],
      secondaryFields: [
        { key: 'guests', label: 'guests_label', value: pass.guestsCount },
        { key: 'valid_until', label: 'valid_until_label', value: pass.validUntil, ...date },
      ],
      auxiliaryFields: [{ key: 'valid_from', label: 'valid_from_label', value: pass.validFrom, ...date }],
      backFields: [
        { key: 'booking_id', label: 'booking_label', value: pass.bookingId },
        { key: 'pass_id', label: 'pass_label', value: pass.passId },
      ],
    },
  };
  const strings = Object.fromEntries(
    walletLanguages.map((language) => [
      language,
      serviceName
        ? { ...texts[language], service_name: serviceName[catalogLocale[language]] }
        : texts[language],
    ]),
  ) as Record<WalletLanguage, Record<string, string>>;
  return { passJson, barcode: showsCode(pass.status) ? pass.token : null, strings };
}

interface GoogleLocalizedString {
  defaultValue: { language: string; value: string };
  translatedValues: { language: string; value: string }[];
}

/** A Google Wallet generic object (the REST API's GenericObject), as the save link's JWT carries it. */
export interface GoogleGenericObject {
  id: string;
  classId: string;
  state: 'ACTIVE';
  cardTitle: GoogleLocalizedString;
  subheader: GoogleLocalizedString;
  header: GoogleLocalizedString;
  barcode: { type: 'QR_CODE'; value: string };
  validTimeInterval: { start: { date: string }; end: { date: string } };
  textModulesData: { id: string; header: string; body: string; localizedHeader: GoogleLocalizedString }[];
}

function localized(values: Record<WalletLanguage, string>): GoogleLocalizedString {
  return {
    defaultValue: { language: catalogLocale.en, value: values.en },
    translatedValues: [{ language: catalogLocale.ru, value: values.ru }],
  };
}

const textOf = (key: string) => ({ en: texts.en[key] ?? key, ru: texts.ru[key] ?? key });

/**
 * The generic object of an Active pass. Its class (`<issuer id>.lounge_pass` or `.fast_track_pass`)
 * is created once per stage by an operator in the Google Pay and Wallet Console (docs/wallet.md). It
 * names the kind of service, not the venue: the pass read it rides on stays one DynamoDB request,
 * without the catalog (the venue's name is on the Apple pass).
 */
export function googleGenericObject(pass: Pass, issuerId: string): GoogleGenericObject {
  const serviceLabel = textOf(`service_label_${pass.serviceType}`);
  return {
    id: `${issuerId}.${pass.passId}`,
    classId: `${issuerId}.${pass.serviceType === 'Lounge' ? 'lounge_pass' : 'fast_track_pass'}`,
    state: 'ACTIVE',
    cardTitle: localized({ en: organizationName, ru: organizationName }),
    subheader: localized(textOf(`pass_description_${pass.serviceType}`)),
    header: localized(serviceLabel),
    barcode: { type: 'QR_CODE', value: pass.token },
    validTimeInterval: { start: { date: pass.validFrom }, end: { date: pass.validUntil } },
    textModulesData: [
      {
        id: 'guests',
        header: textOf('guests_label').en,
        body: String(pass.guestsCount),
        localizedHeader: localized(textOf('guests_label')),
      },
    ],
  };
}

/** The pkpass of a booking's pass: 409 PassNotReady before the pass is Active (docs/wallet.md). */
export async function applePass(
  deps: {
    store: Pick<BookingStore, 'find'>;
    names: ServiceNames;
    signer: ApplePassSigner;
    identifiers: WalletIdentifiers;
  },
  context: BookingContext,
  bookingId: string,
): Promise<Uint8Array> {
  const pass = walletPassOf(await findPass(deps.store, context, bookingId));
  const name = await deps.names.nameOf(context.accountId, pass.serviceType, pass.serviceId);
  return deps.signer.pkpass(applePassContent(pass, name, deps.identifiers));
}

/**
 * The Google Wallet save link of a pass, only while it is Active: a link minted for a canceled or used
 * pass would put a dead code in the wallet (Google Wallet passes are not updated by this service).
 */
export async function googleWalletUrl(
  deps: { links: GoogleWalletLinks; identifiers: Pick<WalletIdentifiers, 'googleIssuerId'> },
  pass: Pass,
): Promise<string | null> {
  if (pass.status !== 'Active') return null;
  return deps.links.saveUrl(googleGenericObject(pass, deps.identifiers.googleIssuerId));
}

const catalogKind = { Lounge: 'lounges', FastTrack: 'fast_tracks' } as const satisfies Record<
  ServiceType,
  string
>;

/**
 * Names from the account's catalog view (the one catalog and booking answer from). A service since
 * removed from the contract still has its name there; one deleted from the catalog has none, and the
 * pass then shows the kind of service instead.
 */
export function catalogServiceNames(reader: CatalogReader): ServiceNames {
  return {
    async nameOf(accountId, serviceType, serviceId) {
      const view = await reader.view(accountId);
      return view.snapshot.record(catalogKind[serviceType], serviceId)?.name;
    },
  };
}
