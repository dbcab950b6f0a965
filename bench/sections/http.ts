import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type ConnectionOptions, connect } from 'node:tls';
import autocannon, { type Result } from 'autocannon';
import { alternate, nowMs } from '../alternate.ts';
import type { Harness } from '../harness.ts';
import { measure, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';

const section = '5 HTTP';
const handshakeConcurrency = 4;

interface Tls {
  ca: string;
  cert: string;
  key: string;
}

function stageTls(harness: Harness): Tls & { client: { cert: string; key: string } } {
  const pki = join(harness.stateDir, 'pki');
  return {
    ca: readFileSync(harness.stage.stageJson.ca_cert, 'utf8'),
    cert: readFileSync(join(pki, 'server.pem'), 'utf8'),
    key: readFileSync(join(pki, 'server-key.pem'), 'utf8'),
    client: { cert: harness.partner.certificatePem, key: harness.partner.keyPem },
  };
}

/**
 * The gateway's TLS settings and the work a warm catalog read cannot avoid, nothing else: verify the
 * caller's token (jose, key imported once) and send the page's bytes. The catalog itself is in memory
 * (docs/catalog.md), so no DynamoDB call belongs here.
 */
async function startBareServer(
  tls: Tls,
  verify: (token: string) => Promise<unknown>,
  page: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(
    {
      key: tls.key,
      cert: tls.cert,
      ca: tls.ca,
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
    (request, response) => {
      request.resume();
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      verify(token)
        .then(() => {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end(page);
        })
        .catch((error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function load(
  url: string,
  tls: Tls,
  headers: Record<string, string>,
  settings: BenchSettings,
  connections: number,
): Promise<Result> {
  const result = await autocannon({
    url,
    headers,
    connections,
    duration: settings.http.seconds,
    // A worker thread: the load generator does not share the event loop with the gateway it measures.
    workers: 1,
    servername: 'localhost',
    tlsOptions: { ca: tls.ca, cert: tls.cert, key: tls.key },
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  return result;
}

/** A full handshake: TLS 1.3 finishes for the server (client certificate checked) when it sends its ticket. */
function handshake(port: number, options: ConnectionOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ ...options, host: '127.0.0.1', port, servername: 'localhost' });
    const done = () => {
      socket.destroy();
      resolve();
    };
    socket.once('session', done);
    socket.once('secureConnect', () => {
      if (socket.getProtocol() !== 'TLSv1.3') done();
    });
    socket.once('error', reject);
  });
}

async function handshakesPerSecond(count: number, port: number, options: ConnectionOptions): Promise<number> {
  let next = 0;
  const started = nowMs();
  const lane = async () => {
    while (next < count) {
      next++;
      await handshake(port, options);
    }
  };
  await Promise.all(Array.from({ length: handshakeConcurrency }, lane));
  return count / ((nowMs() - started) / 1000);
}

/**
 * autocannon's latency histogram holds whole milliseconds (a 0.7 ms answer is recorded as 0), so one
 * connection to a warm catalog reads p50 0 on both sides, and the histogram's mean is as truncated.
 * Then the mean latency comes from Little's law instead: connections / requests per second, each
 * connection sending its next request when the last answer arrives (it includes the client's own
 * time between requests, alike on both sides).
 */
function p50Row(
  name: string,
  floorName: string,
  connections: number,
  results: { ours: Result[]; floor: Result[] },
): Row {
  const resolved = [...results.ours, ...results.floor].every((result) => result.latency.p50 > 0);
  const value = (result: Result) =>
    resolved ? result.latency.p50 : (connections / result.requests.average) * 1000;
  return {
    section,
    name: `${name}: ${resolved ? 'p50' : 'mean latency (p50 below 1 ms)'}`,
    floorName,
    measured: measure(results.ours.map(value), results.floor.map(value), 'ms'),
    ...(resolved
      ? {}
      : {
          note: "autocannon's percentiles are whole milliseconds: connections / requests per second stands in",
        }),
  };
}

export async function httpThroughput(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const { harness, settings, log } = options;
  const tls = stageTls(harness);
  const clientTls = { ca: tls.ca, ...tls.client };
  const gateway = `${harness.stage.stageJson.base_url}/v2/catalog/lounges`;
  const headers = { authorization: `Bearer ${harness.accessToken}`, 'accept-language': 'en-US' };
  const page = await harness.invoke({
    operationId: 'listLounges',
    path: '/v2/catalog/lounges',
    headers: { Authorization: headers.authorization, 'Accept-Language': 'en-US' },
  });
  const bare = await startBareServer(tls, () => harness.floors.verifyToken(), page.body);
  const rows: Row[] = [];
  try {
    const floorName = 'bare node:https, same TLS, token verified with jose, the same page bytes';
    for (const connections of settings.http.connectionCounts) {
      const results = { ours: [] as Result[], floor: [] as Result[] };
      log(`http: autocannon, ${connections} connections`);
      await load(gateway, clientTls, headers, settings, connections);
      await load(bare.url, clientTls, headers, settings, connections);
      await alternate(settings.http.repetitions, [
        async () => {
          results.ours.push(await load(gateway, clientTls, headers, settings, connections));
          return 0;
        },
        async () => {
          results.floor.push(await load(bare.url, clientTls, headers, settings, connections));
          return 0;
        },
      ]);
      const pick = (list: Result[], value: (result: Result) => number) => list.map(value);
      const name = `catalog list lounges through the mTLS gateway, ${connections} connection${connections === 1 ? '' : 's'}`;
      rows.push(
        {
          section,
          name: `${name}: requests/s`,
          floorName,
          measured: measure(
            pick(results.ours, (result) => result.requests.average),
            pick(results.floor, (result) => result.requests.average),
            'req/s',
          ),
          note: 'higher is better: below 1x is slower',
        },
        p50Row(name, floorName, connections, results),
        {
          section,
          name: `${name}: p99`,
          floorName,
          measured: measure(
            pick(results.ours, (result) => result.latency.p99),
            pick(results.floor, (result) => result.latency.p99),
            'ms',
          ),
        },
      );
    }

    log('http: handshakes');
    const apiPort = Number(new URL(harness.stage.stageJson.base_url).port);
    const authPort = Number(new URL(harness.stage.stageJson.auth_url).port);
    const count = settings.http.handshakes;
    await handshakesPerSecond(10, apiPort, clientTls);
    await handshakesPerSecond(10, authPort, { ca: tls.ca });
    const [mutual = [], plain = []] = await alternate(settings.http.repetitions * 2, [
      () => handshakesPerSecond(count, apiPort, clientTls),
      () => handshakesPerSecond(count, authPort, { ca: tls.ca }),
    ]);
    rows.push({
      section,
      name: 'new-connection mTLS handshakes/s (api gateway)',
      floorName: 'TLS without client certificate (auth gateway, same server code)',
      measured: measure(mutual, plain, 'handshakes/s'),
      note: `higher is better; ${count} handshakes, ${handshakeConcurrency} in flight`,
    });
  } finally {
    await bare.close();
  }
  return rows;
}
