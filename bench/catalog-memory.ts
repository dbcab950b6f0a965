// What one container holds for a catalog of N lounges, measured in a process of its own: in the
// bench's process the local stage's pollers and servers allocate all the time, and a catalog of 50
// lounges weighs less than that noise (the first published runs read negative megabytes).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import './environment.ts';
import { loadSeedCatalog } from '../infra/local/seed-catalog.ts';
import type { CatalogRecords, LoungeRecord } from '../shared/domain/catalog/catalog-stored.ts';
import { listCatalog } from '../shared/domain/catalog/service.ts';
import { CatalogSnapshot } from '../shared/domain/catalog/snapshot.ts';
import { collector } from './heap.ts';
import { median } from './stats.ts';

/** A UUID-shaped id that is the same for the same seed, so a catalog of one size is always the same. */
function stableId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The seed catalog with `count` active lounges, cloned from the seeded ones (new ids, numbered names). */
export function catalogOfSize(seed: CatalogRecords, count: number): CatalogRecords {
  const templates = seed.lounges.filter((lounge) => lounge.is_active);
  const lounges: LoungeRecord[] = Array.from({ length: count }, (_, index) => {
    const template = templates[index % templates.length] as LoungeRecord;
    const id = stableId(`bench-lounge-${index}`);
    return {
      ...template,
      id,
      name: {
        'en-US': `${template.name['en-US']} ${index}`,
        'ru-RU': `${template.name['ru-RU']} ${index}`,
      },
      images: template.images.map((image, position) => ({
        ...image,
        id: stableId(`bench-image-${index}-${position}`),
      })),
    };
  });
  return { ...seed, lounges };
}

export interface CatalogMemory {
  /** Heap a container keeps: the records as read, the snapshot, the lounges rendered for one locale. */
  heapMiB: number;
  /** The same records as the JSON DynamoDB sends them in: the data itself, the least one could hold. */
  jsonMiB: number;
}

/**
 * One measurement: records built from a JSON copy (as a container reads them), the snapshot over them
 * and the first page of lounges for one locale, all kept alive until the heap is read.
 */
function heapOf(json: string, collect: () => void, total: number): number {
  collect();
  const before = process.memoryUsage().heapUsed;
  const records = JSON.parse(json) as CatalogRecords;
  const snapshot = new CatalogSnapshot({
    records,
    version: 'bench',
    updatedAt: new Date(0),
    imageBaseUrl: 'https://api.bench.invalid',
  });
  const contract = {
    lounges: 'all',
    fast_tracks: 'all',
    tariffs: 'all',
    updatedAt: '1970-01-01T00:00:00Z',
  } as const;
  const page = listCatalog({ snapshot, contract }, 'lounges', { limit: 100, offset: 0 }, {});
  collect();
  const after = process.memoryUsage().heapUsed;
  if (page.body?.pagination.total !== total) throw new Error('The page lost lounges');
  // Kept reachable up to here, so the collection above could not take them.
  if (!snapshot || !records) throw new Error('unreachable');
  return (after - before) / 2 ** 20;
}

async function measureHere(size: number): Promise<CatalogMemory> {
  const seed = await loadSeedCatalog();
  const json = JSON.stringify(catalogOfSize(seed.records, size));
  const collect = collector();
  heapOf(json, collect, size);
  const heaps = [heapOf(json, collect, size), heapOf(json, collect, size), heapOf(json, collect, size)];
  return { heapMiB: median(heaps), jsonMiB: Buffer.byteLength(json) / 2 ** 20 };
}

/** Runs the measurement for one size in a fresh process (this file as its entry). */
export async function catalogMemory(size: number): Promise<CatalogMemory> {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const { stdout } = await promisify(execFile)(tsx, [fileURLToPath(import.meta.url), String(size)], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as CatalogMemory;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const size = Number(process.argv[2]);
  if (!Number.isInteger(size) || size <= 0) throw new Error('usage: catalog-memory.ts <lounges>');
  process.stdout.write(`${JSON.stringify(await measureHere(size))}\n`);
}
