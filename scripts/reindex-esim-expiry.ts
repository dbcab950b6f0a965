/**
 * `npm run reindex:esim-expiry`: moves the expiry index entry of every eSIM written before expiry
 * notices to its next notice (shared/db/migrations/esim-expiry-index.ts). Local stage (default): reads
 * `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set MAIN_TABLE_NAME and
 * credentials; run once after the deploy that introduced expiry notices.
 */
import { useMigrationEnvironment } from './migration-environment.ts';

await useMigrationEnvironment();

const { reindexEsimExpiry } = await import('../shared/db/migrations/esim-expiry-index.ts');
const { esims, moved } = await reindexEsimExpiry();
console.log(`eSIM expiry index: ${moved} of ${esims} running eSIMs moved to their next expiry notice`);
