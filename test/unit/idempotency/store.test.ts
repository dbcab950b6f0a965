import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { ConflictError, ServiceUnavailableError } from '../../../shared/domain/errors.ts';
import { commitIdempotent, type IdempotencyContext } from '../../../shared/idempotency/store.ts';
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
