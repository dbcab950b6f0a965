import type { ScheduledEvent } from 'aws-lambda';
import { rotateSigningKeys } from '../../shared/auth/signing-keys.ts';
import { passKeySecretIds } from '../../shared/config/env.ts';
import { signingKeyVault } from '../../shared/crypto/signing-key-vault.ts';
import { logger } from '../../shared/observability/logger.ts';
import { ensurePassSigningKeys } from '../../shared/pki/pass-signing.ts';
import { secretStore } from '../../shared/secrets/store.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Scheduled by EventBridge, and run once by a trigger on first deploy (infra/). Each run adds a token
 * signing key (a KMS key in AWS) that starts signing after the publication lead, and drops keys no
 * live token can still carry, scheduling their deletion (shared/auth/keys.ts). The one function that
 * may create, describe or delete signing keys; the others may only sign. It is also the one writer that provisions the pass signing keys when
 * they are missing, and publishes their public half: with a single writer, two containers can never
 * each create a different key.
 */
export async function handler(_event: ScheduledEvent): Promise<{ published: string[] }> {
  const store = secretStore();
  const vault = await signingKeyVault();
  const set = await rotateSigningKeys(store, processClock.now(), vault);
  const passKeys = await ensurePassSigningKeys(store, passKeySecretIds(), vault);
  const published = set.keys.map((key) => key.kid);
  logger.info('Signing keys rotated', {
    newest_kid: published[0],
    published,
    pass_keys: passKeys.keys.length,
  });
  return { published };
}
