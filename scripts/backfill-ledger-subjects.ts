/**
 * `npm run backfill:ledger-subjects`: gives every ledger line about a booking or an eSIM written before
 * the support tools showed them its gsi1 keys (shared/db/migrations/ledger-subjects.ts). Local stage
 * (default): reads `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set
 * MAIN_TABLE_NAME and credentials; run once after the deploy that introduced them.
 */
import { useMigrationEnvironment } from './migration-environment.ts';

await useMigrationEnvironment();

const { backfillLedgerSubjects } = await import('../shared/db/migrations/ledger-subjects.ts');
const { lines, written } = await backfillLedgerSubjects();
console.log(`ledger subjects: ${written} of ${lines} lines given their index keys`);
