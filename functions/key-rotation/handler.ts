import type { ScheduledEvent } from 'aws-lambda';
import { rotateSigningKeys } from '../../shared/auth/keys.ts';
import { logger } from '../../shared/observability/logger.ts';
import { secretStore } from '../../shared/secrets/store.ts';

/**
 * Scheduled by EventBridge (infra/). Each run adds a signing key that starts signing after the
 * publication lead, and drops keys no live token can still carry (shared/auth/keys.ts).
 */
export async function handler(_event: ScheduledEvent): Promise<{ published: string[] }> {
  const set = await rotateSigningKeys(secretStore(), new Date());
  const published = set.keys.map((key) => key.kid);
  logger.info('Signing keys rotated', { newest_kid: published[0], published });
  return { published };
}
