/**
 * `npm run migrate:account-partitions`: moves every account's administrative items (record, managers,
 * contract, eSIM reseller link, certificates) from `ACCOUNT#<id>` to `ACCOUNT_ADMIN#<id>`
 * (docs/deploy.md). Idempotent: a rerun moves what is left. It prints the cursor after each page;
 * `-- --cursor <cursor>` resumes after that page.
 *
 * Local stage (default): reads `<LOCAL_STATE_DIR>/endpoints.json`; run it while `npm start` runs. AWS:
 * set MAIN_TABLE_NAME (and the function environment, as for `npm run seed`) and credentials.
 */
import { parseArgs } from 'node:util';
import { useMigrationEnvironment } from './migration-environment.ts';

const { values } = parseArgs({ options: { cursor: { type: 'string' } } });

await useMigrationEnvironment();

const { migrateAccountPartitionsPage } = await import('../shared/db/migrations/account-partitions.ts');

let cursor = values.cursor;
const totals = { accounts: 0, moved: 0, superseded: 0 };
do {
  const page = await migrateAccountPartitionsPage(cursor);
  totals.accounts += page.accounts;
  totals.moved += page.moved;
  totals.superseded += page.superseded;
  cursor = page.nextCursor;
  console.log(
    `${totals.accounts} accounts, ${totals.moved} items moved, ${totals.superseded} superseded` +
      (cursor ? `; resume with --cursor ${cursor}` : '; done'),
  );
} while (cursor);
