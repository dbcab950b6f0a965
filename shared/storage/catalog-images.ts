import { onReset } from '../config/reset.ts';
import type { CatalogImages } from '../domain/catalog/ports.ts';
import { readImageObject } from './image-objects.ts';

/** Image bytes kept per container; blobs are immutable (content-addressed), so never stale. */
const defaultBudgetBytes = 32 * 1024 * 1024;

/**
 * The catalog's image bytes for the catalog function: read from the images bucket the first time a
 * container serves them, then from memory up to a byte budget, least recently served dropped first.
 */
export class CachedImageObjects implements CatalogImages {
  private readonly images = new Map<string, Uint8Array>();
  private bytesCached = 0;

  constructor(private readonly budgetBytes = defaultBudgetBytes) {}

  async imageBytes(blob: string): Promise<Uint8Array> {
    const cached = this.images.get(blob);
    if (cached) {
      // Map order is insertion order: re-inserting makes this the most recently used.
      this.images.delete(blob);
      this.images.set(blob, cached);
      return cached;
    }
    const bytes = await readImageObject(blob);
    if (!bytes) throw new Error(`Catalog image object ${blob} is missing`);
    this.images.set(blob, bytes);
    this.bytesCached += bytes.byteLength;
    for (const [key, value] of this.images) {
      if (this.bytesCached <= this.budgetBytes) break;
      this.images.delete(key);
      this.bytesCached -= value.byteLength;
    }
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
