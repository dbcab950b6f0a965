import type { ScheduledEvent } from 'aws-lambda';
import { esimStore } from '../../shared/db/entities/esim.ts';
import { sweepDuePackages } from '../../shared/domain/esim/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * Every minute (EventBridge in AWS, an interval on the local stage): eSIM packages past their
 * `expires_at` become Expired with their esim.package.expired event, and packages 3 days and 1 day
 * before it get their esim.package.expiring notice, read from the sparse expiry index. Reads show
 * Expired as soon as the time has passed, so the sweep's delay is never visible.
 */
export async function handler(_event?: ScheduledEvent): Promise<{ events: number }> {
  const events = await sweepDuePackages(esimStore, processClock.now());
  if (events > 0) logger.info('eSIM package events sent', { events });
  return { events };
}
