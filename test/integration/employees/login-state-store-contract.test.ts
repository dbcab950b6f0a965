import { dynamoLoginStateStore } from '../../../shared/db/entities/login-state.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { loginStateStoreContract } from '../../support/contracts/login-state-store.ts';

const client = documentClient();
loginStateStoreContract('DynamoDB', () =>
  dynamoLoginStateStore({ tableName: endpoints().tables.main, client: () => client }),
);
