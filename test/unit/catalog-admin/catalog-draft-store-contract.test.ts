import { catalogDraftStoreContract } from '../../support/contracts/catalog-draft-store.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { MemoryDraft } from './fakes.ts';

const drafts = new MemoryDraft({ hubs: [], amenities: [], lounges: [], fast_tracks: [], tariffs: [] });
catalogDraftStoreContract('in memory', () => ({ drafts, committer: fakeCommitter }));
