import { beforeAll } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { enrollmentCodeStore } from '../../../shared/db/entities/enrollment-code.ts';
import { venueStore } from '../../../shared/db/entities/venue.ts';
import { deviceStore } from '../../../shared/db/entities/venue-device.ts';
import { endpoints } from '../../support/api.ts';
import { venueStoresContract } from '../../support/contracts/venue-stores.ts';

beforeAll(() => {
  // The stores read their table and endpoint from the environment: the run's DynamoDB Local.
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
});

venueStoresContract('DynamoDB', () => ({
  venues: venueStore,
  enrollments: enrollmentCodeStore,
  devices: deviceStore,
  commit: stagedWriteCommitter.commit,
}));
