import type { Page, PageRequest } from '../../../shared/domain/ports.ts';
import type { Device, EnrollmentCode, Venue, VenueItems } from '../../../shared/domain/venues/model.ts';
import type {
  DeviceStore,
  EnrollmentCodeStore,
  VenueCatalog,
  VenuePorts,
  VenueStore,
} from '../../../shared/domain/venues/ports.ts';
import {
  deviceDisabled,
  deviceNotFound,
  enrollmentCodeInvalid,
  venueDisabled,
  venueNotFound,
} from '../../../shared/domain/venues/service.ts';
import { type FakeWrite, fakeWrite, newKeyWrite } from '../support/unit-of-work.ts';

export const now = new Date('2030-01-01T00:00:00.000Z');
export const lounge = '11111111-1111-4111-8111-111111111111';
export const otherLounge = '22222222-2222-4222-8222-222222222222';
export const fastTrack = '33333333-3333-4333-8333-333333333333';

const newestFirst = <T extends { createdAt: string }>(items: T[], id: (item: T) => string) =>
  [...items].sort((a, b) => `${b.createdAt}#${id(b)}`.localeCompare(`${a.createdAt}#${id(a)}`));

function pageOf<T>(items: T[], page: PageRequest): Page<T> {
  const start = page.cursor === undefined ? 0 : Number(page.cursor);
  const end = start + page.limit;
  return { items: items.slice(start, end), nextCursor: end < items.length ? String(end) : null };
}

export class MemoryVenues implements VenueStore {
  readonly venues = new Map<string, Venue>();

  async find(venueId: string) {
    return this.venues.get(venueId);
  }

  async list(page: PageRequest) {
    return pageOf(
      newestFirst([...this.venues.values()], (venue) => venue.venueId),
      page,
    );
  }

  create(venue: Venue): FakeWrite {
    return newKeyWrite(`create venue ${venue.venueId}`, this.venues, venue.venueId, venue);
  }

  replaceItems(venueId: string, items: VenueItems, at: string) {
    return fakeWrite(
      `replace the items of venue ${venueId}`,
      () => {
        const found = this.venues.get(venueId);
        if (found) this.venues.set(venueId, { ...found, ...items, updatedAt: at });
      },
      () => (this.venues.has(venueId) ? undefined : venueNotFound(venueId)),
    );
  }

  disable(venueId: string, at: string) {
    return fakeWrite(
      `disable venue ${venueId}`,
      () => {
        const found = this.venues.get(venueId);
        if (found) this.venues.set(venueId, { ...found, status: 'Disabled', updatedAt: at });
      },
      () => this.activeRefusal(venueId),
    );
  }

  stillActive(venueId: string) {
    return fakeWrite(
      `check venue ${venueId} is active`,
      () => {},
      () => this.activeRefusal(venueId),
    );
  }

  private activeRefusal(venueId: string): Error | undefined {
    const found = this.venues.get(venueId);
    if (!found) return venueNotFound(venueId);
    return found.status === 'Active' ? undefined : venueDisabled(venueId);
  }
}

export class MemoryEnrollmentCodes implements EnrollmentCodeStore {
  readonly codes = new Map<string, EnrollmentCode & { spentBy?: string }>();

  save(code: EnrollmentCode): FakeWrite {
    return newKeyWrite(
      `create an enrollment code for venue ${code.venueId}`,
      this.codes,
      code.codeHash,
      code,
    );
  }

  async findUnspent(codeHash: string) {
    const found = this.codes.get(codeHash);
    if (!found || found.spentBy) return undefined;
    const { spentBy: _spentBy, ...code } = found;
    return code;
  }

  spend(codeHash: string, deviceId: string, at: Date) {
    return fakeWrite(
      'spend an enrollment code',
      () => {
        const found = this.codes.get(codeHash);
        if (found) this.codes.set(codeHash, { ...found, spentBy: deviceId });
      },
      () => {
        const found = this.codes.get(codeHash);
        const spendable = found && !found.spentBy && Date.parse(found.expiresAt) > at.getTime();
        return spendable ? undefined : enrollmentCodeInvalid();
      },
    );
  }
}

export class MemoryDevices implements DeviceStore {
  readonly devices = new Map<string, Device>();

  async find(deviceId: string) {
    return this.devices.get(deviceId);
  }

  async listOfVenue(venueId: string, page: PageRequest) {
    const listed = [...this.devices.values()].filter((device) => device.venueId === venueId);
    return pageOf(
      newestFirst(listed, (device) => device.deviceId),
      page,
    );
  }

  create(device: Device): FakeWrite {
    return newKeyWrite(`create device ${device.deviceId}`, this.devices, device.deviceId, device);
  }

  disable(device: Device, at: string) {
    return fakeWrite(
      `disable device ${device.deviceId}`,
      () => this.devices.set(device.deviceId, { ...device, status: 'Disabled', updatedAt: at }),
      () => {
        const found = this.devices.get(device.deviceId);
        if (found?.venueId !== device.venueId) return deviceNotFound(device.deviceId);
        return found.status === 'Active' ? undefined : deviceDisabled(device.deviceId);
      },
    );
  }
}

export class FakeVenueCatalog implements VenueCatalog {
  lounges = new Set([lounge, otherLounge]);
  fastTracks = new Set([fastTrack]);

  async publishedItems() {
    return { lounges: this.lounges, fastTracks: this.fastTracks };
  }
}

export function venuePorts(): VenuePorts & {
  venues: MemoryVenues;
  enrollments: MemoryEnrollmentCodes;
  devices: MemoryDevices;
} {
  return {
    venues: new MemoryVenues(),
    enrollments: new MemoryEnrollmentCodes(),
    devices: new MemoryDevices(),
    catalog: new FakeVenueCatalog(),
  };
}
