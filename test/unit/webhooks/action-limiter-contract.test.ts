import { actionLimiterContract } from '../../support/contracts/action-limiter.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { CountingLimiter } from './fakes.ts';

const limits = new CountingLimiter();
actionLimiterContract('in memory', () => ({ limits, committer: fakeCommitter }));
