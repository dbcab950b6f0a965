import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { routes } from '../../shared/routes/index.ts';
import { nowMs } from '../alternate.ts';
import type { Harness } from '../harness.ts';
import { collector } from '../heap.ts';
import { loungeBookingBody } from '../operations.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { percentile } from '../stats.ts';

const section = '7 soak';
const mebibyte = 2 ** 20;

/** Memory is flat when the end is within this share of the middle, or this many MiB, whichever is more. */
export const memoryBudget = { share: 0.1, mebibytes: 32 };

type Operation = 'catalog list' | 'catalog lounge' | 'create' | 'confirm' | 'pass';

/** The mix: mostly catalog reads, then creates, and confirms and pass reads of the bookings made. */
const weights: readonly [Operation, number][] = [
  ['catalog list', 30],
  ['catalog lounge', 15],
  ['create', 25],
  ['confirm', 15],
  ['pass', 15],
];

interface MemorySample {
  rssMiB: number;
  heapMiB: number;
}

export interface SoakTally {
  requests: number;
  byOperation: Record<Operation, number>;
  byStatus: Record<string, number>;
  serverErrors: { operation: Operation; status: number; body: string }[];
}

/** End within the budget of the middle (after warm-up): the stage is not growing. */
export function memoryFlat(middle: number, end: number): boolean {
  return end - middle <= Math.max(middle * memoryBudget.share, memoryBudget.mebibytes);
}

function pickOperation(random: () => number): Operation {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [operation, weight] of weights) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return 'catalog list';
}

/**
 * A mixed partner workload through the local gateway (HTTPS, mutual TLS, real tokens) for a while:
 * catalog reads, lounge creates, confirms of the bookings the processor issued and reads of their
 * passes. Zero 5xx is the budget; memory (RSS, and heap after a full collection) is sampled after the
 * warm-up, in the middle and at the end, and must stay flat; throughput of the last third over the
 * first says whether the stage slows down as it runs.
 */
export async function soak(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const { harness, settings, log } = options;
  const { seconds, lanes, warmupSeconds } = settings.soak;
  const gc = collector();
  const agent = new Agent({
    connections: lanes,
    connect: {
      ca: readFileSync(harness.stage.stageJson.ca_cert, 'utf8'),
      cert: harness.partner.certificatePem,
      key: harness.partner.keyPem,
      servername: 'localhost',
    },
  });
  const base = harness.stage.stageJson.base_url;
  const authorization = `Bearer ${harness.accessToken}`;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, key?: string) => {
    const response = await request(`${base}${path}`, {
      method,
      dispatcher: agent,
      headers: {
        authorization,
        'accept-language': 'en-US',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, text };
  };

  const lounges = JSON.parse((await call('GET', '/v2/catalog/lounges?limit=50')).text) as {
    data: { id: string }[];
  };
  const loungeIds = lounges.data.map((lounge) => lounge.id);
  if (loungeIds.length === 0) throw new Error('The seeded catalog offers the partner no lounge');

  /** Created bookings waiting to be issued, oldest first; confirmed ones whose pass can be read. */
  const created: string[] = [];
  const confirmed: string[] = [];
  const tally: SoakTally = {
    requests: 0,
    byOperation: { 'catalog list': 0, 'catalog lounge': 0, create: 0, confirm: 0, pass: 0 },
    byStatus: {},
    serverErrors: [],
  };
  const latencies: number[] = [];
  let random = 0x2f6b7a1d;
  const nextRandom = () => {
    // Mulberry32: the same mix on every run.
    random = (random + 0x6d2b79f5) | 0;
    let t = Math.imul(random ^ (random >>> 15), 1 | random);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const loungeId = () => loungeIds[Math.floor(nextRandom() * loungeIds.length)] as string;

  const perform = async (operation: Operation): Promise<Operation> => {
    if (operation === 'confirm' && created.length === 0) operation = 'create';
    if (operation === 'pass' && confirmed.length === 0) operation = 'catalog list';
    const started = nowMs();
    let answer: { status: number; text: string };
    switch (operation) {
      case 'catalog list':
        answer = await call('GET', '/v2/catalog/lounges?limit=20');
        break;
      case 'catalog lounge':
        answer = await call('GET', `/v2/catalog/lounges/${loungeId()}`);
        break;
      case 'create': {
        answer = await call(
          'POST',
          routes.createLoungeBooking.path,
          loungeBookingBody(loungeId()),
          randomUUID(),
        );
        if (answer.status === 202)
          created.push((JSON.parse(answer.text) as { booking_id: string }).booking_id);
        break;
      }
      case 'confirm': {
        const bookingId = created.shift() as string;
        answer = await call('POST', `/v2/b2b/booking/lounges/${bookingId}/confirm`, undefined, randomUUID());
        if (answer.status === 200) confirmed.push(bookingId);
        // Not issued yet (409 PassNotReady): back at the end of the line.
        else if (answer.status === 409 && answer.text.includes('PassNotReady')) created.push(bookingId);
        break;
      }
      case 'pass': {
        const bookingId = confirmed[Math.floor(nextRandom() * confirmed.length)] as string;
        answer = await call('GET', `/v2/b2b/booking/lounges/${bookingId}/pass`);
        break;
      }
    }
    latencies.push(nowMs() - started);
    tally.requests++;
    tally.byOperation[operation]++;
    tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
    if (answer.status >= 500) {
      tally.serverErrors.push({ operation, status: answer.status, body: answer.text.slice(0, 300) });
    }
    return operation;
  };

  const sample = (): MemorySample => {
    gc();
    const usage = process.memoryUsage();
    return { rssMiB: usage.rss / mebibyte, heapMiB: usage.heapUsed / mebibyte };
  };

  log(`soak: ${lanes} lanes for ${warmupSeconds} s of warm-up, then ${seconds} s`);
  const warmupEnds = Date.now() + warmupSeconds * 1000;
  const lane = async (until: number) => {
    while (Date.now() < until) await perform(pickOperation(nextRandom));
  };
  await Promise.all(Array.from({ length: lanes }, () => lane(warmupEnds)));
  const warmupRequests = tally.requests;
  latencies.length = 0;

  const start = sample();
  const started = Date.now();
  const third = (seconds * 1000) / 3;
  const thirds: number[] = [];
  /** Created bookings not confirmed yet (mostly not issued yet) at each third: the background backlog. */
  const backlog: number[] = [];
  let middle: MemorySample | undefined;
  const ends = started + seconds * 1000;
  const marks = (async () => {
    for (let index = 1; index <= 3; index++) {
      const at = started + third * index;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      thirds.push(tally.requests);
      backlog.push(created.length);
      if (index === 1) log('soak: a third done');
    }
  })();
  const middleSample = (async () => {
    await new Promise((resolve) => setTimeout(resolve, seconds * 500));
    middle = sample();
    log(`soak: middle rss ${middle.rssMiB.toFixed(0)} MiB, heap ${middle.heapMiB.toFixed(0)} MiB`);
  })();
  await Promise.all([...Array.from({ length: lanes }, () => lane(ends)), marks, middleSample]);
  const end = sample();
  await agent.close();

  const [firstThird = 0, secondThird = 0, thirdThird = 0] = thirds;
  const firstRate = (firstThird - warmupRequests) / (third / 1000);
  const lastRate = (thirdThird - secondThird) / (third / 1000);
  const measuredRequests = tally.requests - warmupRequests;
  const fivexx = tally.serverErrors.length;
  for (const failure of tally.serverErrors.slice(0, 5)) {
    log(`soak: ${failure.operation} answered ${failure.status}: ${failure.body}`);
  }
  const halfway = middle ?? start;
  const byOperation = Object.entries(tally.byOperation)
    .map(([operation, count]) => `${operation} ${count}`)
    .join(', ');
  const byStatus = Object.entries(tally.byStatus)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const rssFlat = memoryFlat(halfway.rssMiB, end.rssMiB);
  const heapFlat = memoryFlat(halfway.heapMiB, end.heapMiB);
  const memoryDescription = `end ≤ middle + max(${memoryBudget.share * 100}%, ${memoryBudget.mebibytes} MiB)`;
  const name = `mixed workload via the mTLS gateway (${lanes} lanes, ${seconds} s)`;
  return [
    {
      section,
      name: `${name}: requests/s in the last third`,
      floorName: 'requests/s in the first third (after warm-up)',
      measured: measure([lastRate], [firstRate], 'req/s', {
        requests: measuredRequests,
        p50_ms: percentile(latencies, 50),
        p99_ms: percentile(latencies, 99),
        '5xx': fivexx,
        unconfirmed_after_first_third: backlog[0] ?? 0,
        unconfirmed_at_end: backlog[2] ?? 0,
        statuses: byStatus,
        mix: byOperation,
      }),
      budget: { description: 'zero 5xx', met: fivexx === 0 },
      note:
        'higher is better: below 1x the stage slowed down as it ran; unconfirmed: bookings created and ' +
        'not yet confirmable, the background work (issuing, outbox, dispatch) competing for the cores',
    },
    {
      section,
      name: `${name}: RSS at the end`,
      floorName: 'RSS in the middle',
      measured: measure([end.rssMiB], [halfway.rssMiB], 'MiB', { after_warmup_MiB: start.rssMiB }),
      budget: { description: memoryDescription, met: rssFlat },
      note: 'the stage and the load generator share the process',
    },
    {
      section,
      name: `${name}: heap used after a full GC at the end`,
      floorName: 'heap used after a full GC in the middle',
      measured: measure([end.heapMiB], [halfway.heapMiB], 'MiB', { after_warmup_MiB: start.heapMiB }),
      budget: { description: memoryDescription, met: heapFlat },
    },
  ];
}
