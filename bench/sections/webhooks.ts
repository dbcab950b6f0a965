import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type RequestOptions, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type ConnectionOptions, createSecureContext, type SecureContext } from 'node:tls';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from '../../infra/local/functions.ts';
import { claimDelivery, recordDeliveryProgress } from '../../shared/db/entities/delivery.ts';
import { eventKey, toEventItem } from '../../shared/db/entities/event.ts';
import { findWebhookOfAccount } from '../../shared/db/entities/webhook.ts';
import { type DomainEvent, newEvent } from '../../shared/domain/events.ts';
import { serializeEnvelope } from '../../shared/domain/webhooks/envelope.ts';
import { signatureHeaders } from '../../shared/domain/webhooks/signature.ts';
import { alternate, nowMs } from '../alternate.ts';
import { region } from '../environment.ts';
import { countRoundTrips, expectStatus, type Harness } from '../harness.ts';
import { measure, notApplicable, type Row } from '../report.ts';
import type { BenchSettings } from '../settings.ts';
import { median } from '../stats.ts';

const section = '6 webhooks';
const secret = 'bench-webhook-signing-secret';

type SqsHandler = (
  event: SQSEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<{ batchItemFailures: unknown[] }>;

/** A receiver that answers every POST 204 once the body is read, like a partner that queues the work. */
export async function startReceiver(tls: { cert: string; key: string }) {
  let received = 0;
  const server = createServer({ cert: tls.cert, key: tls.key }, (incoming, response) => {
    incoming.resume();
    incoming.on('end', () => {
      received++;
      response.writeHead(204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/bench-hook`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The queue message the Pipe makes of an inserted event item (shared/db/entities/webhook-message.ts). */
export function sqsRecord(event: DomainEvent): SQSRecord {
  const messageId = randomUUID();
  const now = String(Date.now());
  return {
    messageId,
    receiptHandle: `bench-${messageId}`,
    body: JSON.stringify({
      eventID: randomUUID(),
      eventName: 'INSERT',
      dynamodb: {
        Keys: marshall(eventKey(event.id)),
        NewImage: marshall(toEventItem(event), { removeUndefinedValues: true }),
        SequenceNumber: now,
      },
    }),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: now,
      SenderId: 'bench',
      ApproximateFirstReceiveTimestamp: now,
      MessageGroupId: event.orderingKey,
      MessageDeduplicationId: messageId,
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:${region}:000000000000:bench-webhooks.fifo`,
    awsRegion: region,
  };
}

export function bookingEvents(accountId: string, count: number): DomainEvent[] {
  return Array.from({ length: count }, () => {
    const bookingId = randomUUID();
    return newEvent({
      accountId,
      type: 'booking.status.changed',
      orderingKey: `BOOKING#${bookingId}`,
      data: { booking_id: bookingId, service_type: 'Lounge', status: 'Confirmed', previous_status: 'Issued' },
      now: new Date(),
    });
  });
}

/** What the dispatcher sends, without it: the envelope, both signatures, a fresh TLS connection each. */
function barePost(url: string, trusted: SecureContext, event: DomainEvent): Promise<void> {
  const { body } = serializeEnvelope(event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'bench',
    'content-length': String(Buffer.byteLength(body)),
    ...signatureHeaders({
      id: event.id,
      body,
      signing: 'hmac-sha256',
      keys: [{ secret, format: 'utf8' }],
      sentAt: new Date(),
    }),
  };
  return new Promise((resolve, reject) => {
    // https.request hands TLS options to tls.connect, secureContext included.
    const options: RequestOptions & Pick<ConnectionOptions, 'secureContext'> = {
      method: 'POST',
      headers,
      agent: false,
      secureContext: trusted,
    };
    const outgoing = request(url, options);
    outgoing.on('response', (response) => {
      response.resume();
      if ((response.statusCode ?? 0) >= 300)
        reject(new Error(`The receiver answered ${response.statusCode}`));
      else resolve();
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * The least a delivery does: the subscription read (a disable must stop deliveries at once), the
 * delivery claimed before the POST (a duplicate message must not send twice), the signed POST, and
 * its outcome recorded. The three DynamoDB requests are the service's own one-command functions,
 * without the dispatcher's domain, batch handling, SSRF guard or metrics around them.
 */
async function bareDelivery(url: string, trusted: SecureContext, event: DomainEvent): Promise<void> {
  const webhook = await findWebhookOfAccount(event.accountId);
  if (!webhook) throw new Error('The bench subscription is missing');
  const delivery = await claimDelivery(webhook.webhookId, event, randomUUID(), new Date().toISOString());
  if (!delivery) throw new Error('The bench delivery was claimed by another message');
  const started = nowMs();
  await barePost(url, trusted, event);
  const at = new Date().toISOString();
  await recordDeliveryProgress(
    delivery,
    { status: 'Succeeded', statusReason: null, nextAttemptAt: null, runAttempts: 1 },
    { attemptedAt: at, statusCode: 204, latencyMs: Math.round(nowMs() - started), error: null },
    at,
  );
}

export async function webhookDispatch(options: {
  harness: Harness;
  settings: BenchSettings;
  log: (message: string) => void;
}): Promise<Row[]> {
  const { harness, settings, log } = options;
  const nameOf = (batchSize: number) =>
    `webhook dispatch: events/s to a local HTTPS receiver, ${batchSize} event${batchSize === 1 ? '' : 's'} per batch`;
  const name = nameOf(settings.webhooks.batchSizes[0] ?? 1);
  const floorName =
    'bare loop doing the same three DynamoDB requests and signed POST per event (subscription, claim, POST, outcome), same parallelism';
  for (const group of ['webhook-dispatcher', 'webhooks']) {
    if (!harness.hasHandler(group)) {
      return [notApplicable(section, name, floorName, `functions/${group}/handler.ts does not exist yet`)];
    }
  }

  const pki = join(harness.stateDir, 'pki');
  // The stage's CA, made into a TLS context once, as the dispatcher does with it.
  const trusted = createSecureContext({ ca: readFileSync(harness.stage.stageJson.ca_cert, 'utf8') });
  const receiver = await startReceiver({
    cert: readFileSync(join(pki, 'server.pem'), 'utf8'),
    key: readFileSync(join(pki, 'server-key.pem'), 'utf8'),
  });
  try {
    expectStatus(
      await harness.invoke({
        operationId: 'createWebhook',
        path: '/v2/b2b/webhooks',
        headers: { Authorization: `Bearer ${harness.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, secret }),
      }),
      201,
      'createWebhook',
    );
    const dispatcher = (await harness.handler('webhook-dispatcher')) as unknown as SqsHandler;
    const context = lambdaContext('webhook-dispatcher', 900_000, region);
    const { repetitions } = settings.webhooks;
    const roundTrips: number[] = [];

    /**
     * One batch size: every event in its own message group, so a batch runs in parallel. A FIFO queue
     * hands a Lambda at most 10 messages; 100 is what a standard queue (or a larger batch) would give.
     */
    const rates = async (batchSize: number) => {
      const count = Math.max(settings.webhooks.events, batchSize);
      const ours = async () => {
        const events = bookingEvents(harness.partner.accountId, count);
        const before = receiver.received();
        const started = nowMs();
        for (let index = 0; index < events.length; index += batchSize) {
          const records = events.slice(index, index + batchSize).map(sqsRecord);
          const { result, commands } = await countRoundTrips(() => dispatcher({ Records: records }, context));
          if (result.batchItemFailures.length > 0) {
            throw new Error(
              `The dispatcher failed ${result.batchItemFailures.length} of ${records.length} messages`,
            );
          }
          roundTrips.push(commands.length / records.length);
        }
        const elapsed = nowMs() - started;
        const delivered = receiver.received() - before;
        if (delivered !== count) throw new Error(`The receiver got ${delivered} of ${count} events`);
        return count / (elapsed / 1000);
      };
      const floor = async () => {
        const events = bookingEvents(harness.partner.accountId, count);
        const started = nowMs();
        for (let index = 0; index < events.length; index += batchSize) {
          await Promise.all(
            events.slice(index, index + batchSize).map((event) => bareDelivery(receiver.url, trusted, event)),
          );
        }
        return count / ((nowMs() - started) / 1000);
      };
      await ours();
      await floor();
      const [oursRate = [], floorRate = []] = await alternate(repetitions, [ours, floor]);
      return { oursRate, floorRate, count };
    };

    const rows: Row[] = [];
    for (const batchSize of settings.webhooks.batchSizes) {
      log(`webhooks: dispatch, ${batchSize} per batch`);
      const { oursRate, floorRate, count } = await rates(batchSize);
      rows.push({
        section,
        name: nameOf(batchSize),
        floorName,
        measured: measure(oursRate, floorRate, 'events/s'),
        note: `higher is better; ${count} events per repetition`,
      });
    }
    const trips = median(roundTrips);
    rows.push({
      section: '3 round trips',
      name: 'webhook dispatch, per event',
      floorName: 'minimum 3: read the subscription, claim the delivery before sending, record the outcome',
      measured: measure([trips], [3], 'round trips', { max: Math.max(...roundTrips) }),
    });
    return rows;
  } finally {
    await receiver.close();
  }
}
