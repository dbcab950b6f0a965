import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryFromItem, recordDeliveryProgress } from '../../../../shared/db/entities/delivery.ts';
import type { DeliveryAttempt } from '../../../../shared/domain/webhooks/model.ts';
import { useLocalConfig } from '../../auth/local-config.ts';
import { aDelivery } from '../../webhooks/fakes.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterAll(async () => {
  dynamo.restore();
  await cleanUp();
});
beforeEach(() => dynamo.reset());

const attempt = (second: number, statusCode: number | null = 500): DeliveryAttempt => ({
  attemptedAt: `2030-05-01T10:00:${String(second).padStart(2, '0')}.000Z`,
  statusCode,
  latencyMs: 10,
  error: statusCode === null ? 'timeout' : null,
});
const progress = {
  status: 'Retrying' as const,
  statusReason: 'HTTP 500',
  nextAttemptAt: null,
  runAttempts: 1,
};

const sentUpdate = () => dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;

describe('recording a delivery attempt', () => {
  it('appends it to a short list and counts it by outcome', async () => {
    const delivery = aDelivery({ attempts: [attempt(1)] });

    await recordDeliveryProgress(delivery, progress, attempt(2, null), '2030-05-01T10:00:03.000Z');

    expect(sentUpdate()?.UpdateExpression).toContain('attempts = list_append(attempts, :attempts)');
    expect(sentUpdate()?.UpdateExpression).toContain('ADD attempts_total :one, attempts_unreachable :one');
    expect(sentUpdate()?.ExpressionAttributeValues?.[':attempts']).toHaveLength(1);
  });

  it('keeps only the latest 20 once the list is full, the counts still counting every one', async () => {
    const full = Array.from({ length: 20 }, (_, index) => attempt(index));
    const delivery = aDelivery({ attempts: full });

    await recordDeliveryProgress(delivery, progress, attempt(59, 204), '2030-05-01T10:01:00.000Z');

    const kept = sentUpdate()?.ExpressionAttributeValues?.[':attempts'] as { attempted_at: string }[];
    expect(sentUpdate()?.UpdateExpression).toContain('attempts = :attempts');
    expect(sentUpdate()?.UpdateExpression).toContain('ADD attempts_total :one, attempts_delivered :one');
    expect(kept).toHaveLength(20);
    expect(kept[0]?.attempted_at).toBe(attempt(1).attemptedAt);
    expect(kept.at(-1)?.attempted_at).toBe(attempt(59).attemptedAt);
  });

  it('still records and counts the attempt of a superseded message, without its progress', async () => {
    dynamo
      .on(UpdateCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'claim', $metadata: {} }))
      .resolves({});

    await recordDeliveryProgress(aDelivery(), progress, attempt(1, 410), '2030-05-01T10:00:02.000Z');

    const fallback = dynamo.commandCalls(UpdateCommand)[1]?.args[0].input;
    expect(fallback?.UpdateExpression).toBe(
      'SET attempts = list_append(attempts, :attempts) ADD attempts_total :one, attempts_rejected :one',
    );
  });
});

describe('a stored delivery', () => {
  it('reports its counts, or counts its list when recorded before counts were kept', () => {
    const base = {
      webhook_id: 'w',
      account_id: 'a',
      event_id: 'e',
      event_type: 'webhook.ping',
      event_timestamp: '2030-05-01T10:00:00.000Z',
      ordering_key: 'k',
      data: {},
      status: 'Failed',
      claim: 'c',
      created_at: '2030-05-01T10:00:00.000Z',
      updated_at: '2030-05-01T10:00:00.000Z',
    };
    const items = [
      { attempted_at: 't1', status_code: 500, latency_ms: 1, error: null },
      { attempted_at: 't2', status_code: null, latency_ms: 1, error: 'timeout' },
    ];

    const legacy = deliveryFromItem({ ...base, attempts: items });
    const counted = deliveryFromItem({
      ...base,
      attempts: items,
      attempts_total: 45,
      attempts_rejected: 30,
      attempts_unreachable: 15,
    });

    expect(legacy.attemptCounts).toEqual({ total: 2, delivered: 0, rejected: 1, unreachable: 1 });
    expect(counted.attemptCounts).toEqual({ total: 45, delivered: 0, rejected: 30, unreachable: 15 });
  });
});
