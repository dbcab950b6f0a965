import { config } from '../../config/env.ts';
import type { CatalogImageStore, StoredImage } from '../../domain/catalog-admin/ports.ts';
import { ConcurrentChangeError } from '../../domain/errors.ts';
import { putImageObject } from '../../storage/image-objects.ts';
import { batchGetMain } from '../batch-get.ts';
import type { DynamoWrite } from '../transaction.ts';

/**
 * Catalog images: the facts in the main table, pk `CATALOG_IMAGE#<image id>`, sk `IMAGE` (type,
 * size, pixels, SHA-256, when), the bytes in the images bucket under `images/<sha256>`
 * (shared/storage/image-objects.ts). Uploaded images' ids derive from their SHA-256; seeded ones keep
 * the ids of the seed files.
 */
export const imagePartitionPrefix = 'CATALOG_IMAGE#';
export const imageKey = (imageId: string) => ({ pk: `${imagePartitionPrefix}${imageId}`, sk: 'IMAGE' });

interface ImageItem {
  pk: string;
  sk: string;
  type: 'CatalogImage';
  image_id: string;
  sha256: string;
  content_type: StoredImage['contentType'];
  bytes: number;
  width: number | null;
  height: number | null;
  created_at: string;
}

export function imageToItem(image: StoredImage): ImageItem {
  return {
    ...imageKey(image.imageId),
    type: 'CatalogImage',
    image_id: image.imageId,
    sha256: image.sha256,
    content_type: image.contentType,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    created_at: image.createdAt,
  };
}

function imageFromItem(item: Record<string, unknown>): StoredImage {
  const stored = item as unknown as ImageItem;
  return {
    imageId: stored.image_id,
    sha256: stored.sha256,
    contentType: stored.content_type,
    bytes: Number(stored.bytes),
    width: stored.width ?? null,
    height: stored.height ?? null,
    createdAt: stored.created_at,
  };
}

/** BatchGetItem takes 100 keys a call. */
const keysPerRead = 100;

export const dynamoCatalogImageStore = {
  async find(imageIds: readonly string[]): Promise<Map<string, StoredImage>> {
    const found = new Map<string, StoredImage>();
    const unique = [...new Set(imageIds)];
    for (let start = 0; start < unique.length; start += keysPerRead) {
      const chunk = unique.slice(start, start + keysPerRead);
      const lookup = await batchGetMain(chunk.map(imageKey), { consistentRead: true });
      for (const imageId of chunk) {
        const item = lookup(imageKey(imageId));
        if (item) found.set(imageId, imageFromItem(item));
      }
    }
    return found;
  },

  putBytes(image: StoredImage, bytes: Uint8Array): Promise<void> {
    return putImageObject(image.sha256, image.contentType, bytes);
  },

  add(image: StoredImage): DynamoWrite {
    return {
      description: `CatalogImage ${image.imageId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: imageToItem(image),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      // The same bytes uploaded twice at once: the other request stored them; this one answers them.
      onConditionFailed: () => new ConcurrentChangeError('The same image was stored meanwhile.'),
    };
  },
} satisfies CatalogImageStore;
