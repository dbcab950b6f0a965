import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { notificationPointOf, type ReportedState, reportedStates } from '../../shared/domain/esim/profile.ts';
import { simulatedEid } from '../../shared/domain/esim/profile-simulation.ts';
import { es2plusRoutes } from '../../shared/routes/es2plus.ts';

export interface SmdpSimulatorOptions {
  /** {es2plus_url}. */
  es2plusUrl: string;
  /** The SM-DP+'s client certificate and key (the SM-DP+ CA's, never the partner CA's). */
  client: { cert: string; key: string };
  /** The CA of the stage's server certificates. */
  serverCa: string;
  log: (message: string) => void;
}

export interface RunningSmdpSimulator {
  url: string;
  close(): Promise<void>;
}

/** One ES2+ call as an SM-DP+ makes it: mutual TLS, SGP.22's headers and body. */
export function callEs2Plus(
  options: Pick<SmdpSimulatorOptions, 'es2plusUrl' | 'client' | 'serverCa'>,
  body: unknown,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: unknown }> {
  const url = new URL(es2plusRoutes.handleDownloadProgressInfo.path, options.es2plusUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        cert: options.client.cert,
        key: options.client.key,
        ca: options.serverCa,
        headers: {
          'Content-Type': 'application/json;charset=UTF-8',
          'X-Admin-Protocol': 'gsma/rsp/v2.2.0',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The body of HandleDownloadProgressInfo reporting `state`, under a new function call identifier. */
export function downloadProgressInfo(iccid: string, state: ReportedState, now = new Date()) {
  return {
    header: { functionRequesterIdentifier: 'smdp.local', functionCallIdentifier: randomUUID() },
    eid: simulatedEid,
    iccid,
    profileType: 'partner-travel-local',
    timestamp: now.toISOString(),
    notificationPointId: notificationPointOf(state),
    notificationPointStatus: { status: 'Executed-Success' },
  };
}

async function readJson(incoming: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const isReportedState = (value: unknown): value is ReportedState =>
  reportedStates.includes(value as ReportedState);

/**
 * The simulated SM-DP+ of the local stage: the sandbox function asks it on loopback (`POST /report`
 * `{iccid, state}`) and it calls {es2plus_url} over mutual TLS with its own client certificate, as the
 * supplier's SM-DP+ would. It answers 200 once ES2+ answered Executed-Success, 502 otherwise.
 */
export async function startSmdpSimulator(options: SmdpSimulatorOptions): Promise<RunningSmdpSimulator> {
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const answer = (status: number, body: unknown) => {
      outgoing.writeHead(status, { 'Content-Type': 'application/json' });
      outgoing.end(JSON.stringify(body));
    };
    (async () => {
      const asked = (await readJson(incoming)) as { iccid?: unknown; state?: unknown };
      if (incoming.method !== 'POST' || typeof asked.iccid !== 'string' || !isReportedState(asked.state))
        return answer(400, { message: 'POST /report {iccid, state}' });
      const es2plus = await callEs2Plus(options, downloadProgressInfo(asked.iccid, asked.state));
      const status = (es2plus.body as { header?: { functionExecutionStatus?: { status?: string } } }).header
        ?.functionExecutionStatus?.status;
      return answer(status === 'Executed-Success' ? 200 : 502, es2plus.body);
    })().catch((error: unknown) => {
      options.log(`simulated SM-DP+ failed: ${(error as Error).stack ?? String(error)}`);
      answer(500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
