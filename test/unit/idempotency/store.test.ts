import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { ConflictError, ServiceUnavailableError } from '../../../shared/domain/errors.ts';
import {
  commitIdempotent,
  findIdempotent,
  type IdempotencyContext,
} from '../../../shared/idempotency/store.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const context: IdempotencyContext = {
  tenant: 'acc-1',
  operationId: 'createThing',
  key: 'k-1',
  fingerprint: 'f',
};
const response = { statusCode: 201, headers: {}, body: '{"id":"1"}' };
const write = {
  description: 'thing',
  item: { Put: { TableName: 'main-test', Item: { pk: 'THING#1', sk: 'THING' } } },
};

function canceled(codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: 'canceled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
  resetModuleCaches();
});
afterEach(() => dynamo.reset());
afterAll(async () => {
  dynamo.restore();
  await cleanUp();
});

describe('idempotent commits', () => {
  it('write the sealed response and the business writes in one transaction', async () => {
    dynamo.on(TransactWriteCommand).resolves({});

    const outcome = await commitIdempotent(context, [write], response, new Date('2030-01-01T00:00:00Z'));

    expect(outcome).toEqual({ kind: 'created', response });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]?.Put?.Item).toMatchObject({
      pk: 'acc-1#createThing#k-1',
      expires_at: 1893456000 + 72 * 3600,
    });
    expect(JSON.stringify(items[0]?.Put?.Item)).not.toContain('"id":"1"');
  });

  it('answer 409 IdempotencyConflict with Retry-After while a twin request keeps the key locked', async () => {
    dynamo.on(TransactWriteCommand).rejects(canceled(['TransactionConflict', 'None']));

    const error = await commitIdempotent(context, [write], response, new Date()).catch((caught) => caught);

    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: 'IdempotencyConflict', retryAfter: 1 });
    expect(dynamo.commandCalls(TransactWriteCommand).length).toBeGreaterThan(1);
  });

  it('answer 503 with Retry-After when another request keeps a business record locked', async () => {
    dynamo.on(TransactWriteCommand).rejects(canceled(['None', 'TransactionConflict']));

    const error = await commitIdempotent(context, [write], response, new Date()).catch((caught) => caught);

    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ retryAfter: 1 });
  });
});

describe('looking a key up before an operation that commits its own writes', () => {
  const at = new Date('2030-01-01T00:00:00Z');

  /** The record commitIdempotent writes for `context` at `at`, as DynamoDB would return it. */
  async function storedRecord(): Promise<Record<string, unknown>> {
    dynamo.on(TransactWriteCommand).resolves({});
    await commitIdempotent(context, [], response, at);
    const item = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Put?.Item;
    if (!item) throw new Error('no record written');
    return item;
  }

  it('finds the stored response of the same request, read consistently by its key', async () => {
    const Item = await storedRecord();
    dynamo.on(GetCommand).resolves({ Item });

    const outcome = await findIdempotent(context, at);

    expect(outcome).toEqual({ kind: 'reused', response });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { pk: 'acc-1#createThing#k-1' },
      ConsistentRead: true,
    });
  });

  it('answers 409 IdempotencyConflict for a key used with another request', async () => {
    const Item = await storedRecord();
    dynamo.on(GetCommand).resolves({ Item });

    const lookup = findIdempotent({ ...context, fingerprint: 'other' }, at);

    await expect(lookup).rejects.toBeInstanceOf(ConflictError);
    await expect(lookup).rejects.toMatchObject({ code: 'IdempotencyConflict' });
  });

  it('finds nothing for an unused key, nor for a record past its 72 hours that DynamoDB has not deleted yet', async () => {
    const Item = await storedRecord();
    dynamo.on(GetCommand).resolvesOnce({}).resolvesOnce({ Item });

    const unused = await findIdempotent(context, at);
    const expired = await findIdempotent(context, new Date(at.getTime() + (72 * 3600 + 1) * 1000));

    expect([unused, expired]).toEqual([undefined, undefined]);
  });
});
