import { catalogImageStoreContract } from '../../support/contracts/catalog-image-store.ts';
import { fakeCommitter } from '../support/unit-of-work.ts';
import { MemoryImages } from './fakes.ts';

const images = new MemoryImages();
catalogImageStoreContract('in memory', () => ({ images, committer: fakeCommitter }));
