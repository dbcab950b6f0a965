import { onReset } from '../config/reset.ts';
import type { CatalogImages } from '../domain/catalog/ports.ts';
import { LruMap } from '../util/lru-map.ts';
import { readImageObject } from './image-objects.ts';

/** Image bytes kept per container; blobs are immutable (content-addressed), so never stale. */
const defaultBudgetBytes = 32 * 1024 * 1024;

/**
 * The catalog's image bytes for the catalog function: read from the images bucket the first time a
 * container serves them, then from memory up to a byte budget, least recently served dropped first.
 */
export class CachedImageObjects implements CatalogImages {
  private readonly images: LruMap<string, Uint8Array>;

  constructor(budgetBytes = defaultBudgetBytes) {
    this.images = new LruMap(budgetBytes, (bytes) => bytes.byteLength);
  }

  async imageBytes(blob: string): Promise<Uint8Array> {
    const cached = this.images.get(blob);
    if (cached) return cached;
    const bytes = await readImageObject(blob);
    if (!bytes) throw new Error(`Catalog image object ${blob} is missing`);
    this.images.set(blob, bytes);
    return bytes;
  }
}

let images: CachedImageObjects | undefined;

/** Module-scope singleton: the bytes live as long as the container. */
export function catalogImages(): CachedImageObjects {
  images ??= new CachedImageObjects();
  return images;
}

onReset(() => {
  images = undefined;
});
