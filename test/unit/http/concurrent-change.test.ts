import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoWrite } from '../../../shared/db/transaction.ts';
import { ConcurrentChangeError, ConflictError } from '../../../shared/domain/errors.ts';
import { createApiHandler } from '../../../shared/http/pipeline/index.ts';
import { defineRoute } from '../../../shared/routes/types.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const routes = {
  changeThing: defineRoute({
    operationId: 'changeThing',
    method: 'POST',
    path: '/v2/things',
    hosts: ['api'],
    group: 'meta',
    summary: 'test',
    tags: [],
    auth: null,
    responses: { 200: { description: 'ok' } },
  }),
};

const lostRace = new TransactionCanceledException({
  message: 'canceled',
  $metadata: {},
  CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
});

/** A handler whose write fails its condition as `conflict` says, counting how often it ran. */
function handlerWith(conflict: () => Error) {
  let runs = 0;
  const write: DynamoWrite = {
    description: 'thing',
    item: { Put: { TableName: 'main-test', Item: { pk: 'T', sk: 'T' }, ConditionExpression: 'x' } },
    onConditionFailed: conflict,
  };
  const handler = createApiHandler(routes, {
    changeThing: async ({ uow }) => {
      runs++;
      uow.stage(write);
      return { status: 200, body: { runs } };
    },
  });
  const event = {
    resource: '/v2/things',
    path: '/v2/things',
    httpMethod: 'POST',
    headers: {},
    requestContext: { identity: {} },
  } as unknown as APIGatewayProxyEvent;
  return { invoke: () => handler(event, {} as Context), runs: () => runs };
}

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterEach(() => dynamo.reset());
afterAll(async () => {
  dynamo.restore();
  await cleanUp();
});

describe('an operation whose commit lost a race it can still win', () => {
  it('runs again on fresh reads and answers as if nothing happened', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(lostRace).resolves({});
    const { invoke, runs } = handlerWith(() => new ConcurrentChangeError('moved on'));

    const response = await invoke();

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ runs: 2 });
    expect(runs()).toBe(2);
  });

  it('answers 503 with Retry-After when the race keeps being lost', async () => {
    dynamo.on(TransactWriteCommand).rejects(lostRace);
    const { invoke, runs } = handlerWith(() => new ConcurrentChangeError('moved on'));

    const response = await invoke();

    expect(response.statusCode).toBe(503);
    expect(response.headers?.['Retry-After']).toBe('1');
    expect(runs()).toBe(3);
  });

  it('never runs again for a conflict the partner must hear about', async () => {
    dynamo.on(TransactWriteCommand).rejects(lostRace);
    const { invoke, runs } = handlerWith(() => new ConflictError('BookingAlreadyConfirmed', 'confirmed'));

    const response = await invoke();

    expect(response.statusCode).toBe(409);
    expect(runs()).toBe(1);
  });
});
