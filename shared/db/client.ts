import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';

let documentClient: DynamoDBDocumentClient | undefined;

/** Module-scope singleton: one connection pool per Lambda container. */
export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { region, dynamodbEndpoint } = config();
    const client = new DynamoDBClient({
      region,
      ...(dynamodbEndpoint ? { endpoint: dynamodbEndpoint } : {}),
      maxAttempts: 3,
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

/** For tests and the local stage, which point the same process at a new endpoint. */
function resetDdb(): void {
  documentClient?.destroy();
  documentClient = undefined;
}
onReset(resetDdb);
