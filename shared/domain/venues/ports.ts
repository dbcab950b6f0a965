import type { VenueDeviceScope } from '../../vocabulary/scopes.ts';
import type { Page, PageRequest } from '../ports.ts';
import type { StagedWrite } from '../unit-of-work.ts';
import type { Device, EnrollmentCode, Venue, VenueItems } from './model.ts';

/** Venue storage (shared/db/entities/venue.ts). Writes are staged: the request's transaction commits them. */
export interface VenueStore {
  /** Strongly consistent. */
  find(venueId: string): Promise<Venue | undefined>;
  /** Newest first. */
  list(page: PageRequest): Promise<Page<Venue>>;
  /** A new venue; never overwrites one. */
  create(venue: Venue): StagedWrite;
  /** Replaces the venue's items; the venue must exist. */
  replaceItems(venueId: string, items: VenueItems, at: string): StagedWrite;
  /** Disables the active venue (a venue disabled meanwhile: 409 VenueInvalidState). */
  disable(venueId: string, at: string): StagedWrite;
  /** A condition only: the venue is still active when the transaction commits (409 VenueInvalidState). */
  stillActive(venueId: string): StagedWrite;
}

/** Enrollment codes (shared/db/entities/enrollment-code.ts), kept by the hash of the code. */
export interface EnrollmentCodeStore {
  save(code: EnrollmentCode): StagedWrite;
  /** Strongly consistent; a code spent already is not found. */
  findUnspent(codeHash: string): Promise<EnrollmentCode | undefined>;
  /**
   * Spends the code for `deviceId`, on the condition that it is unspent and unexpired at `now`: of
   * concurrent uses exactly one commits, the others are 422 EnrollmentCodeInvalid.
   */
  spend(codeHash: string, deviceId: string, now: Date): StagedWrite;
}

/** Devices (shared/db/entities/venue-device.ts): one item per device. */
export interface DeviceStore {
  /** Strongly consistent: a disable holds from the very next token request. */
  find(deviceId: string): Promise<Device | undefined>;
  /** Newest first, from an index. */
  listOfVenue(venueId: string, page: PageRequest): Promise<Page<Device>>;
  create(device: Device): StagedWrite;
  /** Disables the active device of the venue it was read from (disabled meanwhile: DeviceInvalidState). */
  disable(device: Device, at: string): StagedWrite;
}

/** The lounges and fast-tracks of the published catalog, which a venue may operate. */
export interface VenueCatalog {
  publishedItems(): Promise<{ lounges: ReadonlySet<string>; fastTracks: ReadonlySet<string> }>;
}

export interface VenuePorts {
  venues: VenueStore;
  enrollments: EnrollmentCodeStore;
  devices: DeviceStore;
  catalog: VenueCatalog;
}

/** A proof's `jti`, spent once (shared/db/entities/proof-jti.ts). */
export interface ProofUse {
  kind: 'client_assertion' | 'dpop';
  /** Whose jti: the device id (assertions) or the key's thumbprint (DPoP proofs). */
  issuer: string;
  jti: string;
  /** Until the proof could no longer verify: then the jti may be forgotten. */
  keepUntil: Date;
}

export interface ProofReplayGuard {
  /** True for the first use of the jti; false for every later one until `keepUntil`. */
  firstUse(use: ProofUse, now: Date): Promise<boolean>;
}

/** The proofs of a device (shared/auth/device-proofs.ts); a proof that does not verify throws. */
export interface DeviceProofVerifier {
  clientAssertion(
    assertion: string,
    device: Pick<Device, 'deviceId' | 'publicJwk'>,
    expected: { tokenUrl: string; now: Date },
  ): Promise<{ jti: string; keepUntil: Date }>;
  dpopProof(
    proof: string,
    request: { method: string; url: string; now: Date; accessToken?: string },
  ): Promise<{ jkt: string; jti: string; keepUntil: Date }>;
}

/** Signs device tokens (shared/auth/token-issuer.ts): aud the venue API, bound to the DPoP key. */
export interface DeviceTokenIssuer {
  issueDeviceToken(
    claims: { deviceId: string; venueId: string; jkt: string; scopes: readonly VenueDeviceScope[] },
    now: Date,
  ): Promise<{ accessToken: string; expiresIn: number; scopes: readonly VenueDeviceScope[] }>;
}

/** What the token endpoint's device grant needs. */
export interface DeviceTokenPorts {
  devices: Pick<DeviceStore, 'find'>;
  venues: Pick<VenueStore, 'find'>;
  proofs: DeviceProofVerifier;
  replays: ProofReplayGuard;
  tokens: DeviceTokenIssuer;
}
