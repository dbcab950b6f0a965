import type { Guest, PassStatus, ServiceType } from '../booking/model.ts';

/** A scan made offline may reach the service this long after it was made (the idempotency window too). */
export const offlineScanHours = 72;
/** Scanner clocks drift: a scan this far ahead of the service's clock, or of a pass's window, still counts. */
export const scanClockSkewSeconds = 30;

/**
 * A pass redeemed at a venue's door (docs/redemptions.md). `Accepted`: the pass became Used.
 * `Disputed`: scanned offline while valid, but its booking was canceled before the scan reached the
 * service; recorded so nothing a scanner sends is lost, listed for employees, the pass left Canceled.
 */
export const redemptionStatuses = ['Accepted', 'Disputed'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

/** What a venue's scanner is refused, and what verify names as `refusal`. */
export const passRefusals = ['PassNotReady', 'PassAlreadyUsed', 'PassCanceled', 'PassExpired'] as const;
export type PassRefusal = (typeof passRefusals)[number];

export interface Redemption {
  redemptionId: string;
  passId: string;
  bookingId: string;
  /** The partner's account: the booking's key. Never shown to a venue. */
  accountId: string;
  serviceType: ServiceType;
  /** The lounge or fast-track lane. */
  itemId: string;
  venueId: string;
  /** The scanner that sent it; null for the sandbox's pass-used. */
  deviceId: string | null;
  admittedGuests: number;
  /** When the pass was scanned at the door (the pass's `redeemed_at`). */
  scannedAt: string;
  /** When the service recorded it. */
  recordedAt: string;
  status: RedemptionStatus;
}

/** A pass as the door sees it: what verify answers (no partner or account data). */
export interface PassAtTheDoor {
  passId: string;
  bookingId: string;
  serviceType: ServiceType;
  itemId: string;
  status: PassStatus;
  guestsCount: number;
  usedGuestsCount: number | null;
  validFrom: string;
  validUntil: string;
  transportNumber: string | null;
  guests: Guest[];
  /** The refusal a redemption would get now; null when it would be accepted. */
  refusal: PassRefusal | null;
}
