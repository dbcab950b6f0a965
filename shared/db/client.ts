import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';

let documentClient: DynamoDBDocumentClient | undefined;
let exactClient: DynamoDBDocumentClient | undefined;

const marshallOptions = { removeUndefinedValues: true, convertClassInstanceToMap: false };

function dynamoDbClient(): DynamoDBClient {
  const { region, dynamodbEndpoint } = config();
  const client = new DynamoDBClient({
    region,
    ...(dynamodbEndpoint ? { endpoint: dynamodbEndpoint } : {}),
    maxAttempts: 3,
  });
  for (const setup of clientSetups) setup(client);
  return client;
}

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
  documentClient ??= DynamoDBDocumentClient.from(dynamoDbClient(), { marshallOptions });
  return documentClient;
}

/**
 * A client reading numbers as `NumberValue` (util-dynamodb's `wrapNumbers`): their exact decimal
 * string, for numbers that may pass 2^53 (the ledger's running totals in minor units). A client of its
 * own: a document client keeps its translation options in the configuration of the client it wraps,
 * so two document clients over one client would share them.
 */
export function ddbExactNumbers(): DynamoDBDocumentClient {
  exactClient ??= DynamoDBDocumentClient.from(dynamoDbClient(), {
    marshallOptions,
    unmarshallOptions: { wrapNumbers: true },
  });
  return exactClient;
}

/** For tests and the local stage, which point the same process at a new endpoint. */
function resetDdb(): void {
  documentClient?.destroy();
  exactClient?.destroy();
  documentClient = undefined;
  exactClient = undefined;
}
onReset(resetDdb);
