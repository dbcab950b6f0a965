import { venueStoresContract } from '../../support/contracts/venue-stores.ts';
import { commitFakeWrites } from '../support/commit.ts';
import { MemoryDevices, MemoryEnrollmentCodes, MemoryVenues } from './fakes.ts';

const stores = {
  venues: new MemoryVenues(),
  enrollments: new MemoryEnrollmentCodes(),
  devices: new MemoryDevices(),
  commit: commitFakeWrites,
};
venueStoresContract('in memory', () => stores);
