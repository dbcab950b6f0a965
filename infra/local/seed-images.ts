import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { imageSize } from 'image-size';
import { config } from '../../shared/config/env.ts';
import { ddb } from '../../shared/db/client.ts';
import { imageToItem } from '../../shared/db/entities/catalog-image.ts';
import type { StoredImage } from '../../shared/domain/catalog-admin/ports.ts';
import { hasImageObject, putImageObject } from '../../shared/storage/image-objects.ts';
import type { SeedCatalog } from './seed-catalog.ts';

/** Pixel size of a seeded file when its format has one (the SVG illustrations may not). */
function pixels(bytes: Uint8Array): { width: number | null; height: number | null } {
  try {
    const { width, height } = imageSize(bytes);
    return { width: width ?? null, height: height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/**
 * The seed's image bytes into the images bucket (skipped when the object is there: the key is the
 * SHA-256) and one image record per seeded image id, never overwriting one.
 */
export async function seedImages(seed: SeedCatalog, now: Date): Promise<void> {
  for (const [sha256, { contentType, bytes }] of seed.blobs) {
    if (!(await hasImageObject(sha256))) await putImageObject(sha256, contentType, bytes);
  }
  const images = new Map<string, StoredImage>();
  for (const service of [...seed.records.lounges, ...seed.records.fast_tracks]) {
    for (const image of service.images) {
      const blob = seed.blobs.get(image.blob);
      if (!blob) throw new Error(`The seed names image bytes ${image.blob} it does not hold`);
      images.set(image.id, {
        imageId: image.id,
        sha256: image.blob,
        contentType: image.content_type,
        bytes: blob.bytes.length,
        ...pixels(blob.bytes),
        createdAt: now.toISOString(),
      });
    }
  }
  for (const image of images.values()) {
    try {
      await ddb().send(
        new PutCommand({
          TableName: config().mainTableName,
          Item: imageToItem(image),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
