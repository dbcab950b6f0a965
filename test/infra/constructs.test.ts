import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { FilterCriteria, FilterRule } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiFunctionProps } from '../../infra/constructs/api-function.ts';
import { handlerEntry } from '../../infra/constructs/entries.ts';
import { ServiceTable } from '../../infra/constructs/service-table.ts';
import { StreamProcessor } from '../../infra/constructs/stream-processor.ts';
import { WebhookPipeline } from '../../infra/constructs/webhook-pipeline.ts';
import { addService } from '../../infra/stacks/service.ts';
import { stageConfigFrom } from '../../infra/stage-config.ts';
import {
  webhookDeduplicationIdPath,
  webhookEventFilterPattern,
  webhookMessageGroupIdPath,
} from '../../shared/db/entities/webhook-message.ts';
import { mainTable } from '../../shared/db/tables.ts';
import { resourcesOf, standInConsoleBuild, standInEntry, standInScannerBuild, testApp } from './support.ts';

const functionProps: ApiFunctionProps = {
  entry: standInEntry,
  logRetention: RetentionDays.ONE_WEEK,
  removalPolicy: RemovalPolicy.DESTROY,
};

function isolatedStack() {
  const stack = new Stack(testApp(), 'Isolated', { env: { region: 'eu-west-1' } });
  const table = new ServiceTable(stack, 'Table', { shape: mainTable, removalPolicy: RemovalPolicy.DESTROY });
  const alarmTopic = new Topic(stack, 'Alarms');
  return { stack, table, alarmTopic };
}

describe('StreamProcessor', () => {
  let template: Template;
  let failuresQueueId: string;
  beforeAll(() => {
    const { stack, table, alarmTopic } = isolatedStack();
    const processor = new StreamProcessor(stack, 'Processor', {
      table,
      function: functionProps,
      filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT') })],
      alarmTopic,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    template = Template.fromStack(stack);
    failuresQueueId = stack.getLogicalId(processor.failures.node.defaultChild as never);
  });

  it('retries a failed batch a few times, split in halves, then describes it in a failure queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Table'), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      MaximumRetryAttempts: 5,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failuresQueueId, 'Arn'] } } },
    });
  });

  it('is invoked only for the records its filter matches', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ['INSERT'] }) }] },
    });
  });

  it('raises an alarm as soon as a batch lands in the encrypted failure queue', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [failuresQueueId, 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^Alarms') }],
    });
  });
});

describe('WebhookPipeline', () => {
  let template: Template;
  let ids: { queue: string; deadLetters: string; dispatcher: string };
  beforeAll(() => {
    const { stack, table, alarmTopic } = isolatedStack();
    const pipeline = new WebhookPipeline(stack, 'Webhooks', {
      table,
      dispatcher: ({ queueUrl, deadLetterQueueUrl }) => ({
        ...functionProps,
        environment: { WEBHOOK_QUEUE_URL: queueUrl, WEBHOOK_DLQ_URL: deadLetterQueueUrl },
      }),
      dispatcherTimeout: Duration.seconds(45),
      filterPatterns: [webhookEventFilterPattern],
      messageGroupIdPath: webhookMessageGroupIdPath,
      messageDeduplicationIdPath: webhookDeduplicationIdPath,
      alarmTopic,
      removalPolicy: RemovalPolicy.DESTROY,
      logRetention: RetentionDays.ONE_WEEK,
      maxReceiveCount: 25,
    });
    template = Template.fromStack(stack);
    const id = (construct: { node: { defaultChild?: unknown } }) =>
      stack.getLogicalId(construct.node.defaultChild as never);
    ids = {
      queue: id(pipeline.queue),
      deadLetters: id(pipeline.deadLetterQueue),
      dispatcher: id(pipeline.dispatcher),
    };
  });

  it('pipes only new Event items and recovery jobs from the table stream to the queue, ordered and deduplicated', () => {
    template.hasResourceProperties('AWS::Pipes::Pipe', {
      Source: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Table'), 'StreamArn'] },
      SourceParameters: {
        FilterCriteria: {
          Filters: [
            {
              Pattern: JSON.stringify({
                eventName: ['INSERT'],
                dynamodb: { NewImage: { entity: { S: ['Event', 'WebhookRecoveryJob'] } } },
              }),
            },
          ],
        },
        DynamoDBStreamParameters: Match.objectLike({ MaximumRetryAttempts: Match.anyValue() }),
      },
      Target: { 'Fn::GetAtt': [ids.queue, 'Arn'] },
      TargetParameters: {
        SqsQueueParameters: {
          MessageGroupId: '$.dynamodb.NewImage.ordering_key.S',
          MessageDeduplicationId: '$.dynamodb.NewImage.pk.S',
        },
      },
    });
  });

  it('gives the dispatcher both queue URLs and lets it dead-letter a delivery itself', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          WEBHOOK_QUEUE_URL: { Ref: ids.queue },
          WEBHOOK_DLQ_URL: { Ref: ids.deadLetters },
        }),
      },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:SendMessage']),
            Resource: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] },
          }),
        ]),
      },
    });
  });

  it('queues encrypted, hands a message to a dead-letter queue after maxReceiveCount receives', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      FifoQueue: true,
      ContentBasedDeduplication: true,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] }, maxReceiveCount: 25 },
    });
  });

  it('keeps a message invisible for at least six times the dispatcher timeout', () => {
    const queue = resourcesOf(template, 'AWS::SQS::Queue').find(([id]) => id === ids.queue)?.[1];
    const dispatcher = resourcesOf(template, 'AWS::Lambda::Function').find(
      ([id]) => id === ids.dispatcher,
    )?.[1];

    expect(dispatcher?.Properties.Timeout).toBe(45);
    expect(Number(queue?.Properties.VisibilityTimeout)).toBeGreaterThanOrEqual(6 * 45);
  });

  it('feeds the dispatcher in batches and lets it report the messages that failed', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [ids.queue, 'Arn'] },
      FunctionName: { Ref: ids.dispatcher },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('alarms through SNS as soon as the dead-letter queue holds a message', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [ids.deadLetters, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^Alarms') }],
    });
  });
});

describe('a function whose handler file does not exist', () => {
  it('stops the synth, naming the file', () => {
    const app = testApp({ stage: 'preview' });
    const withoutCatalog = (name: string) => {
      if (name === 'catalog') throw new Error('functions/catalog/handler.ts does not exist');
      return handlerEntry(name);
    };

    expect(() =>
      addService(app, {
        entries: withoutCatalog,
        consoleBuildDir: standInConsoleBuild(),
        scannerBuildDir: standInScannerBuild(),
        esimPageBuildDir: standInScannerBuild(),
      }),
    ).toThrow(/functions\/catalog\/handler\.ts/);
  });
});

describe('the stage context', () => {
  it('refuses a stage that does not exist', () => {
    expect(() => stageConfigFrom(testApp({ stage: 'production' }).node)).toThrow(
      /local, preview, stage, prod/,
    );
  });

  it('takes domain names, certificates and the hosted zone from context over the stage defaults', () => {
    const app = testApp({
      stage: 'stage',
      apiDomainName: 'api.stage.travel.test',
      apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      hostedZoneId: 'none',
    });

    expect(stageConfigFrom(app.node)).toMatchObject({
      apiDomainName: 'api.stage.travel.test',
      authDomainName: 'auth.stage.partner-travel.example.com',
      apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      hostedZone: undefined,
    });
  });

  it('retains data and protects it from deletion in prod only', () => {
    const prod = stageConfigFrom(testApp({ stage: 'prod' }).node);
    const preview = stageConfigFrom(testApp({ stage: 'preview' }).node);

    expect(prod).toMatchObject({ removalPolicy: RemovalPolicy.RETAIN, deletionProtection: true });
    expect(preview).toMatchObject({ removalPolicy: RemovalPolicy.DESTROY, deletionProtection: false });
  });
});
