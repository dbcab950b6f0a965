import { randomUUID } from 'node:crypto';
import { ensureTable } from '../../../infra/local/tables.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { mainTable } from '../../../shared/db/tables.ts';
import { endpoints } from '../api.ts';
import { dynamoClient } from '../aws.ts';

/**
 * Points the DynamoDB stores at a main table of the calling file's own on the run's DynamoDB Local:
 * singletons (the catalog draft and pointer) stay out of other files' way, and outbox items (recovery
 * jobs) reach no dispatcher of the stage.
 */
export async function onOwnMainTable(prefix: string): Promise<void> {
  Object.assign(process.env, endpoints().environment);
  const client = dynamoClient();
  const { name } = await ensureTable(client, mainTable, `${prefix}-${randomUUID().slice(0, 8)}`);
  client.destroy();
  process.env.MAIN_TABLE_NAME = name;
  resetModuleCaches();
}
