import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnPipe } from 'aws-cdk-lib/aws-pipes';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ApiFunction, type ApiFunctionProps } from './api-function.ts';
import { alarmOnAnyMessage } from './queue-alarm.ts';

export interface WebhookPipelineProps {
  /** The main table; its stream carries the outbox event items. */
  table: ITable;
  /** The dispatcher, given the URLs of the queues this pipeline creates (its environment carries them). */
  dispatcher: (queues: { queueUrl: string; deadLetterQueueUrl: string }) => ApiFunctionProps;
  /** Default 60 s; the queue hides a received message six times as long. */
  dispatcherTimeout?: Duration;
  /** EventBridge patterns a stream record must match to become a message (new `Event` items). */
  filterPatterns: readonly object[];
  /** JSON paths into the record: the FIFO group (ordering) and the deduplication id. */
  messageGroupIdPath: string;
  messageDeduplicationIdPath?: string;
  alarmTopic: ITopic;
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /**
   * Receives before SQS itself moves a message to the dead-letter queue. The dispatcher dead-letters a
   * delivery when its retry schedule is spent; this is only the net for crashes. Events queued behind
   * a failing one of their group are received (and handed back) with each of its retries, so the net
   * must sit well above the schedule's attempts.
   */
  maxReceiveCount?: number;
  batchSize?: number;
}

/** Stream records live 24 hours: give up an hour before, so the dead-letter queue still gets them. */
export const pipeMaximumRecordAgeSeconds = 23 * 60 * 60;

const queueDefaults = {
  encryption: QueueEncryption.SQS_MANAGED,
  enforceSSL: true,
  // A receiver down for a day still gets everything: messages outlive the longest retry schedule.
  retentionPeriod: Duration.days(14),
};

/**
 * Outbox to webhook: main table stream -> EventBridge Pipe (new `Event` items only) -> FIFO queue
 * (ordered per `ordering_key`, a duplicate stream record deduplicated) -> dispatcher Lambda,
 * which signs and delivers, retries through message visibility and reports partial batch failures.
 * What keeps failing lands in a dead-letter queue that raises an alarm. The message is the stream
 * record as the pipe forwards it (shared/db/entities/webhook-message.ts); the local stage sends the same.
 */
export class WebhookPipeline extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  /** Stream records the pipe could not put on the queue. */
  readonly pipeFailures: Queue;
  readonly dispatcher: ApiFunction;
  readonly pipe: CfnPipe;

  constructor(scope: Construct, id: string, props: WebhookPipelineProps) {
    super(scope, id);
    const dispatcherTimeout = props.dispatcherTimeout ?? Duration.seconds(60);

    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      ...queueDefaults,
      fifo: true,
      removalPolicy: props.removalPolicy,
    });
    this.queue = new Queue(this, 'Deliveries', {
      ...queueDefaults,
      fifo: true,
      contentBasedDeduplication: true,
      // AWS guidance for Lambda consumers: six times the function timeout, so a slow batch is never
      // handed to a second invocation while the first still works on it.
      visibilityTimeout: Duration.seconds(dispatcherTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount ?? 100 },
      removalPolicy: props.removalPolicy,
    });
    this.pipeFailures = new Queue(this, 'PipeFailures', {
      ...queueDefaults,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.pipeFailures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "The pipe's dead-letter queue itself: the last stop, watched by an alarm.",
    });

    this.dispatcher = new ApiFunction(this, 'Dispatcher', {
      ...props.dispatcher({
        queueUrl: this.queue.queueUrl,
        deadLetterQueueUrl: this.deadLetterQueue.queueUrl,
      }),
      timeout: dispatcherTimeout,
    });
    // A delivery whose schedule is spent, or a poison message, is dead-lettered by the dispatcher.
    this.deadLetterQueue.grantSendMessages(this.dispatcher);
    this.dispatcher.addEventSource(
      new SqsEventSource(this.queue, { batchSize: props.batchSize ?? 10, reportBatchItemFailures: true }),
    );

    const logs = new LogGroup(this, 'PipeLogs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    const role = new Role(this, 'PipeRole', { assumedBy: new ServicePrincipal('pipes.amazonaws.com') });
    props.table.grantStreamRead(role);
    this.queue.grantSendMessages(role);
    this.pipeFailures.grantSendMessages(role);
    logs.grantWrite(role);

    this.pipe = new CfnPipe(this, 'Pipe', {
      roleArn: role.roleArn,
      source: props.table.tableStreamArn ?? failNoStream(),
      sourceParameters: {
        dynamoDbStreamParameters: {
          startingPosition: 'TRIM_HORIZON',
          batchSize: 10,
          // An SQS outage must not cost events: retry for as long as the stream keeps the record
          // (24 h), less an hour, then hand it to the dead-letter queue with its alarm. A batch that
          // keeps failing is halved until the one record at fault is isolated.
          maximumRetryAttempts: -1,
          maximumRecordAgeInSeconds: pipeMaximumRecordAgeSeconds,
          onPartialBatchItemFailure: 'AUTOMATIC_BISECT',
          deadLetterConfig: { arn: this.pipeFailures.queueArn },
        },
        filterCriteria: {
          filters: props.filterPatterns.map((pattern) => ({ pattern: JSON.stringify(pattern) })),
        },
      },
      target: this.queue.queueArn,
      targetParameters: {
        sqsQueueParameters: {
          messageGroupId: props.messageGroupIdPath,
          ...(props.messageDeduplicationIdPath
            ? { messageDeduplicationId: props.messageDeduplicationIdPath }
            : {}),
        },
      },
      logConfiguration: { level: 'ERROR', cloudwatchLogsLogDestination: { logGroupArn: logs.logGroupArn } },
    });
    this.pipe.node.addDependency(role);

    alarmOnAnyMessage(this, 'DeadLettersAlarm', {
      queue: this.deadLetterQueue,
      topic: props.alarmTopic,
      description: 'Webhook deliveries that exhausted every retry: see the dead-letter queue.',
    });
    alarmOnAnyMessage(this, 'PipeFailuresAlarm', {
      queue: this.pipeFailures,
      topic: props.alarmTopic,
      description: 'Outbox events the pipe could not queue for delivery.',
    });
    // Partial batch failures are normal retries; a crash of the whole invocation is not.
    this.dispatcher
      .metricErrors({ period: Duration.minutes(5) })
      .createAlarm(this, 'DispatcherErrorsAlarm', {
        alarmDescription:
          'The webhook dispatcher crashed; its messages return until the redrive net catches them.',
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      })
      .addAlarmAction(new SnsAction(props.alarmTopic));
  }
}

function failNoStream(): never {
  throw new Error('WebhookPipeline needs a table with a stream');
}
