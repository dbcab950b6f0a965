import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CatalogImageStore, StoredImage } from '../../../shared/domain/catalog-admin/ports.ts';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';

export interface CatalogImageStoreSetup {
  images: CatalogImageStore;
  committer: WriteCommitter;
}

/**
 * What every `CatalogImageStore` does with the images' facts, in memory and on DynamoDB (the pattern
 * of lockout-store.ts). The bytes (`putBytes`) go to the images bucket, not the table: not covered here.
 */
export function catalogImageStoreContract(name: string, setup: () => CatalogImageStoreSetup): void {
  function anImage(overrides: Partial<StoredImage> = {}): StoredImage {
    const sha256 = createHash('sha256').update(randomUUID()).digest('hex');
    return {
      imageId: randomUUID(),
      sha256,
      contentType: 'image/png',
      bytes: 2048,
      width: 640,
      height: 480,
      createdAt: '2030-06-01T12:00:00.000Z',
      ...overrides,
    };
  }

  describe(`the catalog image store contract: ${name}`, () => {
    it('stores the facts of an image when the write commits', async () => {
      const { images, committer } = setup();
      const image = anImage();

      const staged = images.add(image);
      expect(await images.find([image.imageId])).toEqual(new Map());
      await committer.commit([staged]);

      expect(await images.find([image.imageId])).toEqual(new Map([[image.imageId, image]]));
    });

    it('finds the images asked for that exist, once each, seeded SVGs without pixels too', async () => {
      const { images, committer } = setup();
      const png = anImage();
      const svg = anImage({ contentType: 'image/svg+xml', width: null, height: null });
      await committer.commit([images.add(png), images.add(svg)]);

      const found = await images.find([svg.imageId, randomUUID(), png.imageId, svg.imageId]);

      expect(found).toEqual(
        new Map([
          [svg.imageId, svg],
          [png.imageId, png],
        ]),
      );
    });

    it('never overwrites: the twin upload that lost the race gets ConcurrentChangeError', async () => {
      const { images, committer } = setup();
      const image = anImage();
      const twin = images.add({ ...image, createdAt: '2030-06-01T12:00:01.000Z' });
      await committer.commit([images.add(image)]);

      const refused = await refusalOf(() => committer.commit([twin]));

      expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect((await images.find([image.imageId])).get(image.imageId)).toEqual(image);
    });
  });
}
