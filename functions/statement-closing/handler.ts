import type { ScheduledEvent } from 'aws-lambda';
import { accountStore } from '../../shared/db/entities/account.ts';
import { eventOutbox } from '../../shared/db/entities/event.ts';
import { statementClosing } from '../../shared/db/entities/ledger.ts';
import { type ClosingRun, closeDueStatements } from '../../shared/domain/billing/service.ts';
import { logger } from '../../shared/observability/logger.ts';
import { processClock } from '../../shared/util/clock.ts';

/**
 * At 00:00 UTC on the 2nd of every month (EventBridge in AWS; on the local stage the same handler,
 * which tests run with a moved clock): closes the previous month's statement of every account, with
 * its `billing.statement.closed` event. A re-run changes nothing.
 */
export async function handler(_event?: ScheduledEvent): Promise<ClosingRun> {
  const run = await closeDueStatements(
    { closing: statementClosing, outbox: eventOutbox, accounts: accountStore },
    processClock.now(),
  );
  logger.info('Statements closed', { ...run });
  return run;
}
