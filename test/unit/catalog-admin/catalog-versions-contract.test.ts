import { catalogVersionsContract } from '../../support/contracts/catalog-versions.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { MemoryVersions } from './fakes.ts';

catalogVersionsContract('in memory', async () => ({
  versions: new MemoryVersions(),
  committer: fakeCommitter,
}));
