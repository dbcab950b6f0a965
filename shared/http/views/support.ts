import type { LedgerLine } from '../../domain/billing/model.ts';
import { historyOf } from '../../domain/booking/lookup.ts';
import { type Booking, passOf } from '../../domain/booking/model.ts';
import type { Esim } from '../../domain/esim/model.ts';
import type { ShareLinkOf } from '../../domain/esim/share-link.ts';
import type { Redemption } from '../../domain/redemptions/model.ts';
import { ledgerLineView } from './billing.ts';
import { bookingView } from './booking.ts';
import { esimSummaryView } from './esim.ts';
import { adminRedemptionView } from './redemptions.ts';

/** A booking as employees read it (docs/support.md): the partner's record with its account and service. */
export function adminBookingView(booking: Booking) {
  return { ...bookingView(booking), account_id: booking.accountId, service_id: booking.serviceId };
}

/** The booking's full story: its pass (no QR payload), every status change, its redemptions and lines. */
export function adminBookingDetailView(
  booking: Booking,
  redemptions: readonly Redemption[],
  ledgerLines: readonly LedgerLine[],
) {
  const pass = passOf(booking);
  return {
    ...adminBookingView(booking),
    pass: pass
      ? {
          pass_id: pass.passId,
          status: pass.status,
          guests_count: pass.guestsCount,
          used_guests_count: pass.usedGuestsCount,
          valid_from: pass.validFrom,
          valid_until: pass.validUntil,
        }
      : null,
    history: historyOf(booking).map((change) => ({
      at: change.at,
      from: change.from,
      to: change.to,
      actor: change.actor ? { type: change.actor.type, id: change.actor.id ?? null } : null,
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      ...(change.waiveFee !== undefined ? { waive_fee: change.waiveFee } : {}),
    })),
    redemptions: redemptions.map(adminRedemptionView),
    ledger_lines: ledgerLines.map(ledgerLineView),
  };
}

/** An eSIM as employees list it: the partner's summary and its account. */
export function adminEsimView(esim: Esim, now: Date, shareLinkOf: ShareLinkOf) {
  return { ...esimSummaryView(esim, now, shareLinkOf), account_id: esim.accountId };
}

/** One eSIM with its packages, its suspensions and resumptions, and its ledger lines. */
export function adminEsimDetailView(
  esim: Esim,
  ledgerLines: readonly LedgerLine[],
  now: Date,
  shareLinkOf: ShareLinkOf,
) {
  return {
    ...adminEsimView(esim, now, shareLinkOf),
    history: (esim.history ?? []).map((change) => ({
      at: change.at,
      from: change.from,
      to: change.to,
      actor: { type: change.actor.type, id: change.actor.id },
      reason: change.reason,
    })),
    ledger_lines: ledgerLines.map(ledgerLineView),
  };
}
