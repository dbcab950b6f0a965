/**
 * `npm run reindex:esim-expiry`: moves the expiry index entry of every eSIM written before expiry
 * notices to its next notice (shared/db/migrations/esim-expiry-index.ts). Local stage (default): reads
 * `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set MAIN_TABLE_NAME and
 * credentials; run once after the deploy that introduced expiry notices.
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

const { reindexEsimExpiry } = await import('../shared/db/migrations/esim-expiry-index.ts');
const { esims, moved } = await reindexEsimExpiry();
console.log(`eSIM expiry index: ${moved} of ${esims} running eSIMs moved to their next expiry notice`);
