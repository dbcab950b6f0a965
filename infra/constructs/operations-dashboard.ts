import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  type Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { metricNames, metricsNamespace, metricsService } from '../../shared/observability/metrics.ts';
import type { Stage } from '../../shared/vocabulary/stage.ts';

/** Where each alarm's runbook section lives; alarm descriptions point there. */
export const runbook = {
  serverErrors: 'docs/operations.md#api-5xx-rate',
  latency: 'docs/operations.md#api-p99-latency',
  throttles: 'docs/operations.md#throttles',
  deadLetters: 'docs/operations.md#dead-letter-queue-depth',
  authorizerErrors: 'docs/operations.md#authorizer-errors',
  certificateExpiry: 'docs/operations.md#partner-certificates-expiring',
} as const;

export interface AlarmThresholds {
  /** Share of requests answered 5xx over 5 minutes, in percent. */
  serverErrorPercent: number;
  /** Below this many requests in 5 minutes the 5xx share is not judged (one error of two is not 50%). */
  minimumRequests: number;
  /** p99 latency in milliseconds, 3 minutes out of 5. */
  p99LatencyMs: number;
  /** 429s answered by the gateway in 5 minutes, all partners together. */
  throttlesPer5Minutes: number;
  /** Authorizer invocations that failed, in 5 minutes: each one is a 500 for a partner. */
  authorizerErrorsPer5Minutes: number;
}

export const defaultAlarmThresholds: AlarmThresholds = {
  serverErrorPercent: 1,
  minimumRequests: 20,
  p99LatencyMs: 2_000,
  throttlesPer5Minutes: 500,
  authorizerErrorsPer5Minutes: 1,
};

export interface MonitoredApi {
  /** Short name used in ids, titles and alarm names: `Partner`, `Auth`. */
  label: string;
  api: RestApi;
  /**
   * The stage's JSON access log group and the custom domain its lines name (`domain`): 429s are
   * counted from it, per domain, so stages sharing an AWS account keep their counts apart.
   */
  accessLogs?: { logGroup: ILogGroup; domainName: string };
}

export interface MonitoredQueue {
  label: string;
  queue: IQueue;
  /** False when the queue already has its own alarm (the dashboard still graphs it). */
  alarm?: boolean;
}

export interface OperationsDashboardProps {
  stage: Stage;
  dashboardName: string;
  alarmTopic: ITopic;
  apis: readonly MonitoredApi[];
  authorizerFunction?: IFunction;
  deadLetterQueues?: readonly MonitoredQueue[];
  /** The auth domain's web ACL metric name and its rate rule's, to graph what WAF blocked. */
  webAcl?: { metricName: string; ruleMetricName: string; region: string };
  thresholds?: Partial<AlarmThresholds>;
  /** The daily certificate check is deployed (functions/certificate-expiry): alarm on what it counts. */
  certificateExpiry?: boolean;
}

/** The metric filters count gateway 429s into this metric, beside the service's own EMF metrics. */
export const gatewayThrottlesMetric = 'GatewayThrottles';

const fiveMinutes = Duration.minutes(5);
const oneMinute = Duration.minutes(1);

/**
 * One CloudWatch dashboard and the alarms of a stage: 5xx rate and p99 latency per API, gateway 429s,
 * dead-letter queue depth and authorizer errors. Every alarm notifies the stage's topic, and its
 * description says what it means and where the runbook is (docs/operations.md).
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const thresholds = { ...defaultAlarmThresholds, ...props.thresholds };
    const alarmName = (name: string) => `${props.dashboardName}-${name}`;
    const notify = (alarm: Alarm) => {
      alarm.addAlarmAction(new SnsAction(props.alarmTopic));
      this.alarms.push(alarm);
      return alarm;
    };

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.dashboardName,
      defaultInterval: Duration.hours(3),
    });

    const gatewayThrottles: IMetric[] = [];
    for (const { label, api, accessLogs } of props.apis) {
      const requests = api.metricCount({ period: fiveMinutes, statistic: 'Sum' });
      const serverErrors = api.metricServerError({ period: fiveMinutes, statistic: 'Sum' });
      const errorRate = new MathExpression({
        label: `${label} 5xx %`,
        expression: `IF(requests >= ${thresholds.minimumRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests, errors: serverErrors },
        period: fiveMinutes,
      });
      notify(
        errorRate.createAlarm(this, `${label}ServerErrorRate`, {
          alarmName: alarmName(`${label.toLowerCase()}-5xx-rate`),
          alarmDescription:
            `More than ${thresholds.serverErrorPercent}% of ${label} API requests were answered 5xx over ` +
            `5 minutes: partners see failures. Check the failing operation in the Errors metric and the ` +
            `function logs, then roll back or fix. Runbook: ${runbook.serverErrors}`,
          threshold: thresholds.serverErrorPercent,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );

      const p99 = api.metricLatency({ period: oneMinute, statistic: 'p99' });
      notify(
        p99.createAlarm(this, `${label}LatencyP99`, {
          alarmName: alarmName(`${label.toLowerCase()}-p99-latency`),
          alarmDescription:
            `${label} API p99 latency above ${thresholds.p99LatencyMs} ms in 3 of 5 minutes: partners ` +
            `may time out. Compare IntegrationLatency with Latency to tell Lambda/DynamoDB from the ` +
            `gateway, look for cold starts and throttled DynamoDB calls. Runbook: ${runbook.latency}`,
          threshold: thresholds.p99LatencyMs,
          evaluationPeriods: 5,
          datapointsToAlarm: 3,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );

      if (accessLogs) {
        new MetricFilter(this, `${label}Throttles`, {
          logGroup: accessLogs.logGroup,
          filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
          metricNamespace: metricsNamespace,
          metricName: gatewayThrottlesMetric,
          metricValue: '1',
          dimensions: { Domain: '$.domain' },
        });
        gatewayThrottles.push(
          new Metric({
            namespace: metricsNamespace,
            metricName: gatewayThrottlesMetric,
            dimensionsMap: { Domain: accessLogs.domainName },
            period: fiveMinutes,
            statistic: 'Sum',
            label: `${label} 429`,
          }),
        );
      }

      this.dashboard.addWidgets(
        new GraphWidget({
          title: `${label} API: requests and errors (5 min)`,
          left: [requests, api.metricClientError({ period: fiveMinutes, statistic: 'Sum' }), serverErrors],
          right: [errorRate],
          width: 12,
        }),
        new GraphWidget({
          title: `${label} API: latency (ms)`,
          left: [
            api.metricLatency({ period: oneMinute, statistic: 'p50' }),
            p99,
            api.metricIntegrationLatency({ period: oneMinute, statistic: 'p99' }),
          ],
          width: 12,
        }),
      );
    }

    const throttleWidgets: GraphWidget[] = [];
    if (gatewayThrottles.length > 0) {
      const totalThrottles = new MathExpression({
        label: 'Gateway 429s (all APIs)',
        expression: gatewayThrottles.map((_, index) => `FILL(t${index}, 0)`).join(' + '),
        usingMetrics: Object.fromEntries(gatewayThrottles.map((metric, index) => [`t${index}`, metric])),
        period: fiveMinutes,
      });
      notify(
        totalThrottles.createAlarm(this, 'Throttles', {
          alarmName: alarmName('throttles'),
          alarmDescription:
            `More than ${thresholds.throttlesPer5Minutes} requests answered 429 in 5 minutes. One partner ` +
            `over its plan is normal; many, or a stage-wide limit, is not. Find who with the Throttles ` +
            `metric by Account, then contact the partner or change its plan. Runbook: ${runbook.throttles}`,
          threshold: thresholds.throttlesPer5Minutes,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      throttleWidgets.push(
        new GraphWidget({
          title: 'Gateway 429s (5 min)',
          left: gatewayThrottles,
          right: [totalThrottles],
          width: 8,
        }),
      );
    }
    throttleWidgets.push(
      new GraphWidget({
        title: 'Throttles by policy and by account',
        left: [this.serviceSearch(props.stage, metricNames.throttles, ['Policy'], 'Sum')],
        right: [this.serviceSearch(props.stage, metricNames.throttles, ['Account'], 'Sum')],
        width: 8,
      }),
    );
    if (props.webAcl) {
      const { metricName, ruleMetricName, region } = props.webAcl;
      throttleWidgets.push(
        new GraphWidget({
          title: 'Auth domain: requests WAF blocked per source address',
          left: [
            new Metric({
              namespace: 'AWS/WAFV2',
              metricName: 'BlockedRequests',
              dimensionsMap: { WebACL: metricName, Rule: ruleMetricName, Region: region },
              period: fiveMinutes,
              statistic: 'Sum',
            }),
          ],
          width: 8,
        }),
      );
    }
    this.dashboard.addWidgets(...throttleWidgets);

    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Requests by operation and status class',
        left: [this.serviceSearch(props.stage, metricNames.requests, ['Operation', 'StatusClass'], 'Sum')],
        width: 12,
      }),
      new GraphWidget({
        title: 'Creates by resource; webhook deliveries by outcome',
        left: [this.serviceSearch(props.stage, metricNames.creates, ['Resource'], 'Sum')],
        right: [this.serviceSearch(props.stage, metricNames.webhookDeliveries, ['Outcome'], 'Sum')],
        width: 12,
      }),
    );

    const lastRow: GraphWidget[] = [];
    const queues = props.deadLetterQueues ?? [];
    if (queues.length > 0) {
      for (const { label, queue, alarm } of queues) {
        if (alarm === false) continue;
        notify(
          queue
            .metricApproximateNumberOfMessagesVisible({ period: oneMinute, statistic: 'Maximum' })
            .createAlarm(this, `${label}DeadLetters`, {
              alarmName: alarmName(`${label.toLowerCase()}-dead-letters`),
              alarmDescription:
                `${label}: a message reached the dead-letter queue; something failed every retry ` +
                `(a webhook never delivered, a stream record never processed). Read the message, fix ` +
                `the cause, then redrive. Runbook: ${runbook.deadLetters}`,
              threshold: 1,
              evaluationPeriods: 1,
              comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
              treatMissingData: TreatMissingData.NOT_BREACHING,
            }),
        );
      }
      lastRow.push(
        new GraphWidget({
          title: 'Dead-letter queue depth',
          left: queues.map(({ label, queue }) =>
            queue.metricApproximateNumberOfMessagesVisible({
              period: oneMinute,
              statistic: 'Maximum',
              label,
            }),
          ),
          width: 12,
        }),
      );
    }
    if (props.authorizerFunction) {
      const errors = props.authorizerFunction.metricErrors({ period: oneMinute, statistic: 'Sum' });
      notify(
        errors.createAlarm(this, 'AuthorizerErrors', {
          alarmName: alarmName('authorizer-errors'),
          alarmDescription:
            'The usage-plan authorizer failed: API Gateway answers 500 to every partner request it could ' +
            'not authorize (cached answers keep working for up to 5 minutes). Check the authorizer logs ' +
            `and its access to the staff API key; roll back a bad deploy. Runbook: ${runbook.authorizerErrors}`,
          threshold: thresholds.authorizerErrorsPer5Minutes,
          evaluationPeriods: 5,
          datapointsToAlarm: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      lastRow.push(
        new GraphWidget({
          title: 'Authorizer: errors, throttles and p99 duration',
          left: [errors, props.authorizerFunction.metricThrottles({ period: oneMinute, statistic: 'Sum' })],
          right: [props.authorizerFunction.metricDuration({ period: oneMinute, statistic: 'p99' })],
          width: 12,
        }),
      );
    }
    if (props.certificateExpiry) {
      const expiringSoon = new Metric({
        namespace: metricsNamespace,
        metricName: metricNames.certificatesExpiringSoon,
        dimensionsMap: { service: metricsService, stage: props.stage },
        period: Duration.days(1),
        statistic: 'Maximum',
      });
      notify(
        expiringSoon.createAlarm(this, 'CertificatesExpiringSoon', {
          alarmName: alarmName('certificates-expiring'),
          alarmDescription:
            'An active partner certificate expires within 30 days (or has expired without being revoked): ' +
            'from then on that partner fails the TLS handshake. Find the account in the certificate-expiry ' +
            'logs, have the partner add a new certificate and revoke the old one. ' +
            `Runbook: ${runbook.certificateExpiry}`,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          // A check that did not run raises its own alarm (the worker's errors).
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      lastRow.push(
        new GraphWidget({
          title: 'Partner certificates expiring within 30 days (daily)',
          left: [expiringSoon],
          right: [
            new Metric({
              namespace: metricsNamespace,
              metricName: metricNames.daysUntilCertificateExpiry,
              dimensionsMap: { service: metricsService, stage: props.stage },
              period: Duration.days(1),
              statistic: 'Minimum',
            }),
          ],
          width: 12,
        }),
      );
    }
    if (lastRow.length > 0) this.dashboard.addWidgets(...lastRow);
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }));
  }

  /** Every series of an EMF metric of this stage broken down by `dimensions` (a SEARCH expression). */
  private serviceSearch(
    stage: Stage,
    metricName: string,
    dimensions: string[],
    statistic: string,
  ): MathExpression {
    const schema = [metricsNamespace, 'service', 'stage', ...dimensions].join(',');
    return new MathExpression({
      expression:
        `SEARCH('{${schema}} MetricName="${metricName}" service="${metricsService}" stage="${stage}"', ` +
        `'${statistic}', 300)`,
      label: '',
      period: fiveMinutes,
    });
  }
}
