import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  logSubscribers,
  type QueueHandler,
  queueConsumers,
  type StreamHandler,
  schedules,
  streamConsumers,
  streamPipes,
} from '../functions.ts';
import { localCredentials } from './dynamodb-local.ts';
import { type FunctionModules, lambdaContext } from './functions.ts';
import { startLogSubscriptions } from './log-subscriptions.ts';
import { pipeToQueue } from './pipe.ts';
import { QueuePoller } from './queue-poller.ts';
import { region, type StageEndpoints } from './stage-json.ts';
import type { Log, Stoppers } from './stoppers.ts';
import { StreamPoller } from './stream-poller.ts';

export interface WorkerContext {
  functions: FunctionModules;
  dynamoEndpoint: string;
  sqsEndpoint: string;
  mainStreamArn: string;
  createdQueues: StageEndpoints['queues'];
  log: Log;
  /** Where the pollers keep their checkpoints, leases and dead letters: a restart resumes from them. */
  checkpointDir: string;
}

/** The registry's stream consumers, pipes, queue consumers, minute schedules and log subscriptions, run in this process. */
export async function startWorkers(context: WorkerContext, stoppers: Stoppers): Promise<void> {
  const streams = new DynamoDBStreamsClient({
    region,
    endpoint: context.dynamoEndpoint,
    credentials: localCredentials,
  });
  const sqs = new SQSClient({ region, endpoint: context.sqsEndpoint, credentials: localCredentials });
  stoppers.add(async () => {
    streams.destroy();
    sqs.destroy();
  });
  await startStreamConsumers(context, streams, stoppers);
  await startPipes(context, streams, sqs, stoppers);
  await startQueueConsumers(context, sqs, stoppers);
  await startSchedules(context, stoppers);
  await startLogSubscriptions(context.functions, logSubscribers, context.log, stoppers);
}

async function startStreamConsumers(
  { functions, mainStreamArn, log, checkpointDir }: WorkerContext,
  streams: DynamoDBStreamsClient,
  stoppers: Stoppers,
): Promise<void> {
  for (const consumer of streamConsumers) {
    const handler = await functions.handler<Parameters<StreamHandler>[0], Awaited<ReturnType<StreamHandler>>>(
      consumer.functionName,
    );
    const poller = new StreamPoller({
      client: streams,
      streamArn: mainStreamArn,
      region,
      consumer,
      handler,
      log,
      checkpointDir,
    });
    await poller.start();
    stoppers.add(() => poller.stop());
  }
}

async function startPipes(
  { mainStreamArn, createdQueues, log, checkpointDir }: WorkerContext,
  streams: DynamoDBStreamsClient,
  sqs: SQSClient,
  stoppers: Stoppers,
): Promise<void> {
  for (const pipe of streamPipes) {
    const target = createdQueues[pipe.queueName];
    if (!target) throw new Error(`Pipe ${pipe.name}: no queue ${pipe.queueName}`);
    const poller = new StreamPoller({
      client: streams,
      streamArn: mainStreamArn,
      region,
      consumer: {
        functionName: `pipe-${pipe.name}`,
        batchSize: 10,
        filterPatterns: pipe.filterPatterns,
        // As the AWS pipe retries a record for most of the stream's retention: a queue outage (the
        // emulator restarting) costs time, not events. 1000 attempts at most 5 s apart: over an hour.
        maximumRetryAttempts: 1000,
      },
      handler: pipeToQueue(sqs, target.url, pipe),
      log,
      checkpointDir,
    });
    await poller.start();
    stoppers.add(() => poller.stop());
  }
}

async function startQueueConsumers(
  { functions, createdQueues, log, checkpointDir }: WorkerContext,
  sqs: SQSClient,
  stoppers: Stoppers,
): Promise<void> {
  for (const consumer of queueConsumers) {
    const created = createdQueues[consumer.queue.name];
    if (!created) throw new Error(`${consumer.functionName}: no queue ${consumer.queue.name}`);
    const handler = await functions.handler<Parameters<QueueHandler>[0], Awaited<ReturnType<QueueHandler>>>(
      consumer.functionName,
    );
    const poller = new QueuePoller({
      client: sqs,
      queueUrl: created.url,
      queueArn: created.arn,
      region,
      functionName: consumer.functionName,
      handler,
      ...(consumer.batchSize ? { batchSize: consumer.batchSize } : {}),
      ...(consumer.reportBatchItemFailures ? { reportBatchItemFailures: true } : {}),
      log,
      checkpointDir,
    });
    poller.start();
    stoppers.add(() => poller.stop());
  }
}

async function startSchedules({ functions, log }: WorkerContext, stoppers: Stoppers): Promise<void> {
  for (const schedule of schedules) {
    const handler = await functions.handler<Record<string, never>, unknown>(schedule.functionName);
    const run = () =>
      handler({}, lambdaContext(schedule.functionName, 60_000, region)).catch((error: unknown) =>
        log(`${schedule.functionName} failed: ${(error as Error).message}`),
      );
    const timer = setInterval(run, schedule.rateMinutes * 60_000);
    timer.unref();
    stoppers.add(async () => clearInterval(timer));
  }
}
