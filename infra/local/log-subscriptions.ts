import type { CloudWatchLogsEvent } from 'aws-lambda';
import { subscriptionEvent } from '../../shared/aws/log-subscription.ts';
import { requestLinePrefix } from '../../shared/observability/request-log.ts';
import { type LogSubscriber, logSubscriptionSources, type ServiceFunction } from '../functions.ts';
import { type FunctionModules, lambdaContext, localFunctionName } from './functions.ts';
import { callingFunction } from './key-access.ts';
import { region } from './stage-json.ts';
import type { Log, Stoppers } from './stoppers.ts';

/** How often captured lines are delivered: CloudWatch Logs delivers within seconds too. */
const deliveryIntervalMs = 500;
/** Lines kept for a worker that keeps failing; older ones are dropped (and said so) beyond it. */
const maxPendingLines = 10_000;

interface CapturedLine {
  source: ServiceFunction;
  message: string;
  timestamp: number;
}

/**
 * CloudWatch Logs' subscription filters, locally: every function runs in this process, so the lines
 * the partner-facing functions write to standard output are taken there, while the function that
 * writes is known (infra/local/key-access.ts). A request line (the only lines subscribed to, whose
 * filter pattern selects them by `kind`; here by the prefix every such line starts with) goes to the
 * subscribed worker as CloudWatch Logs would send it, a base64 gzip event per source log group, and
 * not to the terminal; every other line is written as before.
 */
export async function startLogSubscriptions(
  functions: FunctionModules,
  subscribers: readonly LogSubscriber[],
  log: Log,
  stoppers: Stoppers,
): Promise<void> {
  if (subscribers.length === 0) return;
  const handlers = await Promise.all(
    subscribers.map(async (subscriber) => ({
      name: subscriber.functionName,
      handle: await functions.handler<CloudWatchLogsEvent, unknown>(subscriber.functionName),
    })),
  );
  const sources = new Set<ServiceFunction>(logSubscriptionSources);
  let pending: CapturedLine[] = [];
  let sequence = 0;

  const stdout = process.stdout;
  const write = stdout.write;
  const capturingWrite = function (this: typeof stdout, chunk: unknown, ...rest: unknown[]): boolean {
    const source = callingFunction();
    if (source && sources.has(source) && typeof chunk === 'string' && chunk.startsWith(requestLinePrefix)) {
      pending.push({ source, message: chunk.trimEnd(), timestamp: Date.now() });
      return true;
    }
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  };
  stdout.write = capturingWrite as typeof stdout.write;

  let delivering: Promise<void> = Promise.resolve();
  const deliver = async (): Promise<void> => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const bySource = Map.groupBy(batch, (line) => line.source);
    for (const [source, lines] of bySource) {
      const event = await subscriptionEvent(
        `/aws/lambda/${localFunctionName(source)}`,
        lines.map((line) => ({ id: String(++sequence), timestamp: line.timestamp, message: line.message })),
      );
      for (const { name, handle } of handlers) {
        try {
          await handle(event, lambdaContext(name, 30_000, region));
        } catch (error) {
          // As CloudWatch Logs retries a failed delivery: the lines wait for the next round.
          log(`${name} failed on ${lines.length} lines of ${source}: ${(error as Error).message}`);
          pending.unshift(...lines);
        }
      }
    }
    if (pending.length > maxPendingLines) {
      log(`${pending.length - maxPendingLines} request lines dropped: the log subscription keeps failing`);
      pending.splice(0, pending.length - maxPendingLines);
    }
  };
  const timer = setInterval(() => {
    delivering = delivering.then(deliver);
  }, deliveryIntervalMs);
  timer.unref();

  stoppers.add(async () => {
    clearInterval(timer);
    await delivering;
    await deliver();
    stdout.write = write;
  });
}
