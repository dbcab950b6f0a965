import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { endpoints } from './api.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Clients on the stage's emulators, for tests that look behind the API (stored items, queues). */
export function dynamoClient(): DynamoDBClient {
  const { region, dynamodb } = endpoints();
  return new DynamoDBClient({ region, endpoint: dynamodb, credentials });
}

export function documentClient(client: DynamoDBClient = dynamoClient()): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

let scanClient: DynamoDBDocumentClient | undefined;

/** Every item of the stage's main table that `filter` keeps (a scan, read to its last page). */
export async function scanMainTable(
  filter: string,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  scanClient ??= documentClient();
  const items: Record<string, unknown>[] = [];
  const pages = paginateScan(
    { client: scanClient },
    { TableName: endpoints().tables.main, FilterExpression: filter, ExpressionAttributeValues: values },
  );
  for await (const page of pages) items.push(...(page.Items ?? []));
  return items;
}

export function streamsClient(): DynamoDBStreamsClient {
  const { region, dynamodb } = endpoints();
  return new DynamoDBStreamsClient({ region, endpoint: dynamodb, credentials });
}

export function sqsClient(): SQSClient {
  const { region, sqs } = endpoints();
  return new SQSClient({ region, endpoint: sqs, credentials });
}
