import { auditLogContract } from '../../support/contracts/audit-log.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { MemoryAudit } from './fakes.ts';

const log = new MemoryAudit();
auditLogContract('in memory', () => ({ log, committer: fakeCommitter }));
