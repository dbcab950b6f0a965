import { Annotations, Duration, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria } from 'aws-cdk-lib/aws-lambda';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Trigger } from 'aws-cdk-lib/triggers';
import type { Construct } from 'constructs';
import { groupsForStage, routesForStage } from '../../shared/routes/index.ts';
import type { FunctionGroup } from '../../shared/routes/types.ts';
import { ApiFunction, type ApiFunctionProps } from '../constructs/api-function.ts';
import type { EntryResolver } from '../constructs/entries.ts';
import { RouteTableApi } from '../constructs/route-table-api.ts';
import { StreamProcessor } from '../constructs/stream-processor.ts';
import { WebhookPipeline } from '../constructs/webhook-pipeline.ts';
import type { StageConfig } from '../stage-config.ts';
import { queues, schedules, streamConsumers, streamPipes } from '../workers.ts';
import {
  functionNeeds,
  type SecretName,
  type ServiceFunction,
  secretEnvironmentVariables,
  type Worker,
} from './function-access.ts';
import { StatefulStack } from './stateful-stack.ts';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  stateful: StatefulStack;
  /** Where each function's code starts; a function without code is left out (see `missing`). */
  entries: EntryResolver;
}

/** A worker exists for the sake of a route group: without the group's routes, nothing needs it. */
const workerOf: Record<Worker, FunctionGroup> = {
  'key-rotation': 'auth',
  'booking-processor': 'booking',
  'booking-expiry': 'booking',
  'webhook-dispatcher': 'webhooks',
  'esim-expiry': 'esim',
};

/** A function the shared definitions name must have declared its needs (least privilege). */
function declared(name: string): ServiceFunction {
  if (!(name in functionNeeds)) {
    throw new Error(`${name} has no entry in infra/stacks/function-access.ts: declare what it may access`);
  }
  return name as ServiceFunction;
}

/**
 * Everything that deploys often: one Lambda per route group, the two REST APIs on their custom
 * domains, key rotation and the stream consumers. Data lives in the stateful stack.
 */
export class ApiStack extends Stack {
  readonly functions = new Map<ServiceFunction, ApiFunction>();
  /** Functions the stage needs whose `functions/<name>/handler.ts` does not exist yet. */
  readonly missing: ServiceFunction[] = [];
  readonly partnerApi: RouteTableApi;
  readonly authApi: RouteTableApi;
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, stateful } = props;
    const groups = groupsForStage(config.stage);
    const apiUrl = `https://${config.apiDomainName}`;
    const authUrl = `https://${config.authDomainName}`;

    // Every variable shared/config/env.ts reads: each function can load the whole config.
    const environment: Record<string, string> = {
      STAGE: config.stage,
      MAIN_TABLE_NAME: stateful.mainTable.tableName,
      IDEMPOTENCY_TABLE_NAME: stateful.idempotencyTable.tableName,
      SECRETS_BACKEND: 'aws',
      ...Object.fromEntries(
        Object.entries(secretEnvironmentVariables).map(([name, variable]) => [
          variable,
          stateful.secrets[name as SecretName].secretArn,
        ]),
      ),
      TOKEN_ISSUER: authUrl,
      PARTNER_AUDIENCE: apiUrl,
      ADMIN_AUDIENCE: `${apiUrl}/api/v1/admin`,
      API_BASE_URL: apiUrl,
      AUTH_BASE_URL: authUrl,
      ESIM_SMDP_ADDRESS: config.esimSmdpAddress,
      POWERTOOLS_SERVICE_NAME: 'partner-travel-services',
      LOG_LEVEL: config.logLevel,
    };

    const functionProps = (name: ServiceFunction, timeout?: Duration): ApiFunctionProps | undefined => {
      const entry = props.entries(name);
      if (!entry) return undefined;
      return {
        entry,
        description: `partner-travel ${config.stage} ${name}`,
        environment,
        memorySize: functionNeeds[name].memorySize,
        ...(timeout ? { timeout } : {}),
        logRetention: config.logRetention,
        removalPolicy: config.removalPolicy,
      };
    };
    const register = (name: ServiceFunction, fn: ApiFunction) => {
      const { tables = {}, secrets = {} } = functionNeeds[name];
      if (tables.main) fn.bindTable({ table: stateful.mainTable, access: tables.main });
      if (tables.idempotency) fn.bindTable({ table: stateful.idempotencyTable, access: tables.idempotency });
      for (const [secret, access] of Object.entries(secrets)) {
        fn.bindSecret({ secret: stateful.secrets[secret as SecretName], access });
      }
      Tags.of(fn).add('service-function', name);
      this.functions.set(name, fn);
    };

    this.alarmTopic = new Topic(this, 'Alarms', {
      displayName: `partner-travel ${config.stage} alarms`,
      enforceSSL: true,
    });
    if (config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry no data; CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key.',
    });

    for (const group of new Set<FunctionGroup>(['meta', ...groups])) {
      const fnProps = functionProps(group);
      if (fnProps) register(group, new ApiFunction(this, `${pascalCase(group)}Function`, fnProps));
      else this.missing.push(group);
    }
    const notFoundFunction = this.functions.get('meta');
    if (!notFoundFunction) {
      throw new Error(
        'functions/meta/handler.ts is required: it answers 404 for every path no route matches',
      );
    }

    const routes = routesForStage(config.stage);
    const apiFunctions = new Map(
      [...this.functions].filter((entry): entry is [FunctionGroup, ApiFunction] => isGroup(entry[0])),
    );
    const common = {
      routes,
      functions: apiFunctions,
      notFoundFunction,
      hostedZone: config.hostedZone
        ? HostedZone.fromHostedZoneAttributes(this, 'Zone', {
            hostedZoneId: config.hostedZone.id,
            zoneName: config.hostedZone.name,
          })
        : undefined,
      throttling: config.throttling,
      logRetention: config.logRetention,
      removalPolicy: config.removalPolicy,
    };
    this.partnerApi = new RouteTableApi(this, 'PartnerApi', {
      ...common,
      host: 'api',
      restApiName: `partner-travel-${config.stage}-partner-api`,
      domainName: config.apiDomainName,
      certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiCertificateArn),
      mtls: {
        bucket: stateful.truststore,
        key: StatefulStack.truststoreKey,
        ...(config.truststoreVersion ? { version: config.truststoreVersion } : {}),
      },
    });
    this.authApi = new RouteTableApi(this, 'AuthApi', {
      ...common,
      host: 'auth',
      restApiName: `partner-travel-${config.stage}-auth-api`,
      domainName: config.authDomainName,
      certificate: Certificate.fromCertificateArn(this, 'AuthCertificate', config.authCertificateArn),
    });

    this.addKeyRotation(config, functionProps('key-rotation', Duration.seconds(30)), register);

    // Stream consumers, schedules and pipes are the local stage's definitions too (infra/workers.ts).
    for (const consumer of streamConsumers) {
      const name = declared(consumer.functionName);
      const fnProps = functionProps(name, Duration.seconds(30));
      if (!fnProps) continue;
      const processor = new StreamProcessor(this, pascalCase(name), {
        table: stateful.mainTable,
        function: fnProps,
        filters: (consumer.filterPatterns ?? []).map((pattern) => FilterCriteria.filter(pattern)),
        ...(consumer.batchSize ? { batchSize: consumer.batchSize } : {}),
        ...(consumer.maximumRetryAttempts ? { retryAttempts: consumer.maximumRetryAttempts } : {}),
        alarmTopic: this.alarmTopic,
        removalPolicy: config.removalPolicy,
      });
      register(name, processor.function);
    }

    for (const schedule of schedules) {
      const name = declared(schedule.functionName);
      const rate = Duration.minutes(schedule.rateMinutes);
      // A run never outlasts the interval, so runs do not pile up.
      const fnProps = functionProps(name, Duration.seconds(Math.min(rate.toSeconds() - 10, 300)));
      if (!fnProps) continue;
      const fn = new ApiFunction(this, `${pascalCase(name)}Function`, fnProps);
      register(name, fn);
      new Rule(this, `${pascalCase(name)}Schedule`, {
        schedule: Schedule.rate(rate),
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
    }

    for (const pipe of streamPipes) {
      const queue = queues.find((candidate) => candidate.name === pipe.queueName);
      if (!queue?.consumer || !queue.fifo || !pipe.messageGroupIdPath) {
        throw new Error(`Pipe ${pipe.name}: its queue must be FIFO with a consumer and a message group path`);
      }
      const name = declared(queue.consumer.functionName);
      const fnProps = functionProps(name, Duration.seconds(queue.visibilityTimeoutSeconds / 6));
      if (!fnProps) continue;
      const pipeline = new WebhookPipeline(this, pascalCase(pipe.name), {
        table: stateful.mainTable,
        dispatcher: fnProps,
        filterPatterns: pipe.filterPatterns,
        messageGroupIdPath: pipe.messageGroupIdPath,
        ...(pipe.messageDeduplicationIdPath
          ? { messageDeduplicationIdPath: pipe.messageDeduplicationIdPath }
          : {}),
        maxReceiveCount: queue.maxReceiveCount,
        ...(queue.consumer.batchSize ? { batchSize: queue.consumer.batchSize } : {}),
        queueUrlVariable: queue.urlEnvironmentVariable,
        ...(queue.deadLetterUrlEnvironmentVariable
          ? { deadLetterUrlVariable: queue.deadLetterUrlEnvironmentVariable }
          : {}),
        alarmTopic: this.alarmTopic,
        removalPolicy: config.removalPolicy,
        logRetention: config.logRetention,
      });
      register(name, pipeline.dispatcher);
    }

    for (const [worker, group] of Object.entries(workerOf) as [Worker, FunctionGroup][]) {
      if (groups.includes(group) && !this.functions.has(worker)) this.missing.push(worker);
    }
    this.reportMissing(config);
  }

  private addKeyRotation(
    config: StageConfig,
    fnProps: ApiFunctionProps | undefined,
    register: (name: ServiceFunction, fn: ApiFunction) => void,
  ): void {
    if (!fnProps) return;
    const rotation = new ApiFunction(this, 'KeyRotationFunction', fnProps);
    register('key-rotation', rotation);
    Validations.of(rotation).acknowledge({
      id: 'Annotation::@aws-cdk/aws-lambda:addPermissionsToVersionOrAlias',
      reason:
        'The schedule invokes the unqualified function; the trigger invokes its version by role policy.',
    });
    new Rule(this, 'KeyRotationSchedule', {
      description: 'Rotates the token signing key; old keys stay published while their tokens live.',
      schedule: Schedule.rate(config.keyRotationInterval),
      targets: [new LambdaFunction(rotation, { retryAttempts: 2 })],
    });
    // The first deploy creates the first signing key, so tokens can be issued right away.
    new Trigger(this, 'FirstSigningKey', { handler: rotation, executeOnHandlerChange: false });
    rotation
      .metricErrors({ period: Duration.hours(1) })
      .createAlarm(this, 'KeyRotationErrors', {
        alarmDescription: 'The signing key rotation failed: tokens keep using the current key until fixed.',
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      })
      .addAlarmAction(new SnsAction(this.alarmTopic));
  }

  /**
   * Routes of a group without code are simply not deployed, so synth stays green while the group is
   * being written; prod refuses, because a partner would meet 404 on a documented operation.
   */
  private reportMissing(config: StageConfig): void {
    if (this.missing.length === 0) return;
    const files = this.missing.map((name) => `functions/${name}/handler.ts`).join(', ');
    if (config.stage === 'prod') {
      throw new Error(`prod needs every function; missing entry files: ${files}`);
    }
    Annotations.of(this).addWarningV2(
      '@partner-travel/missing-handler',
      `Not deployed until their entry file exists (their routes answer 404): ${files}`,
    );
  }
}

function isGroup(name: ServiceFunction): name is FunctionGroup {
  return !(name in workerOf);
}

function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
}
