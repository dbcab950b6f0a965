import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';
import { toEventItem } from '../../../shared/db/entities/event.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';
import { type ApiResponse, endpoints, stage } from '../../support/api.ts';
import { documentClient, sqsClient } from '../../support/aws.ts';
import { onboardPartner } from '../../support/onboard.ts';

export type Json = Record<string, unknown>;

export interface Partner {
  accountId: string;
  call: <T = Json>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<ApiResponse<T>>;
}

/** A partner account of its own (operator API, real token endpoint): one subscription per test. */
export async function newPartner(scopes: readonly string[] = ['webhooks']): Promise<Partner> {
  const partner = await onboardPartner(scopes, 'Webhook test');
  return {
    accountId: partner.accountId,
    call: (method, path, body, headers) =>
      partner.call(method, path, {
        ...(body === undefined ? {} : { body }),
        ...(headers ? { headers } : {}),
      }),
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  id: string;
}

/** What the receiver does with the next request: answer a status, never answer, or redirect. */
export type Reply = number | 'hang' | { redirect: string };

/**
 * A partner's webhook endpoint: HTTPS on localhost with the stage's `webhook_receiver` certificate,
 * recording every request. Replies come from a queue, then `fallback`.
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly replies: Reply[] = [];
  private server: Server | undefined;
  port = 0;

  constructor(private fallback: Reply = 200) {}

  get url(): string {
    return `https://localhost:${this.port}/hook`;
  }

  reply(...replies: Reply[]): this {
    this.replies.push(...replies);
    return this;
  }

  answerFromNowOn(reply: Reply): void {
    this.fallback = reply;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({
        headers: request.headers,
        body,
        id: String(request.headers['x-webhook-id'] ?? ''),
      });
      const reply = this.replies.shift() ?? this.fallback;
      if (reply === 'hang') return;
      if (typeof reply === 'number') response.writeHead(reply).end();
      else response.writeHead(302, { Location: reply.redirect }).end();
    });
  }

  async start(port = this.port): Promise<this> {
    const { cert, key } = stage().webhook_receiver;
    const server = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, (request, response) =>
      this.handle(request, response),
    );
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Stops listening: the next attempts find the connection refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  of(id: string): Received[] {
    return this.received.filter((entry) => entry.id === id);
  }
}

export async function startReceiver(fallback: Reply = 200): Promise<Receiver> {
  return new Receiver(fallback).start();
}

export const secret = 'a-partner-chosen-secret-0001';

export async function subscribe(partner: Partner, url: string, withSecret = secret): Promise<string> {
  const created = await partner.call('POST', '/v2/b2b/webhooks', { url, secret: withSecret });
  if (created.status !== 201) throw new Error(`subscribe: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

export async function ping(partner: Partner, webhookId: string): Promise<string> {
  const response = await partner.call('POST', `/v2/b2b/webhooks/${webhookId}/ping`);
  if (response.status !== 202) throw new Error(`ping: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

export interface DeliveryBody {
  id: string;
  status: string;
  status_reason: string | null;
  event: { id: string; event: string; timestamp: string; data: Json };
  attempts: { attempted_at: string; status_code: number | null; latency_ms: number; error: string | null }[];
  next_attempt_at: string | null;
}

export async function delivery(
  partner: Partner,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryBody> {
  const response = await partner.call<DeliveryBody>(
    'GET',
    `/v2/b2b/webhooks/${webhookId}/deliveries/${deliveryId}`,
  );
  if (response.status !== 200)
    throw new Error(`delivery: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Polls until `check` holds (no fixed sleeps): pipeline steps are asynchronous. */
export function eventually<T>(check: () => Promise<T> | T, timeout = 20_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 100 });
}

export async function deliveryWhere(
  partner: Partner,
  webhookId: string,
  deliveryId: string,
  predicate: (found: DeliveryBody) => boolean,
  timeout?: number,
): Promise<DeliveryBody> {
  return eventually(async () => {
    const found = await delivery(partner, webhookId, deliveryId).catch(() => undefined);
    if (!found || !predicate(found)) throw new Error(`delivery ${deliveryId}: ${JSON.stringify(found)}`);
    return found;
  }, timeout);
}

/** An outbox event written straight into the stage's table, as a state change would stage it. */
export async function emitEvent(
  accountId: string,
  orderingKey: string,
  data: Json = {},
): Promise<DomainEvent> {
  const event: DomainEvent = {
    id: randomUUID(),
    accountId,
    type: 'booking.status.changed',
    timestamp: new Date().toISOString(),
    orderingKey,
    data: {
      booking_id: orderingKey,
      service_type: 'Lounge',
      status: 'Issued',
      previous_status: 'Processing',
      ...data,
    },
  };
  await documentClient().send(
    new PutCommand({ TableName: endpoints().tables.main, Item: toEventItem(event) }),
  );
  return event;
}

export function webhookQueue() {
  const queue = endpoints().queues['webhook-deliveries'];
  if (!queue) throw new Error('The stage has no webhook-deliveries queue');
  return queue;
}

/** Dead-lettered messages, peeked without hiding them from other tests. */
export async function deadLetters(): Promise<{ body: string; reason: string | undefined }[]> {
  const received = await sqsClient().send(
    new ReceiveMessageCommand({
      QueueUrl: webhookQueue().deadLetterUrl,
      MaxNumberOfMessages: 10,
      VisibilityTimeout: 0,
      MessageAttributeNames: ['All'],
    }),
  );
  return (received.Messages ?? []).map((message) => ({
    body: message.Body ?? '',
    reason: message.MessageAttributes?.failure_reason?.StringValue,
  }));
}
