import type { ServiceType } from '../booking/model.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type { Redemption, RedemptionStatus } from './model.ts';

/** Does this venue operate the lounge or lane? (slice of the venues area, shared/domain/venues/). */
export interface VenueAuthority {
  operates(venueId: string, serviceType: ServiceType, itemId: string): Promise<boolean>;
}

/** The claims of a pass QR (shared/pki/pass-signing.ts, readPassToken). */
export interface PassToken {
  passId: string;
  bookingId: string;
  serviceType: ServiceType;
  serviceId: string;
  guestsCount: number;
  validFrom: string;
  validUntil: string;
}

/**
 * Reads a scanned QR: its claims when it is a pass of this service (signature by a published pass key,
 * `typ` pass+jwt, claims of the pass's shape), undefined otherwise. The validity window is not checked
 * here: an expired pass is still a pass, refused as PassExpired.
 */
export interface PassTokens {
  read(qr: string): Promise<PassToken | undefined>;
}

export interface VenueRedemptionsQuery extends PageRequest {
  /** Only redemptions recorded at or after this instant (RFC 3339). */
  since?: string | undefined;
}

/** Redemptions (shared/db/entities/redemption.ts): at most one per pass. */
export interface RedemptionStore {
  /**
   * Records the redemption on the condition that its pass has none yet; `taken` turns the one found
   * into the error a failed condition answers (a concurrent or earlier redemption of the same pass).
   */
  create(redemption: Redemption, taken: (existing: Redemption | undefined) => Error): StagedWrite[];
  /** The redemption of a pass, if any: one strongly consistent read. */
  findByPass(passId: string): Promise<Redemption | undefined>;
  /** A venue's redemptions in the order they were recorded, oldest first. */
  listOfVenue(venueId: string, query: VenueRedemptionsQuery): Promise<Page<Redemption>>;
  /** Redemptions of one status across venues, newest first (only Disputed is listed). */
  listByStatus(status: Extract<RedemptionStatus, 'Disputed'>, page: PageRequest): Promise<Page<Redemption>>;
}
