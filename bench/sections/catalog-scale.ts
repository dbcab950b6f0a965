import { loadSeedCatalog } from '../../infra/local/seed-catalog.ts';
import { publishRecords } from '../../shared/db/entities/catalog.ts';
import { catalogReader } from '../../shared/db/entities/catalog-reader.ts';
import { nowMs } from '../alternate.ts';
import { type CatalogMemory, catalogMemory, catalogOfSize } from '../catalog-memory.ts';
import { expectStatus, type Harness, type RequestSpec } from '../harness.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { percentile } from '../stats.ts';

const section = '8 scale';
export const catalogSizes = [50, 500, 5000] as const;
/** More distinct filters than the rendered-page cache keeps (500): every filtered call renders. */
const distinctFilters = 600;

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
  const arm = await harness.armer('catalog');
  const { warmup, repetitions, iterations } = settings.warm;
  const memory = new Map<number, CatalogMemory>();
  const rows: Row[] = [];
  for (const size of catalogSizes) {
    const records = catalogOfSize(seed.records, size);
    log(`scale: memory of ${size} lounges (a process of its own)`);
    memory.set(size, await catalogMemory(size));
    log(`scale: publishing ${size} lounges`);
    await publishRecords(records, new Date());
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
  for (const size of catalogSizes) {
    const held = memory.get(size) as CatalogMemory;
    rows.push({
      section,
      name: `catalog memory per container, ${size} lounges`,
      floorName: 'the same records as JSON (the data itself)',
      measured: measure([held.heapMiB], [held.jsonMiB], 'MiB'),
      note: 'heap kept after full collections: the records as read, the snapshot, the lounges rendered for one locale; measured in a process of its own',
    });
  }
  return rows;
}
