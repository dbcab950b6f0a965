import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadSeedCatalog } from '../../infra/local/seed-catalog.ts';
import { publishCatalog } from '../../shared/db/entities/catalog.ts';
import { catalogReader } from '../../shared/db/entities/catalog-reader.ts';
import type { CatalogRecords, LoungeRecord } from '../../shared/domain/catalog/records.ts';
import { listCatalog } from '../../shared/domain/catalog/service.ts';
import { CatalogSnapshot } from '../../shared/domain/catalog/snapshot.ts';
import { nowMs } from '../alternate.ts';
import { expectStatus, type Harness, type RequestSpec } from '../harness.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { percentile } from '../stats.ts';

const section = '8 scale';
export const catalogSizes = [50, 500, 5000] as const;
/** More distinct filters than the rendered-page cache keeps (500): every filtered call renders. */
const distinctFilters = 600;

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

/** A collectable heap: the bench reads memory after a full collection, not whatever was left over. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

/**
 * What one container holds for a catalog of this size: the snapshot (records by id) and the lounges
 * rendered and sorted for one locale with the first page, which is what serving the list builds.
 */
function catalogMemoryMb(records: CatalogRecords, collect: () => void): number {
  collect();
  const before = process.memoryUsage().heapUsed;
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
    updatedAt: new Date(0).toISOString(),
  } as const;
  const page = listCatalog({ snapshot, contract }, 'lounges', { limit: 100, offset: 0 }, {});
  collect();
  const after = process.memoryUsage().heapUsed;
  if (page.body?.pagination.total !== records.lounges.length) throw new Error('The page lost lounges');
  return (after - before) / 2 ** 20;
}

const bearer = (harness: Harness) => ({ Authorization: `Bearer ${harness.accessToken}` });

/** p50 over `iterations` calls, ours and the floor alternating call by call (ABBA), per repetition. */
async function p50s(
  repetitions: number,
  iterations: number,
  ours: () => () => Promise<unknown>,
  floor: () => Promise<unknown>,
): Promise<{ ours: number[]; floor: number[] }> {
  const result = { ours: [] as number[], floor: [] as number[] };
  for (let repetition = 0; repetition < repetitions; repetition++) {
    const oursMs: number[] = [];
    const floorMs: number[] = [];
    const timeOurs = async () => {
      const call = ours();
      const started = nowMs();
      await call();
      oursMs.push(nowMs() - started);
    };
    const timeFloor = async () => {
      const started = nowMs();
      await floor();
      floorMs.push(nowMs() - started);
    };
    for (let index = 0; index < iterations; index++) {
      if (index % 2 === 0) {
        await timeOurs();
        await timeFloor();
      } else {
        await timeFloor();
        await timeOurs();
      }
    }
    result.ours.push(percentile(oursMs, 50));
    result.floor.push(percentile(floorMs, 50));
  }
  return result;
}

/**
 * How the catalog's cost grows with its size: for 50, 500 and 5,000 lounges, the memory a container
 * holds, a list's p50 through the real handler (the first page, memoized per snapshot, and a name
 * filter that is never cached, so each call scans every lounge) against the same token-verification
 * floor as section 2. Runs last: it publishes these catalogs on the stage.
 */
export async function catalogScale(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const { harness, settings, log } = options;
  const seed = await loadSeedCatalog();
  const collect = collector();
  const arm = await harness.armer('catalog');
  const { warmup, repetitions, iterations } = settings.warm;
  const memory = new Map<number, number>();
  const rows: Row[] = [];
  for (const size of catalogSizes) {
    const records = catalogOfSize(seed.records, size);
    memory.set(size, catalogMemoryMb(records, collect));
    log(`scale: publishing ${size} lounges`);
    await publishCatalog(records, new Date());
    await catalogReader().view(harness.partner.accountId, { maxAgeMs: 0 });

    let filter = 0;
    const list = (query: string) => {
      const spec: RequestSpec = {
        operationId: 'listLounges',
        path: '/v2/catalog/lounges',
        rawQuery: query,
        headers: { ...bearer(harness), 'Accept-Language': 'en-US' },
      };
      const call = arm(spec);
      return async () => expectStatus(await call(), 200, `listLounges ${query}`);
    };
    const firstPage = () => list('');
    // Names end in their index: "Lounge 1234" style filters match a handful, and each is new to the cache.
    const filtered = () => list(`name=${encodeURIComponent(` ${(filter++ % distinctFilters) + 1}`)}`);
    const floor = harness.floors.verifyToken;
    for (let index = 0; index < warmup; index++) {
      await firstPage()();
      await filtered()();
    }
    const page = await p50s(repetitions, iterations, firstPage, floor);
    const scan = await p50s(repetitions, iterations, filtered, floor);
    const floorName = 'bare jose.jwtVerify of the token (section 2)';
    rows.push(
      {
        section,
        name: `catalog list, first page, ${size} lounges: p50`,
        floorName,
        measured: measure(page.ours, page.floor, 'ms'),
      },
      {
        section,
        name: `catalog list, name filter never cached (scans every lounge), ${size} lounges: p50`,
        floorName,
        measured: measure(scan.ours, scan.floor, 'ms'),
      },
    );
  }
  const smallest = memory.get(catalogSizes[0]) as number;
  for (const size of catalogSizes) {
    const mb = memory.get(size) as number;
    rows.push({
      section,
      name: `catalog memory per container, ${size} lounges`,
      floorName: `the same at ${catalogSizes[0]} lounges`,
      measured: measure([mb], [smallest], 'MiB'),
      note: 'snapshot and the lounges rendered for one locale, after a full collection',
    });
  }
  return rows;
}
