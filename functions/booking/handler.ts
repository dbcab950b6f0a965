import type { PartnerPrincipal } from '../../shared/auth/principal.ts';
import { config, walletConfig } from '../../shared/config/env.ts';
import { bookingStore } from '../../shared/db/entities/booking.ts';
import { catalogReader } from '../../shared/db/entities/catalog-reader.ts';
import { ledgerStore } from '../../shared/db/entities/ledger.ts';
import { catalogBookableServices } from '../../shared/domain/booking/bookable-services.ts';
import type { ServiceType } from '../../shared/domain/booking/model.ts';
import type { BookingListQuery } from '../../shared/domain/booking/ports.ts';
import {
  type BookingContext,
  type BookingInput,
  changeBooking,
  createBooking,
  findBooking,
  findPass,
  listBookings,
} from '../../shared/domain/booking/service.ts';
import { applePass, catalogServiceNames, googleWalletUrl } from '../../shared/domain/booking/wallet.ts';
import type { UnitOfWork } from '../../shared/domain/unit-of-work.ts';
import { type ApiResult, createApiHandler } from '../../shared/http/pipeline/index.ts';
import { acceptedBookingView, bookingView, passView } from '../../shared/http/views/booking.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { PassKitSigner } from '../../shared/pki/apple-wallet.ts';
import { GoogleWalletSaveLinks } from '../../shared/pki/google-wallet.ts';
import { PublishedPassKeys } from '../../shared/pki/pass-signing.ts';
import { applePassContentType, bookingRoutes } from '../../shared/routes/booking.ts';
import { filledPath } from '../../shared/routes/types.ts';
import type { LoungeBookingRequest } from '../../shared/schemas/booking.ts';
import { secretStore } from '../../shared/secrets/store.ts';

/** Publishes the public pass keys: this function never holds a private one (docs/booking.md). */
const passKeys = new PublishedPassKeys(secretStore, () => config().secretIds.passKeysPublic);
/** Wallet passes: the pass-type certificate and the Google Wallet key, each read when first needed. */
const passKit = new PassKitSigner(secretStore, () => config().secretIds.applePassCertificate);
const googleWallet = new GoogleWalletSaveLinks(secretStore, () => config().secretIds.googleWalletKey);
const wallet = () => ({
  names: catalogServiceNames(catalogReader()),
  signer: passKit,
  links: googleWallet,
  identifiers: walletConfig(),
});

interface Request {
  principal: PartnerPrincipal;
  now: Date;
  uow: UnitOfWork;
  idempotencyKey: string | undefined;
}

function contextOf({ principal, now }: Request, serviceType: ServiceType): BookingContext {
  return {
    accountId: principal.accountId,
    serviceType,
    now,
    actor: { type: 'application', id: principal.subject },
  };
}

function inputOf(serviceId: string, body: Omit<LoungeBookingRequest, 'lounge_id'>): BookingInput {
  return {
    serviceId,
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    callingCode: body.calling_code ?? null,
    transportNumber: body.transport_number ?? null,
    guests: body.guests.map((guest) => ({
      firstName: guest.first_name,
      lastName: guest.last_name,
      type: guest.type,
      lead: guest.lead,
    })),
  };
}

/** Where a new booking is read: its Location. */
const bookingPath: Record<ServiceType, string> = {
  Lounge: bookingRoutes.getLoungeBooking.path,
  FastTrack: bookingRoutes.getFastTrackBooking.path,
};

async function create(request: Request, serviceType: ServiceType, input: BookingInput): Promise<ApiResult> {
  const services = catalogBookableServices(catalogReader());
  const booking = await createBooking(
    { store: bookingStore, services, uow: request.uow },
    contextOf(request, serviceType),
    input,
  );
  return {
    status: 202,
    headers: { Location: filledPath(bookingPath[serviceType], { bookingID: booking.bookingId }) },
    body: acceptedBookingView(booking),
  };
}

/** The reads and changes of one service; the route table gives both services the same shapes. */
function operations(serviceType: ServiceType) {
  return {
    list: async (request: Request, query: BookingListQuery) => {
      const page = await listBookings(
        bookingStore,
        contextOf(request, serviceType).accountId,
        serviceType,
        query,
      );
      return { status: 200, body: pageView(page, bookingView) };
    },
    get: async (request: Request, bookingId: string) => {
      const { accountId } = contextOf(request, serviceType);
      return {
        status: 200,
        body: bookingView(await findBooking(bookingStore, accountId, serviceType, bookingId)),
      };
    },
    change: async (request: Request, bookingId: string, action: 'confirm' | 'cancel') => {
      // With an Idempotency-Key the answer commits with its record in one transaction (staged);
      // without one, the conditional write itself decides and answers (one round trip).
      const booking = await changeBooking(
        { store: bookingStore, ledger: ledgerStore, uow: request.uow },
        contextOf(request, serviceType),
        bookingId,
        action,
        request.idempotencyKey === undefined ? 'direct' : 'staged',
      );
      return { status: 200, body: bookingView(booking) };
    },
    pass: async (request: Request, bookingId: string) => {
      const pass = await findPass(bookingStore, contextOf(request, serviceType), bookingId);
      const walletUrl = await googleWalletUrl(wallet(), pass);
      return { status: 200, body: await passView(pass, walletUrl) };
    },
    walletPass: async (request: Request, bookingId: string): Promise<ApiResult> => {
      const bytes = await applePass(
        { store: bookingStore, ...wallet() },
        contextOf(request, serviceType),
        bookingId,
      );
      return {
        status: 200,
        // A pass changes when its booking does: never served from a cache.
        headers: { 'Content-Disposition': 'attachment; filename="pass.pkpass"', 'Cache-Control': 'no-store' },
        binary: { contentType: applePassContentType, base64: Buffer.from(bytes).toString('base64') },
      };
    },
  };
}

const lounge = operations('Lounge');
const fastTrack = operations('FastTrack');

export const handler = createApiHandler(bookingRoutes, {
  createLoungeBooking: (request) => create(request, 'Lounge', inputOf(request.body.lounge_id, request.body)),
  listLoungeBookings: (request) => lounge.list(request, request.query),
  getLoungeBooking: (request) => lounge.get(request, request.params.bookingID),
  confirmLoungeBooking: (request) => lounge.change(request, request.params.bookingID, 'confirm'),
  cancelLoungeBooking: (request) => lounge.change(request, request.params.bookingID, 'cancel'),
  getLoungePass: (request) => lounge.pass(request, request.params.bookingID),
  getLoungeWalletPass: (request) => lounge.walletPass(request, request.params.bookingID),
  createFastTrackBooking: (request) =>
    create(request, 'FastTrack', inputOf(request.body.fast_track_id, request.body)),
  listFastTrackBookings: (request) => fastTrack.list(request, request.query),
  getFastTrackBooking: (request) => fastTrack.get(request, request.params.bookingID),
  confirmFastTrackBooking: (request) => fastTrack.change(request, request.params.bookingID, 'confirm'),
  cancelFastTrackBooking: (request) => fastTrack.change(request, request.params.bookingID, 'cancel'),
  getFastTrackPass: (request) => fastTrack.pass(request, request.params.bookingID),
  getFastTrackWalletPass: (request) => fastTrack.walletPass(request, request.params.bookingID),
  getPassSigningKeys: async () => ({
    status: 200,
    body: await passKeys.jwks(),
    headers: { 'Cache-Control': 'public, max-age=300' },
  }),
});
