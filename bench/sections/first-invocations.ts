import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { marshall } from '@aws-sdk/util-dynamodb';
import type {
  APIGatewayRequestAuthorizerEvent,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  AttributeValue as LambdaAttributeValue,
  ScheduledEvent,
  SQSEvent,
} from 'aws-lambda';
import { toLambdaRecord } from '../../infra/local/stream-poller.ts';
import { subscriptionEvent } from '../../shared/aws/log-subscription.ts';
import { bookingKeys } from '../../shared/db/entities/booking.ts';
import { eventKey, toEventItem } from '../../shared/db/entities/event.ts';
import { createCsr, generateKeyPair } from '../../shared/pki/certificates.ts';
import type { routes } from '../../shared/routes/index.ts';
import { employeeLoginClient } from '../../test/support/employee-login.ts';
import { atTheDoor, doorOf } from '../door.ts';
import { region } from '../environment.ts';
import { expectStatus, type Harness, type RequestSpec, tokenRequest } from '../harness.ts';
import {
  bookableLounge,
  confirmedLoungePasses,
  createEsimOrder,
  createLoungeBooking,
} from '../operations.ts';
import { bookingEvents, sqsRecord, startReceiver } from './webhooks.ts';

/** A function's first invocation in a fresh container, as its trigger delivers it. */
export interface FirstInvocation {
  /** The API operation of a first request: the schema probe parses its event with that route. */
  operationId?: keyof typeof routes;
  /** The event of one cold start, made before each (untimed): a webhook delivery needs an event of its own. */
  event(): Promise<unknown>;
  /** The function's timeout (default: API Gateway's 29 s), what its context says remains. */
  timeoutMs?: number;
  /** What a reader of its cold start row should know about how the invocation compares. */
  note?: string;
  /** Overrides of the stage's environment for this function. */
  environment?: Record<string, string>;
}

/** What the timer reports of a handler's answer: enough to tell whether the invocation succeeded. */
export interface FirstAnswer {
  statusCode?: number;
  batchItemFailures?: number;
  /** An authorizer's policy. */
  effect?: string;
}

/** Why a first invocation did not succeed, or undefined when it did (a scheduled run that returns did). */
export function failureOf(answer: FirstAnswer | undefined): string | undefined {
  if (!answer) return 'the handler returned no answer';
  const { statusCode, batchItemFailures, effect } = answer;
  if (statusCode !== undefined && (statusCode < 200 || statusCode >= 300)) return `it answered ${statusCode}`;
  if (batchItemFailures) return `${batchItemFailures} record(s) of its batch failed`;
  if (effect !== undefined && effect !== 'Allow') return `its policy's effect is ${effect}`;
  return undefined;
}

/** The event EventBridge sends a rule's target. */
export function scheduledEvent(rule: string, now = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: now.toISOString(),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${rule}`],
    detail: {},
  };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const lounges = '/v2/b2b/booking/lounges';

/**
 * The state first invocations need on the stage (tokens, an eSIM, a booking's stream record, a webhook
 * subscription), made once and on first use, none of it timed; `close` undoes what later sections
 * would trip over.
 */
export class FirstInvocationFixtures {
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly cleanups: (() => Promise<void>)[] = [];

  constructor(
    readonly harness: Harness,
    readonly dir: string,
  ) {}

  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    let found = this.made.get(name) as Promise<T> | undefined;
    if (!found) {
      found = make();
      this.made.set(name, found);
    }
    return found;
  }

  /** A partner request on the API host with the seeded partner's token and certificate. */
  partnerRequest(spec: Omit<RequestSpec, 'headers'>): FirstInvocation {
    return {
      operationId: spec.operationId,
      event: async () => this.harness.event({ ...spec, headers: bearer(this.harness.accessToken) }),
    };
  }

  /** The seeded operator application: its token, through the token endpoint, and its certificate. */
  operator(): Promise<{ token: string; certificatePem: string }> {
    return this.once('operator', async () => {
      const { operator } = this.harness.stage.stageJson;
      const issued = expectStatus(
        await this.harness.invoke(
          tokenRequest({
            grant_type: 'client_credentials',
            client_id: operator.client_id,
            client_secret: operator.client_secret,
          }),
        ),
        200,
        "The operator's token request",
      );
      return {
        token: (JSON.parse(issued.body) as { access_token: string }).access_token,
        certificatePem: readFileSync(operator.client_cert, 'utf8'),
      };
    });
  }

  /** An admin employee's token through the stage's real login, as the integration tests get one. */
  employeeToken(): Promise<string> {
    return this.once('employee', async () => {
      const login = employeeLoginClient(() => this.harness.stage.stageJson);
      this.cleanups.push(() => login.close());
      return login.tokenOf('ada.admin', async (form) => {
        const exchanged = expectStatus(
          await this.harness.invoke(tokenRequest(form)),
          200,
          "The employee's code exchange",
        );
        return (JSON.parse(exchanged.body) as { access_token: string }).access_token;
      });
    });
  }

  /** An eSIM of the partner, ordered and confirmed: what the sandbox's usage simulation acts on. */
  iccid(): Promise<string> {
    return this.once('iccid', async () => {
      const { harness } = this;
      const order = expectStatus(await harness.invoke(createEsimOrder(harness)), 201, 'createEsimOrder');
      const orderId = (JSON.parse(order.body) as { order_id: string }).order_id;
      const confirmed = expectStatus(
        await harness.invoke({
          operationId: 'confirmEsimOrder',
          path: `/v2/b2b/fulfilment/orders/${orderId}/confirm`,
          pathParameters: { orderID: orderId },
          headers: bearer(harness.accessToken),
        }),
        200,
        'confirmEsimOrder',
      );
      return (JSON.parse(confirmed.body) as { iccid: string }).iccid;
    });
  }

  /** The share link token of the partner's eSIM (`activation.share_url`'s fragment): the page's read. */
  shareToken(): Promise<string> {
    return this.once('shareToken', async () => {
      const { harness } = this;
      const iccid = await this.iccid();
      const read = expectStatus(
        await harness.invoke({
          operationId: 'getEsim',
          path: `/v2/b2b/fulfilment/esims/${iccid}`,
          pathParameters: { iccid },
          headers: bearer(harness.accessToken),
        }),
        200,
        'getEsim',
      );
      const shareUrl = (JSON.parse(read.body) as { activation: { share_url: string | null } }).activation
        .share_url;
      const token = new URLSearchParams(new URL(shareUrl ?? 'https://none/').hash.slice(1)).get('t');
      if (!token) throw new Error('the eSIM has no share link: the stage has no esim_page_url');
      return token;
    });
  }

  /**
   * The stream record of a new lounge booking, read from the table's stream as the local stage's
   * poller reads it. The stage's own processor has issued it by the time a cold start replays it,
   * which changes nothing of the work: the pass is signed and its conditional write refused.
   */
  bookingInsert(): Promise<DynamoDBRecord> {
    return this.once('booking', async () => {
      const { harness } = this;
      const loungeId = await bookableLounge(harness);
      if (!loungeId) throw new Error('the seeded catalog offers the partner no lounge');
      const created = expectStatus(
        await harness.invoke(createLoungeBooking(harness, loungeId)),
        202,
        'createLoungeBooking',
      );
      const bookingId = (JSON.parse(created.body) as { booking_id: string }).booking_id;
      return insertRecord(harness, bookingKeys(harness.partner.accountId, bookingId));
    });
  }

  /** A subscription of the partner to a local HTTPS receiver, deleted again by `close`. */
  webhookSubscription(): Promise<void> {
    return this.once('webhook', async () => {
      const { harness } = this;
      const pki = join(harness.stateDir, 'pki');
      const receiver = await startReceiver({
        cert: readFileSync(join(pki, 'server.pem'), 'utf8'),
        key: readFileSync(join(pki, 'server-key.pem'), 'utf8'),
      });
      this.cleanups.push(() => receiver.close());
      const created = expectStatus(
        await harness.invoke({
          operationId: 'createWebhook',
          path: '/v2/b2b/webhooks',
          headers: { ...bearer(harness.accessToken), 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: receiver.url, secret: 'bench-cold-start-webhook-secret' }),
        }),
        201,
        'createWebhook',
      );
      const webhookId = (JSON.parse(created.body) as { id: string }).id;
      // Later sections subscribe the same partner: one subscription per account.
      this.cleanups.unshift(async () => {
        expectStatus(
          await harness.invoke({
            operationId: 'deleteWebhook',
            path: `/v2/b2b/webhooks/${webhookId}`,
            pathParameters: { webhookID: webhookId },
            headers: bearer(harness.accessToken),
          }),
          204,
          'deleteWebhook',
        );
      });
    });
  }

  async close(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0)) await cleanup();
  }
}

/** The INSERT record of this key on the main table's stream, waiting a few seconds for it to appear. */
async function insertRecord(harness: Harness, key: { pk: string; sk: string }): Promise<DynamoDBRecord> {
  const { dynamodb, mainStreamArn } = harness.stage.endpoints;
  const client = new DynamoDBStreamsClient({ region, endpoint: dynamodb });
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      let startAfter: string | undefined;
      do {
        const { StreamDescription: stream } = await client.send(
          new DescribeStreamCommand({ StreamArn: mainStreamArn, ExclusiveStartShardId: startAfter }),
        );
        for (const shard of stream?.Shards ?? []) {
          let { ShardIterator: iterator } = await client.send(
            new GetShardIteratorCommand({
              StreamArn: mainStreamArn,
              ShardId: shard.ShardId,
              ShardIteratorType: 'TRIM_HORIZON',
            }),
          );
          while (iterator) {
            const page = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
            const found = page.Records?.find(
              ({ eventName, dynamodb: change }) =>
                eventName === 'INSERT' && change?.Keys?.pk?.S === key.pk && change.Keys.sk?.S === key.sk,
            );
            if (found) return toLambdaRecord(found, mainStreamArn);
            // An open shard read to its end answers no records and a next iterator.
            iterator = page.Records?.length ? page.NextShardIterator : undefined;
          }
        }
        startAfter = stream?.LastEvaluatedShardId;
      } while (startAfter);
      await sleep(250);
    }
  } finally {
    client.destroy();
  }
  throw new Error(`the stream holds no INSERT of ${key.pk} ${key.sk}`);
}

/**
 * The first invocation of every function: for an API function the request a partner, operator or
 * employee sends first (a read of their own data, or the token request), for a worker its trigger's
 * event as the local stage builds it.
 */
export const firstInvocations: Record<
  string,
  (fixtures: FirstInvocationFixtures) => Promise<FirstInvocation>
> = {
  auth: async ({ harness }) => ({
    operationId: 'issueToken',
    event: async () =>
      harness.event(
        tokenRequest({
          grant_type: 'client_credentials',
          client_id: harness.partner.clientId,
          client_secret: harness.partner.clientSecret,
        }),
      ),
  }),
  catalog: async ({ harness }) => ({
    operationId: 'listLounges',
    event: async () =>
      harness.event({
        operationId: 'listLounges',
        path: '/v2/catalog/lounges',
        headers: { ...bearer(harness.accessToken), 'Accept-Language': 'en-US' },
      }),
  }),
  booking: async (fixtures) => fixtures.partnerRequest({ operationId: 'listLoungeBookings', path: lounges }),
  esim: async (fixtures) =>
    fixtures.partnerRequest({ operationId: 'listEsims', path: '/v2/b2b/fulfilment/esims' }),
  webhooks: async (fixtures) =>
    fixtures.partnerRequest({ operationId: 'listWebhooks', path: '/v2/b2b/webhooks' }),
  billing: async (fixtures) =>
    fixtures.partnerRequest({ operationId: 'listStatements', path: '/v2/b2b/billing/statements' }),
  quotas: async (fixtures) =>
    fixtures.partnerRequest({ operationId: 'getRateLimits', path: '/v2/b2b/rate-limits' }),
  requests: async (fixtures) =>
    fixtures.partnerRequest({ operationId: 'listRequests', path: '/v2/b2b/requests' }),
  events: async (fixtures) => fixtures.partnerRequest({ operationId: 'listEvents', path: '/v2/b2b/events' }),
  // One request line of a partner function's log group, as its subscription filter delivers it.
  'request-log': async ({ harness }) => ({
    event: async () =>
      subscriptionEvent('/aws/lambda/partner-travel-services-local-booking', [
        {
          id: randomUUID(),
          timestamp: Date.now(),
          message: JSON.stringify({
            kind: 'request',
            account_id: harness.partner.accountId,
            request_id: randomUUID(),
            received_at: new Date().toISOString(),
            method: 'GET',
            path: lounges,
            operation_id: 'listLoungeBookings',
            status: 200,
            code: null,
            duration_ms: 3.2,
            client_id: harness.partner.clientId,
            idempotency_status: null,
          }),
        },
      ]),
  }),
  meta: async ({ harness }) => ({
    operationId: 'getOpenApiDocument',
    event: async () => harness.event({ operationId: 'getOpenApiDocument', path: '/v2/openapi.json' }),
  }),
  // An operator application's first call: the accounts it administers, over mutual TLS.
  admin: async (fixtures) => {
    const { token, certificatePem } = await fixtures.operator();
    return {
      operationId: 'listAccounts',
      event: async () =>
        fixtures.harness.event({
          operationId: 'listAccounts',
          path: '/v2/admin/accounts',
          headers: bearer(token),
          certificatePem,
        }),
    };
  },
  audit: async (fixtures) => {
    const token = await fixtures.employeeToken();
    return {
      operationId: 'listAuditLog',
      event: async () =>
        fixtures.harness.event({
          operationId: 'listAuditLog',
          path: '/api/v1/admin/audit-log',
          host: 'admin',
          headers: bearer(token),
        }),
    };
  },
  // The console's catalog page: the draft's lounges.
  'catalog-admin': async (fixtures) => {
    const token = await fixtures.employeeToken();
    return {
      operationId: 'listCatalogLounges',
      event: async () =>
        fixtures.harness.event({
          operationId: 'listCatalogLounges',
          path: '/api/v1/admin/catalog/lounges',
          host: 'admin',
          headers: bearer(token),
        }),
    };
  },
  // A megabyte of simulated usage on the partner's eSIM: a gigabyte lasts every repetition.
  sandbox: async (fixtures) => {
    const iccid = await fixtures.iccid();
    const { harness } = fixtures;
    return {
      operationId: 'simulateEsimUsage',
      event: async () =>
        harness.event({
          operationId: 'simulateEsimUsage',
          path: '/v2/b2b/sandbox/esim-usage',
          headers: { ...bearer(harness.accessToken), 'Content-Type': 'application/json' },
          body: JSON.stringify({ iccid, used_mb: 1 }),
        }),
    };
  },
  // The SM-DP+ reporting a download (GSMA SGP.22 ES2+): a new call identifier each cold start, on one
  // eSIM whose profile is Downloaded after the first.
  es2plus: async (fixtures) => {
    const iccid = await fixtures.iccid();
    const { harness } = fixtures;
    return {
      operationId: 'handleDownloadProgressInfo',
      event: async () =>
        harness.event({
          operationId: 'handleDownloadProgressInfo',
          path: '/gsma/rsp2/es2plus/handleDownloadProgressInfo',
          host: 'es2plus',
          headers: { 'Content-Type': 'application/json', 'X-Admin-Protocol': 'gsma/rsp/v2.2.0' },
          body: JSON.stringify(downloadProgressInfo(iccid, 3)),
        }),
    };
  },
  // A traveller opening the eSIM page from a share link: the page's one read (docs/esim.md, Install help).
  'esim-page': async (fixtures) => {
    const token = await fixtures.shareToken();
    const { harness } = fixtures;
    return {
      operationId: 'getEsimPage',
      event: async () =>
        harness.event({
          operationId: 'getEsimPage',
          path: `/v2/esim-page/${token}`,
          pathParameters: { token },
          host: 'esim-page',
        }),
    };
  },
  // A scanner at the door checking a pass: what a venue's staff wait for when a container is new (a
  // device enrolls once; it verifies every traveller). Its DPoP proof is fresh for each cold start.
  venue: async ({ harness }) => {
    const passes = await confirmedLoungePasses(harness, 1);
    if (typeof passes === 'string') throw new Error(passes);
    const body = JSON.stringify({ qr: passes[0]?.qr });
    const door = await doorOf(harness);
    return {
      operationId: 'verifyPass',
      event: async () =>
        harness.event(
          await atTheDoor(harness, door, {
            operationId: 'verifyPass',
            path: '/v2/venue/passes/verify',
            body,
          }),
        ),
    };
  },
  // API Gateway's REQUEST authorizer event for a partner's request: the request without its body.
  authorizer: async ({ harness }) => ({
    event: async (): Promise<APIGatewayRequestAuthorizerEvent> => {
      const {
        body: _body,
        isBase64Encoded: _encoded,
        requestContext,
        ...request
      } = harness.event({
        operationId: 'listLoungeBookings',
        path: lounges,
        headers: bearer(harness.accessToken),
      });
      return {
        ...request,
        // The authorizer runs before API Gateway has an authorizer context to add.
        requestContext: { ...requestContext, authorizer: undefined },
        type: 'REQUEST',
        methodArn: `arn:aws:execute-api:${region}:000000000000:bench/local/GET${lounges}`,
      };
    },
  }),
  'booking-expiry': async () => ({ event: async () => scheduledEvent('booking-expiry') }),
  'esim-expiry': async () => ({ event: async () => scheduledEvent('esim-expiry') }),
  'recovery-sweep': async () => ({ event: async () => scheduledEvent('recovery-sweep') }),
  'certificate-expiry': async () => ({ event: async () => scheduledEvent('certificate-expiry') }),
  'statement-closing': async () => ({ event: async () => scheduledEvent('statement-closing') }),
  // Each run adds a signing key: each cold start rotates a fresh copy of the stage's secrets.
  'key-rotation': async ({ harness, dir }) => {
    const secrets = harness.stage.endpoints.environment.SECRETS_DIR;
    if (!secrets) throw new Error('the stage keeps no file secrets (SECRETS_DIR)');
    const copy = join(dir, 'key-rotation-secrets');
    return {
      note: "the stage's secrets are files: its first run makes no AWS call, where the floor makes a GetItem",
      environment: { SECRETS_DIR: copy },
      event: async () => {
        await rm(copy, { recursive: true, force: true });
        await cp(secrets, copy, { recursive: true });
        return scheduledEvent('key-rotation');
      },
    };
  },
  // An account creation's CSR, as the admin function sends it: the CA comes from the stage's secrets.
  'certificate-signing': async () => {
    const csrPem = await createCsr(await generateKeyPair(), 'bench');
    return {
      timeoutMs: 10_000,
      event: async () => ({
        csr_pem: csrPem,
        account_id: randomUUID(),
        requested_at: new Date().toISOString(),
      }),
    };
  },
  // Both of the stream reader's paths per cold start: a new booking, and one new outbox event as the
  // stream hands it over (appended to the feed, not a duplicate).
  'booking-processor': async (fixtures) => {
    const record = await fixtures.bookingInsert();
    const { accountId } = fixtures.harness.partner;
    // The SDK's and aws-lambda's attribute value types describe the same JSON.
    const image = (item: object) =>
      marshall(item, { removeUndefinedValues: true }) as Record<string, LambdaAttributeValue>;
    return {
      event: async (): Promise<DynamoDBStreamEvent> => ({
        Records: [
          record,
          ...bookingEvents(accountId, 1).map(
            (event): DynamoDBRecord => ({
              eventName: 'INSERT',
              dynamodb: { Keys: image(eventKey(event.id)), NewImage: image(toEventItem(event)) },
            }),
          ),
        ],
      }),
    };
  },
  // One new event per cold start: a delivered one would be skipped as final.
  'webhook-dispatcher': async (fixtures) => {
    await fixtures.webhookSubscription();
    const { accountId } = fixtures.harness.partner;
    return {
      // A sixth of the queue's visibility timeout (infra/functions.ts): the dispatcher starts no
      // delivery it could not finish in the time left.
      timeoutMs: 60_000,
      event: async (): Promise<SQSEvent> => ({
        Records: bookingEvents(accountId, 1).map((event) => sqsRecord(event)),
      }),
    };
  },
};

/** An ES2+ HandleDownloadProgressInfo body as an SM-DP+ sends it, with a fresh call identifier. */
export function downloadProgressInfo(iccid: string, notificationPointId: number) {
  return {
    header: { functionRequesterIdentifier: 'smdp.bench', functionCallIdentifier: randomUUID() },
    iccid,
    profileType: 'bench',
    timestamp: new Date().toISOString(),
    notificationPointId,
    notificationPointStatus: { status: 'Executed-Success' },
  };
}
