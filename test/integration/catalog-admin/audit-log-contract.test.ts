import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { ensureTable } from '../../../infra/local/tables.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { dynamoAuditLog } from '../../../shared/db/entities/audit.ts';
import { auditTable } from '../../../shared/db/tables.ts';
import type { AuditLog } from '../../../shared/domain/audit/ports.ts';
import { dynamoClient } from '../../support/aws.ts';
import { auditLogContract } from '../../support/contracts/audit-log.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

let log: AuditLog;

beforeAll(async () => {
  await onOwnMainTable('audit-log-contract');
  const client = dynamoClient();
  // An audit table of its own: tests elsewhere read the stage's log newest first.
  const { name } = await ensureTable(client, auditTable, `audit-log-contract-${randomUUID().slice(0, 8)}`);
  client.destroy();
  log = dynamoAuditLog({ tableName: name });
});

auditLogContract('DynamoDB', () => ({ log, committer: stagedWriteCommitter }));
