import type { ScheduledEvent } from 'aws-lambda';
import { esimStore } from '../../shared/db/entities/esim.ts';
import { expireDuePackages } from '../../shared/domain/esim/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Every minute (EventBridge in AWS, an interval on the local stage): eSIM packages past their
 * `expires_at` become Expired with their esim.package.expired event, read from the sparse expiry
 * index. Reads show Expired as soon as the time has passed, so the sweep's delay is never visible.
 */
export async function handler(_event?: ScheduledEvent): Promise<{ expired: number }> {
  const expired = await expireDuePackages(esimStore, processClock.now());
  if (expired > 0) logger.info('eSIM packages expired', { expired });
  return { expired };
}
