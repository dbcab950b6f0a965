/**
 * `npm run backfill:pass-references`: writes the `PASS#<pass_id>` reference of every pass issued before
 * redemptions existed (shared/db/migrations/pass-references.ts). Local stage (default): reads
 * `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set MAIN_TABLE_NAME and
 * credentials; run once after the deploy that introduced redemptions.
 */
import { useMigrationEnvironment } from './migration-environment.ts';

await useMigrationEnvironment();

const { backfillPassReferences } = await import('../shared/db/migrations/pass-references.ts');
const { bookings, written } = await backfillPassReferences();
console.log(`pass references: ${written} written for ${bookings} bookings with a pass`);
