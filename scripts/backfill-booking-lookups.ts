/**
 * `npm run backfill:booking-lookups`: sets the lookup index keys of every booking written before
 * the support tools existed (shared/db/migrations/booking-lookups.ts). Local stage (default): reads
 * `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set MAIN_TABLE_NAME and
 * credentials; run once after the deploy that introduced the support tools.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  applyEnvironment,
  disableInstanceMetadata,
  hasFunctionEnvironment,
  localStateDir,
} from '../infra/local/config.ts';

if (!hasFunctionEnvironment()) {
  const file = join(localStateDir(), 'endpoints.json');
  if (!existsSync(file)) {
    console.error(`No ${file}: start the local stage (npm start) or set MAIN_TABLE_NAME.`);
    process.exit(1);
  }
  applyEnvironment(
    (JSON.parse(await readFile(file, 'utf8')) as { environment: Record<string, string> }).environment,
  );
}
disableInstanceMetadata();

const { backfillBookingLookups } = await import('../shared/db/migrations/booking-lookups.ts');
const { bookings, written } = await backfillBookingLookups();
console.log(`booking lookups: ${written} of ${bookings} bookings given their index keys`);
