/**
 * Where a one-off migration script finds its table: on AWS the function environment it is given
 * (MAIN_TABLE_NAME and credentials); otherwise the running local stage's `<LOCAL_STATE_DIR>/endpoints.json`.
 * Exits with a clear message when neither is there.
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

export async function useMigrationEnvironment(): Promise<void> {
  if (!hasFunctionEnvironment()) {
    const file = join(localStateDir(), 'endpoints.json');
    if (!existsSync(file)) {
      console.error(`No ${file}: start the local stage (npm start) or set MAIN_TABLE_NAME.`);
      process.exit(1);
    }
    const endpoints = JSON.parse(await readFile(file, 'utf8')) as { environment: Record<string, string> };
    applyEnvironment(endpoints.environment);
  }
  disableInstanceMetadata();
}
