/**
 * `npm run migrate:booking-sweeps`: moves the sweep keys of bookings written before the keys-only
 * `sweeps` index from gsi1 to it (shared/db/migrations/booking-sweeps.ts). Local stage (default): reads
 * `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set MAIN_TABLE_NAME and
 * credentials; run once after the deploy that added the index (docs/deploy.md).
 */
import { useMigrationEnvironment } from './migration-environment.ts';

await useMigrationEnvironment();

const { moveBookingSweeps } = await import('../shared/db/migrations/booking-sweeps.ts');
const { moved } = await moveBookingSweeps();
console.log(`Booking sweeps: ${moved} bookings moved from gsi1 to the sweeps index`);
