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
