import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ApiFunction, type ApiFunctionProps } from './api-function.ts';
import { alarmOnAnyMessage } from './queue-alarm.ts';

export interface StreamProcessorProps {
  /** A table with a stream (the main table). */
  table: ITable;
  function: ApiFunctionProps;
  /** Lambda event filter patterns (`FilterCriteria.filter(...)`): only matching records invoke the function. */
  filters: Record<string, unknown>[];
  alarmTopic: ITopic;
  removalPolicy: RemovalPolicy;
  batchSize?: number;
  retryAttempts?: number;
}

/**
 * A Lambda fed by the table's stream that never blocks its shard forever: failed records are retried
 * (`retryAttempts`, within 6 h of the record's age), the batch is split to isolate a poison record, the handler reports the records that
 * failed, and what still fails is described in a queue that raises an alarm.
 */
export class StreamProcessor extends Construct {
  readonly function: ApiFunction;
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: StreamProcessorProps) {
    super(scope, id);
    this.function = new ApiFunction(this, 'Function', props.function);
    this.failures = new Queue(this, 'Failures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.failures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the on-failure destination itself: the last stop, watched by an alarm.',
    });
    this.function.addEventSource(
      new DynamoEventSource(props.table, {
        // Nothing written before the mapping existed is skipped; the processor is idempotent.
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: props.batchSize ?? 10,
        bisectBatchOnError: true,
        retryAttempts: props.retryAttempts ?? 5,
        maxRecordAge: Duration.hours(6),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failures),
        filters: props.filters,
      }),
    );
    alarmOnAnyMessage(this, 'FailuresAlarm', {
      queue: this.failures,
      topic: props.alarmTopic,
      description: `${this.node.path}: stream records the processor gave up on (see the failures queue).`,
    });
  }
}
