/**
 * `npm run backfill:booking-lookups`: sets the lookup index keys of every booking written before
 * the support tools existed (shared/db/migrations/booking-lookups.ts). Local stage (default): reads
 * `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set MAIN_TABLE_NAME and
 * credentials; run once after the deploy that introduced the support tools.
 */
import { useMigrationEnvironment } from './migration-environment.ts';

await useMigrationEnvironment();

const { backfillBookingLookups } = await import('../shared/db/migrations/booking-lookups.ts');
const { bookings, written } = await backfillBookingLookups();
console.log(`booking lookups: ${written} of ${bookings} bookings given their index keys`);
