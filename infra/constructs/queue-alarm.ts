import { Duration } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** A dead-letter queue should stay empty: one message is already an incident. */
export function alarmOnAnyMessage(
  scope: Construct,
  id: string,
  { queue, topic, description }: { queue: IQueue; topic: ITopic; description: string },
): Alarm {
  const alarm = queue
    .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' })
    .createAlarm(scope, id, {
      alarmDescription: description,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  alarm.addAlarmAction(new SnsAction(topic));
  return alarm;
}
