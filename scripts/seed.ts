/**
 * `npm run seed`: publishes the catalog seed (seed/catalog) and the contracts.
 *
 * Local stage (default): reads `<LOCAL_STATE_DIR>/endpoints.json` for the DynamoDB endpoint and table
 * and `seed.json` for the seeded partner accounts; run it while `npm start` runs. The stage also runs
 * it on first start. AWS: set the function environment (MAIN_TABLE_NAME, IMAGES_BUCKET_NAME, ...) and
 * credentials, and pass the partner accounts:
 * `npm run seed -- --account <partner-1 id> --account <partner-2 id>`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  applyEnvironment,
  disableInstanceMetadata,
  hasFunctionEnvironment,
  localStateDir,
} from '../infra/local/config.ts';

const { values } = parseArgs({ options: { account: { type: 'string', multiple: true } } });
const stateDir = localStateDir();

async function readJson<T>(file: string): Promise<T | undefined> {
  const path = join(stateDir, file);
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as T) : undefined;
}

if (!hasFunctionEnvironment()) {
  const endpoints = await readJson<{ environment: Record<string, string> }>('endpoints.json');
  if (!endpoints) {
    console.error(
      `No ${join(stateDir, 'endpoints.json')}: start the local stage (npm start) or set MAIN_TABLE_NAME.`,
    );
    process.exit(1);
  }
  applyEnvironment(endpoints.environment);
}
disableInstanceMetadata();

const seeded = await readJson<{ partners: { account_id: string }[] }>('seed.json');
const accounts = values.account ?? seeded?.partners.map((partner) => partner.account_id) ?? [];

const { seedCatalog } = await import('../infra/local/seed-catalog.ts');
await seedCatalog(accounts);
console.log(`catalog seeded; partner contracts for ${accounts.length} account(s)`);
