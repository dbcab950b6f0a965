import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { TableShape } from '../../shared/db/tables.ts';

/** Local table names are the shapes' stable ids (CDK lets CloudFormation name the real ones). */
export function localTableName(shape: TableShape): string {
  return shape.id;
}

async function describe(client: DynamoDBClient, name: string) {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/** Creates the table from the same shape CDK deploys, unless it exists (a persistent stage restarting). */
export async function ensureTable(
  client: DynamoDBClient,
  shape: TableShape,
  name = localTableName(shape),
): Promise<{ name: string; streamArn: string | undefined }> {
  const existing = await describe(client, name);
  if (existing) {
    await addMissingIndexes(client, shape, name, existing.GlobalSecondaryIndexes ?? []);
    return { name, streamArn: existing.LatestStreamArn };
  }

  const keys = new Set<string>([shape.partitionKey]);
  if (shape.sortKey) keys.add(shape.sortKey);
  for (const index of shape.globalSecondaryIndexes) {
    keys.add(index.partitionKey);
    keys.add(index.sortKey);
  }
  const attributeDefinitions: AttributeDefinition[] = [...keys].map((attribute) => ({
    AttributeName: attribute,
    AttributeType: 'S',
  }));
  const created = await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions,
      KeySchema: [
        { AttributeName: shape.partitionKey, KeyType: 'HASH' },
        ...(shape.sortKey ? [{ AttributeName: shape.sortKey, KeyType: 'RANGE' as const }] : []),
      ],
      ...(shape.globalSecondaryIndexes.length > 0
        ? {
            GlobalSecondaryIndexes: shape.globalSecondaryIndexes.map(indexSpecification),
          }
        : {}),
      ...(shape.stream
        ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }
        : {}),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: shape.timeToLiveAttribute, Enabled: true },
    }),
  );
  return { name, streamArn: created.TableDescription?.LatestStreamArn };
}

type IndexShape = TableShape['globalSecondaryIndexes'][number];

function indexSpecification(index: IndexShape) {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: index.projection ?? ('ALL' as const) },
  };
}

/**
 * A persistent stage's table made before an index was added to its shape gets it, one index per
 * update as AWS allows (docs/deploy.md); DynamoDB Local builds it at once.
 */
async function addMissingIndexes(
  client: DynamoDBClient,
  shape: TableShape,
  name: string,
  present: readonly { IndexName?: string }[],
): Promise<void> {
  const names = new Set(present.map((index) => index.IndexName));
  for (const index of shape.globalSecondaryIndexes.filter((index) => !names.has(index.indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: [
          { AttributeName: index.partitionKey, AttributeType: 'S' },
          { AttributeName: index.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [{ Create: indexSpecification(index) }],
      }),
    );
  }
}
