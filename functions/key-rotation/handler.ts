import type { ScheduledEvent } from 'aws-lambda';
import { rotateSigningKeys } from '../../shared/auth/signing-keys.ts';
import { passKeySecretIds } from '../../shared/config/env.ts';
import { logger } from '../../shared/observability/logger.ts';
import { ensurePassSigningKeys } from '../../shared/pki/pass-signing.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Scheduled by EventBridge, and run once by a trigger on first deploy (infra/). Each run adds a token
 * signing key that starts signing after the publication lead and drops keys no live token can still
 * carry (shared/auth/keys.ts). It is also the one writer that provisions the pass signing keys when
 * they are missing, and publishes their public half: with a single writer, two containers can never
 * each create a different key.
 */
export async function handler(_event: ScheduledEvent): Promise<{ published: string[] }> {
  const store = secretStore();
  const set = await rotateSigningKeys(store, processClock.now());
  const passKeys = await ensurePassSigningKeys(store, passKeySecretIds());
  const published = set.keys.map((key) => key.kid);
  logger.info('Signing keys rotated', {
    newest_kid: published[0],
    published,
    pass_keys: passKeys.keys.length,
  });
  return { published };
}
