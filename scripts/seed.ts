/**
 * `npm run seed`: publishes the catalog seed (seed/catalog) and the contracts.
 *
 * Local stage (default): reads `<LOCAL_STATE_DIR>/endpoints.json` for the DynamoDB endpoint and table
 * and `seed.json` for the seeded partner accounts; run it while `npm start` runs. The stage also runs
 * it on first start. AWS: set MAIN_TABLE_NAME (and credentials) and pass the partner accounts:
 * `npm run seed -- --account <partner-1 id> --account <partner-2 id>`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { account: { type: 'string', multiple: true } } });
const stateDir = resolve(process.env.LOCAL_STATE_DIR ?? '.local');

async function readJson<T>(file: string): Promise<T | undefined> {
  const path = join(stateDir, file);
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as T) : undefined;
}

if (!process.env.MAIN_TABLE_NAME) {
  const endpoints = await readJson<{ environment: Record<string, string> }>('endpoints.json');
  if (!endpoints) {
    console.error(
      `No ${join(stateDir, 'endpoints.json')}: start the local stage (npm start) or set MAIN_TABLE_NAME.`,
    );
    process.exit(1);
  }
  Object.assign(process.env, endpoints.environment);
}
process.env.AWS_EC2_METADATA_DISABLED ??= 'true';

const seeded = await readJson<{ partners: { account_id: string }[] }>('seed.json');
const accounts = values.account ?? seeded?.partners.map((partner) => partner.account_id) ?? [];

const { seedCatalog } = await import('../infra/local/seed-catalog.ts');
await seedCatalog(accounts);
console.log(`catalog seeded; partner contracts for ${accounts.length} account(s)`);
