import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';

let documentClient: DynamoDBDocumentClient | undefined;

type ClientSetup = (client: DynamoDBClient) => void;
const clientSetups = new Set<ClientSetup>();

/**
 * For the local stage only: `setup` runs on every client made from now on (its stand-in for IAM adds
 * a middleware, infra/local/key-access.ts). Returns the undo. Lambda functions never call it.
 */
export function onDynamoDbClient(setup: ClientSetup): () => void {
  clientSetups.add(setup);
  resetDdb();
  return () => {
    clientSetups.delete(setup);
    resetDdb();
  };
}

/** Module-scope singleton: one connection pool per Lambda container. */
export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { region, dynamodbEndpoint } = config();
    const client = new DynamoDBClient({
      region,
      ...(dynamodbEndpoint ? { endpoint: dynamodbEndpoint } : {}),
      maxAttempts: 3,
    });
    for (const setup of clientSetups) setup(client);
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
