/**
 * `npm run backfill:pass-references`: writes the `PASS#<pass_id>` reference of every pass issued before
 * redemptions existed (shared/db/migrations/pass-references.ts). Local stage (default): reads
 * `<LOCAL_STATE_DIR>/endpoints.json`, run it while `npm start` runs. AWS: set MAIN_TABLE_NAME and
 * credentials; run once after the deploy that introduced redemptions.
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

const { backfillPassReferences } = await import('../shared/db/migrations/pass-references.ts');
const { bookings, written } = await backfillPassReferences();
console.log(`pass references: ${written} written for ${bookings} bookings with a pass`);
