import { beforeAll } from 'vitest';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { webhookActionLimiter } from '../../../shared/db/entities/action-limit.ts';
import { actionLimiterContract } from '../../support/contracts/action-limiter.ts';
import { onOwnMainTable } from '../../support/contracts/own-table.ts';

beforeAll(() => onOwnMainTable('action-limiter-contract'));

actionLimiterContract('DynamoDB', () => ({ limits: webhookActionLimiter, committer: stagedWriteCommitter }));
