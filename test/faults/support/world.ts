import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { type ApiResponse, stageClient } from '../../support/api.ts';
import type { StageProcess } from './stage-process.ts';

export type Json = Record<string, unknown>;

const seededLounges = JSON.parse(
  readFileSync(new URL('../../../seed/catalog/lounges.json', import.meta.url), 'utf8'),
) as { id: string; is_active: boolean }[];
/** The first partner's contract covers the whole seeded catalog. */
const loungeId = seededLounges.find((lounge) => lounge.is_active)?.id;

/** A lounge booking request with every field a seeded lounge may ask for. */
function loungeBooking(email: string): Json {
  return {
    lounge_id: loungeId,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    phone: '7911123456',
    calling_code: '+44',
    transport_number: 'BA117',
    guests: [
      { first_name: 'Ada', last_name: 'Lovelace', type: 'Adult', lead: true },
      { first_name: 'Byron', last_name: 'Lovelace', type: 'Child', lead: false },
    ],
  };
}

/** What the receiver does with a request: answer a status, or hold it until released. */
export type Behaviour = number | 'hold';

/**
 * A partner's webhook endpoint on 127.0.0.1 with the stage's `webhook_receiver` certificate. It keeps
 * its port across `stop()` and `start()`, so the subscription's URL stays valid while it is down.
 */
export class Receiver {
  readonly received: { id: string; type: string; at: number }[] = [];
  behaviour: Behaviour = 200;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly held: ServerResponse[] = [];
  port = 0;

  constructor(private readonly tls: { cert: string; key: string }) {}

  get url(): string {
    return `https://localhost:${this.port}/hook`;
  }

  async start(): Promise<this> {
    const server = createServer(
      { cert: readFileSync(this.tls.cert), key: readFileSync(this.tls.key) },
      (request, response) => this.handle(request, response),
    );
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let type = '';
      try {
        type = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json).event ?? '');
      } catch {
        type = 'unparseable';
      }
      this.received.push({ id: String(request.headers['webhook-id'] ?? ''), type, at: Date.now() });
      if (this.behaviour === 'hold') this.held.push(response);
      else response.writeHead(this.behaviour).end();
    });
  }

  /** Requests held so far (behaviour `hold`). */
  get holding(): number {
    return this.held.length;
  }

  /** Answers every held request with this status (the sender may be long gone). */
  release(status = 200): void {
    for (const response of this.held.splice(0)) {
      if (!response.destroyed) response.writeHead(status).end();
    }
  }

  /** Down: connections are refused until `start()`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Ids received more than once. */
  duplicates(): string[] {
    const counts = new Map<string, number>();
    for (const { id } of this.received) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  }

  ids(): Set<string> {
    return new Set(this.received.map((entry) => entry.id));
  }
}

/** A seeded partner of a stage, its calls and a view of the stage's table. */
export class World {
  private client: ReturnType<typeof stageClient>;
  private dynamo: DynamoDBDocumentClient;

  /** `partner`: the index of the seeded partner whose calls these are (each may hold one subscription). */
  constructor(
    readonly stage: StageProcess,
    readonly partner = 0,
  ) {
    this.client = stageClient(() => stage.stageJson);
    this.dynamo = this.documentClient();
  }

  private documentClient(): DynamoDBDocumentClient {
    const { region, dynamodb } = this.stage.endpoints;
    return DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region,
        endpoint: dynamodb,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 10,
      }),
    );
  }

  get accountId(): string {
    const partner = this.stage.stageJson.partners[this.partner];
    if (!partner) throw new Error(`the stage has no partner ${this.partner}`);
    return partner.account_id;
  }

  /** New connections and clients after a restart (the old ones point at a dead process). */
  async reconnect(): Promise<void> {
    await this.client.close();
    this.dynamo.destroy();
    this.client = stageClient(() => this.stage.stageJson);
    this.dynamo = this.documentClient();
  }

  async close(): Promise<void> {
    await this.client.close();
    this.dynamo.destroy();
  }

  async call<T = Json>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const partner = this.client.api(this.partner);
    return partner.request<T>(method, path, { ...options, token: await partner.token() });
  }

  async subscribe(url: string): Promise<string> {
    const created = await this.call('POST', '/v2/b2b/webhooks', {
      body: { url, secret: 'a-partner-chosen-secret-0001' },
    });
    if (created.status !== 201)
      throw new Error(`subscribe: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  }

  /** One lounge booking create with this Idempotency-Key; the same key always sends the same body. */
  createBooking(key: string): Promise<ApiResponse> {
    return this.call('POST', '/v2/b2b/booking/lounges', {
      headers: { 'Idempotency-Key': key },
      body: loungeBooking(`guest-${key}@example.com`),
    });
  }

  private async scan(filter: string, values: Json): Promise<Json[]> {
    const items: Json[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.dynamo.send(
        new ScanCommand({
          TableName: this.stage.endpoints.tables.main,
          FilterExpression: filter,
          ExpressionAttributeNames: { '#entity': 'entity', '#account': 'account_id' },
          ExpressionAttributeValues: values,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...((page.Items ?? []) as Json[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /** The partner's stored items of one entity (Booking, Event, Delivery). */
  items(entity: string): Promise<Json[]> {
    return this.scan('#entity = :entity AND #account = :account', {
      ':entity': entity,
      ':account': this.accountId,
    });
  }
}

export const newKeys = (count: number): string[] => Array.from({ length: count }, () => randomUUID());

/** Runs `task` over `inputs` with at most `concurrency` at a time; a rejection is kept as undefined. */
export async function pool<I, O>(
  inputs: readonly I[],
  concurrency: number,
  task: (input: I, index: number) => Promise<O>,
): Promise<(O | undefined)[]> {
  const results: (O | undefined)[] = new Array(inputs.length).fill(undefined);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      try {
        results[index] = await task(inputs[index] as I, index);
      } catch {
        results[index] = undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** Calls `check` until it stops throwing, or throws its last error after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs: number, stepMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(stepMs);
    }
  }
}
