import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { ProofReplayGuard } from '../../domain/venues/ports.ts';
import { ddb } from '../client.ts';

/**
 * A spent proof `jti` (client assertions and DPoP proofs, docs/venues.md): pk `DPOP_JTI#<base64url
 * sha256 of kind, issuer and jti>`, sk `JTI`, kept until the proof could no longer verify anyway
 * (`expires_at`, and `ttl` for DynamoDB's deletion). Scoped to the issuer (device or key), so one
 * client's jti never blocks another's. The put is conditional: of two uses, exactly one is first; an
 * item past its `expires_at` that DynamoDB has not deleted yet counts as absent.
 */
export const proofJtiPartitionPrefix = 'DPOP_JTI#';

export const proofReplayGuard: ProofReplayGuard = {
  async firstUse(use, now) {
    const digest = createHash('sha256').update(`${use.kind}\n${use.issuer}\n${use.jti}`).digest('base64url');
    try {
      await ddb().send(
        new PutCommand({
          TableName: config().mainTableName,
          Item: {
            pk: `${proofJtiPartitionPrefix}${digest}`,
            sk: 'JTI',
            type: 'ProofJti',
            expires_at: use.keepUntil.toISOString(),
            ttl: Math.ceil(use.keepUntil.getTime() / 1000),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
};
