import type { CloudWatchLogsEvent } from 'aws-lambda';
import { subscriptionMessages } from '../../shared/aws/log-subscription.ts';
import { config } from '../../shared/config/env.ts';
import { dynamoRequestLog } from '../../shared/db/entities/request-log.ts';
import { ingestRequestLines } from '../../shared/domain/requests/ingest.ts';
import { logger } from '../../shared/observability/logger.ts';

/**
 * Stores the request lines a partner-facing function logged (docs/support.md, Request log), as
 * CloudWatch Logs' subscription delivers them. A failed write throws: CloudWatch Logs retries the
 * batch, and a redelivered record overwrites itself. The counts it answers are for its callers' logs.
 */
export async function handler(event: CloudWatchLogsEvent): Promise<{ stored: number; skipped: number }> {
  const tableName = config().requestLogTableName;
  if (!tableName) throw new Error('REQUEST_LOG_TABLE_NAME is not set for the request-log function');
  const outcome = await ingestRequestLines(
    dynamoRequestLog({ tableName }),
    await subscriptionMessages(event),
  );
  if (outcome.skipped > 0) logger.warn('Log lines that are no request record were skipped', outcome);
  return outcome;
}
