import { CfnOutput, Duration, NestedStack, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, SubscriptionFilter } from 'aws-cdk-lib/aws-logs';
import { LambdaDestination } from 'aws-cdk-lib/aws-logs-destinations';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Trigger } from 'aws-cdk-lib/triggers';
import type { Construct } from 'constructs';
import { esimPageViewerAddressHeader } from '../../esim-page/hosting.ts';
import { secretNames } from '../../shared/config/env.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { admittedOrigins } from '../../shared/http/cors.ts';
import { groupsForStage, routesForStage } from '../../shared/routes/index.ts';
import type { FunctionGroup } from '../../shared/routes/types.ts';
import { ApiFunction, type ApiFunctionProps } from '../constructs/api-function.ts';
import type { EntryResolver } from '../constructs/entries.ts';
import { OperationsDashboard } from '../constructs/operations-dashboard.ts';
import { AuthFloodRules, PartnerRateLimiting } from '../constructs/rate-limiting.ts';
import { RouteTableApi } from '../constructs/route-table-api.ts';
import { StreamProcessor } from '../constructs/stream-processor.ts';
import { WebhookPipeline } from '../constructs/webhook-pipeline.ts';
import {
  type Access,
  functionEnvironment,
  functionNeeds,
  gatewayFunctionNames,
  invokedWorkers,
  isGatewayFunction,
  isWorker,
  type LogSubscriptionTrigger,
  logSubscriptionSources,
  type QueueName,
  type QueueTrigger,
  type QueueUrls,
  queueConsumers,
  queueNamed,
  type ScheduleTrigger,
  type ServiceFunction,
  type StageSettings,
  type StreamTrigger,
  streamPipes,
  type TableName,
  type Worker,
  type WorkerDefinition,
  workerNames,
  workers,
} from '../functions.ts';
import { consoleRedirectUris, esimPageUrl, type StageConfig } from '../stage-config.ts';
import { keyAccessOf } from '../table-keys.ts';
import { StatefulStack } from './stateful-stack.ts';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  stateful: StatefulStack;
  /** Where each function's code starts. */
  entries: EntryResolver;
  /**
   * The browser apps' origins (their CloudFront domains): CORS admits the console on the auth and
   * admin APIs, the scanner on the auth and venue APIs (shared/http/cors.ts).
   */
  appOrigins: { console: string; scanner: string };
}

/**
 * Everything that deploys often: one Lambda per route group, the four REST APIs (partner, auth,
 * admin, venue) on their custom domains, and the workers (key rotation, stream and queue consumers, schedules), all from the
 * function registry (infra/functions.ts). Data lives in the stateful stack.
 */
export class ApiStack extends Stack {
  readonly functions = new Map<ServiceFunction, ApiFunction>();
  readonly partnerApi: RouteTableApi;
  readonly authApi: RouteTableApi;
  readonly adminApi: RouteTableApi;
  readonly venueApi: RouteTableApi;
  readonly es2plusApi: RouteTableApi;
  readonly esimPageApi: RouteTableApi;
  readonly alarmTopic: Topic;
  /** Usage plans, keys and the authorizer of the partner API; absent while the authorizer has no code. */
  readonly rateLimiting: PartnerRateLimiting | undefined;
  readonly authFloodRules: AuthFloodRules;
  readonly operations: OperationsDashboard;
  /** Dead-letter and failure queues of the workers, with alarms of their own already. */
  private readonly deadLetterQueues: { label: string; queue: IQueue }[] = [];
  private readonly stageConfig: StageConfig;
  private readonly stateful: StatefulStack;
  private readonly entries: EntryResolver;
  private readonly appOrigins: { console: string; scanner: string };
  /** The stage's part of every function's environment; the invoked workers' names once they exist. */
  private stageSettings: StageSettings;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.stageConfig = props.config;
    this.stateful = props.stateful;
    this.entries = props.entries;
    this.appOrigins = props.appOrigins;
    this.stageSettings = stageSettingsOf(props.config, props.stateful, props.appOrigins);
    const groups = groupsForStage(props.config.stage);

    this.alarmTopic = this.addAlarmTopic();
    // Before their callers, whose environment names them.
    this.addInvokedWorkers();
    this.addRouteFunctions(groups);
    this.addGatewayFunctions();
    const apis = this.addApis();
    this.partnerApi = apis.partner;
    this.authApi = apis.auth;
    this.adminApi = apis.admin;
    this.venueApi = apis.venue;
    this.es2plusApi = apis.es2plus;
    this.esimPageApi = apis.esimPage;
    this.rateLimiting = this.addPartnerRateLimiting();
    this.addRoutes();
    this.authFloodRules = this.addAuthFloodRules();
    this.addWorkers();
    this.operations = this.addOperationsDashboard();
  }

  private addAlarmTopic(): Topic {
    const topic = new Topic(this, 'Alarms', {
      displayName: `partner-travel ${this.stageConfig.stage} alarms`,
      enforceSSL: true,
    });
    if (this.stageConfig.alarmEmail)
      topic.addSubscription(new EmailSubscription(this.stageConfig.alarmEmail));
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry no data; CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key.',
    });
    return topic;
  }

  /** One Lambda per route group of the stage, and `meta`, which answers every path no route matches. */
  /**
   * A stack holds at most 500 resources, and this one passed 500 with each round's routes: these
   * functions (a function is its log group, role, policy and itself) live in a nested stack, the request
   * log's with the subscription filters feeding it. The API methods that call them stay here. The
   * employee-facing and sandbox groups moved here too, so partner routes have room to grow.
   */
  private static readonly nestedFunctions: ReadonlySet<ServiceFunction> = new Set<ServiceFunction>([
    'requests',
    'request-log',
    'audit',
    'quotas',
    'events',
    'admin',
    'catalog-admin',
    'sandbox',
    'webhooks',
  ]);
  private functionsStack: NestedStack | undefined;

  private scopeOf(name: ServiceFunction): Construct {
    if (!ApiStack.nestedFunctions.has(name)) return this;
    this.functionsStack ??= new NestedStack(this, 'FunctionsStack', {
      description: `partner-travel ${this.stageConfig.stage} functions: request log, audit log, rate limits, events, admin, sandbox, webhooks`,
    });
    return this.functionsStack;
  }

  private addRouteFunctions(groups: readonly FunctionGroup[]): void {
    for (const group of new Set<FunctionGroup>(['meta', ...groups])) {
      const entry = this.entries(group);
      const fn = new ApiFunction(
        this.scopeOf(group),
        `${pascalCase(group)}Function`,
        this.functionProps(group, entry),
      );
      this.register(group, fn);
    }
  }

  /** Functions API Gateway invokes itself: the partner API's authorizer. */
  private addGatewayFunctions(): void {
    for (const name of gatewayFunctionNames) {
      const entry = this.entries(name);
      // Invoked on every authorizer cache miss: a short timeout keeps a stuck call from holding requests.
      const fn = new ApiFunction(this, `${pascalCase(name)}Function`, {
        ...this.functionProps(name, entry, Duration.seconds(5)),
      });
      this.register(name, fn);
    }
  }

  private addApis(): Record<'partner' | 'auth' | 'admin' | 'venue' | 'es2plus' | 'esimPage', RouteTableApi> {
    const config = this.stageConfig;
    const notFoundFunction = this.functions.get('meta');
    if (!notFoundFunction) {
      throw new Error(
        'functions/meta/handler.ts is required: it answers 404 for every path no route matches',
      );
    }
    const apiFunctions = new Map(
      [...this.functions].filter(
        (entry): entry is [FunctionGroup, ApiFunction] => !isWorker(entry[0]) && !isGatewayFunction(entry[0]),
      ),
    );
    const common = {
      routes: routesForStage(config.stage),
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
    const partner = new RouteTableApi(this, 'PartnerApi', {
      ...common,
      host: 'api',
      restApiName: `partner-travel-${config.stage}-partner-api`,
      domainName: config.apiDomainName,
      metered: this.functions.has('authorizer'),
      certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiCertificateArn),
      mtls: {
        bucket: this.stateful.truststore,
        key: StatefulStack.truststoreKey,
        ...(config.truststoreVersion ? { version: config.truststoreVersion } : {}),
      },
    });
    // The console exchanges its one-time code at the token endpoint from the browser.
    const auth = new RouteTableApi(this, 'AuthApi', {
      ...common,
      host: 'auth',
      restApiName: `partner-travel-${config.stage}-auth-api`,
      domainName: config.authDomainName,
      certificate: Certificate.fromCertificateArn(this, 'AuthCertificate', config.authCertificateArn),
      corsOrigins: admittedOrigins(['auth'], this.appOrigins),
    });
    // No client certificate here: browsers call it, so a WAF web ACL filters what mutual TLS would.
    // A stack holds at most 500 resources: the admin API (a method and a preflight per route of the
    // employee twins, the employee operations and the catalog administration) lives in a nested stack.
    const adminStack = new NestedStack(this, 'AdminApiStack', {
      description: `partner-travel ${config.stage} admin REST API (employees)`,
    });
    const admin = new RouteTableApi(adminStack, 'AdminApi', {
      ...common,
      host: 'admin',
      restApiName: `partner-travel-${config.stage}-admin-api`,
      domainName: config.adminDomainName,
      certificate: Certificate.fromCertificateArn(adminStack, 'AdminCertificate', config.adminCertificateArn),
      corsOrigins: admittedOrigins(['admin'], this.appOrigins),
      managedRules: { flood: quotaSettingsByStage[config.stage].adminFlood },
    });
    // The nested stack's outputs, on this stack as for the other two APIs.
    new CfnOutput(this, 'AdminApiUrl', { value: admin.url });
    new CfnOutput(this, 'AdminApiRegionalDomainName', {
      value: admin.domain.domainNameAliasDomainName,
      description: 'CNAME target of the admin domain when DNS is not in the configured hosted zone',
    });
    // The venue devices' API: browsers (the scanner app) call it, so no client certificate; a WAF web
    // ACL filters floods, and DPoP-bound device tokens replace what mutual TLS would prove. Nested as
    // well: with the billing routes and workers the parent stack passed 500 resources.
    const venueStack = new NestedStack(this, 'VenueApiStack', {
      description: `partner-travel ${config.stage} venue REST API (venue devices)`,
    });
    const venue = new RouteTableApi(venueStack, 'VenueApi', {
      ...common,
      host: 'venue',
      restApiName: `partner-travel-${config.stage}-venue-api`,
      domainName: config.venueDomainName,
      certificate: Certificate.fromCertificateArn(venueStack, 'VenueCertificate', config.venueCertificateArn),
      corsOrigins: admittedOrigins(['venue'], this.appOrigins),
      managedRules: { flood: quotaSettingsByStage[config.stage].venueFlood },
    });
    // GSMA SGP.22 ES2+ for the SM-DP+ (docs/esim.md, Profile state): mutual TLS against the supplier's
    // CA, its own object in the truststore bucket, so a partner certificate never completes the
    // handshake; a WAF web ACL as the others. Nested: the parent stack is near 500 resources.
    const es2plusStack = new NestedStack(this, 'Es2PlusApiStack', {
      description: `partner-travel ${config.stage} ES2+ REST API (SM-DP+)`,
    });
    const es2plus = new RouteTableApi(es2plusStack, 'Es2PlusApi', {
      ...common,
      host: 'es2plus',
      restApiName: `partner-travel-${config.stage}-es2plus-api`,
      domainName: config.es2plusDomainName,
      certificate: Certificate.fromCertificateArn(
        es2plusStack,
        'Es2PlusCertificate',
        config.es2plusCertificateArn,
      ),
      mtls: {
        bucket: this.stateful.truststore,
        key: StatefulStack.smdpTruststoreKey,
        ...(config.smdpTruststoreVersion ? { version: config.smdpTruststoreVersion } : {}),
      },
      managedRules: { flood: quotaSettingsByStage[config.stage].es2plusFlood },
    });
    new CfnOutput(this, 'Es2PlusApiUrl', { value: es2plus.url });
    new CfnOutput(this, 'Es2PlusApiRegionalDomainName', {
      value: es2plus.domain.domainNameAliasDomainName,
      description: 'CNAME target of the ES2+ domain when DNS is not in the configured hosted zone',
    });
    // The travellers' eSIM page's read (docs/esim.md, Install help): no certificate (a phone has none), no
    // token but the share link's; CloudFront sends the page origin's /v2/esim-page/* here. Its web ACL
    // counts per source address (direct callers, and each CloudFront edge as a whole) and per viewer
    // address, which the page's distribution writes into a header of its own on every request.
    const esimPageStack = new NestedStack(this, 'EsimPageApiStack', {
      description: `partner-travel ${config.stage} eSIM page REST API`,
    });
    const esimPage = new RouteTableApi(esimPageStack, 'EsimPageApi', {
      ...common,
      host: 'esim-page',
      restApiName: `partner-travel-${config.stage}-esim-page-api`,
      domainName: config.esimPageApiDomainName,
      certificate: Certificate.fromCertificateArn(
        esimPageStack,
        'EsimPageApiCertificate',
        config.esimPageApiCertificateArn,
      ),
      managedRules: {
        flood: quotaSettingsByStage[config.stage].esimPageFlood.edge,
        viewer: {
          header: esimPageViewerAddressHeader,
          flood: quotaSettingsByStage[config.stage].esimPageFlood.viewer,
        },
      },
    });
    new CfnOutput(this, 'EsimPageApiRegionalDomainName', {
      value: esimPage.domain.domainNameAliasDomainName,
      description: 'CNAME target of the eSIM page API domain when DNS is not in the configured hosted zone',
    });
    return { partner, auth, admin, venue, es2plus, esimPage };
  }

  /**
   * Per-partner rate limits on the partner API (docs/quotas.md): a usage plan per tier, the staff key,
   * the authorizer; the admin function moves account keys between the plans. What is left of a plan
   * comes from the service's own daily count (docs/quotas.md, Headers in AWS), not from API Gateway.
   */
  private addPartnerRateLimiting(): PartnerRateLimiting | undefined {
    const authorizerFunction = this.functions.get('authorizer');
    if (!authorizerFunction) return undefined;
    const settings = quotaSettingsByStage[this.stageConfig.stage];
    const limiting = new PartnerRateLimiting(this, 'PartnerRateLimiting', {
      api: this.partnerApi.api,
      plans: settings.plans,
      staff: settings.staff,
      authorizerFunction,
    });
    const admin = this.functions.get('admin');
    if (admin) limiting.connectPlanAssignment(admin);
    return limiting;
  }

  /** Every route as a method; on the partner API, the routes that take a token are metered. */
  private addRoutes(): void {
    const limiting = this.rateLimiting;
    this.partnerApi.addRoutes((route) => (route.auth && limiting ? limiting.meteredMethod() : {}));
    this.authApi.addRoutes();
    this.adminApi.addRoutes();
    this.venueApi.addRoutes();
    this.es2plusApi.addRoutes();
    this.esimPageApi.addRoutes();
  }

  /** The auth domain's WAF rate rules: floods per source address and per client credentials. */
  private addAuthFloodRules(): AuthFloodRules {
    const settings = quotaSettingsByStage[this.stageConfig.stage];
    return new AuthFloodRules(this, 'AuthFloodRules', {
      api: this.authApi.api,
      flood: settings.flood,
      clientFlood: settings.clientFlood,
      metricPrefix: metricPrefixOf(this.stageConfig.stage),
    });
  }

  /** The stage's dashboard and alarms (docs/operations.md). */
  private addOperationsDashboard(): OperationsDashboard {
    const { stage } = this.stageConfig;
    const prefix = metricPrefixOf(stage);
    return new OperationsDashboard(this, 'Operations', {
      stage,
      dashboardName: `partner-travel-${stage}`,
      alarmTopic: this.alarmTopic,
      apis: [this.partnerApi, this.authApi].map((api, index) => ({
        label: index === 0 ? 'Partner' : 'Auth',
        api: api.api,
        accessLogs: { logGroup: api.accessLogs, domainName: api.domainName },
      })),
      ...(this.functions.get('authorizer') ? { authorizerFunction: this.functions.get('authorizer') } : {}),
      certificateExpiry: this.functions.has('certificate-expiry'),
      // Each already raises its own alarm (WebhookPipeline, StreamProcessor): graphed here, not alarmed twice.
      deadLetterQueues: this.deadLetterQueues.map((queue) => ({ ...queue, alarm: false })),
      webAcl: {
        metricName: `${prefix}AuthWebAcl`,
        ruleMetricName: `${prefix}Auth${AuthFloodRules.addressRuleName}`,
        region: this.stageConfig.region,
      },
    });
  }

  /**
   * Workers other functions invoke (the certificate-signing function): behind no API and no event
   * source; only the functions that declare them in `invokes` may invoke them.
   */
  private addInvokedWorkers(): void {
    const functionNames: NonNullable<StageSettings['functionNames']> = {};
    for (const name of invokedWorkers) {
      const timeout = Duration.seconds(workers[name].timeoutSeconds ?? 30);
      const fn = new ApiFunction(
        this,
        `${pascalCase(name)}Function`,
        this.functionProps(name, this.entries(name), timeout),
      );
      this.register(name, fn);
      functionNames[name] = fn.functionName;
    }
    this.stageSettings = { ...this.stageSettings, functionNames };
  }

  /** The registry's workers, each with what invokes it; the local stage runs the same definitions. */
  private addWorkers(): void {
    checkPipes();
    for (const name of workerNames) {
      const worker = workers[name];
      const entry = this.entries(name);
      const { trigger } = worker;
      if (trigger.kind === 'schedule') this.addScheduledWorker(name, worker, trigger, entry);
      if (trigger.kind === 'stream') this.addStreamWorker(name, worker, trigger, entry);
      if (trigger.kind === 'queue') this.addQueueWorker(name, worker, trigger, entry);
      if (trigger.kind === 'logSubscription') this.addLogSubscriptionWorker(name, worker, trigger, entry);
    }
  }

  private addScheduledWorker(
    name: Worker,
    worker: WorkerDefinition,
    trigger: ScheduleTrigger,
    entry: string,
  ): void {
    const { every } = trigger;
    const schedule =
      typeof every !== 'object'
        ? Schedule.rate(this.stageConfig[every])
        : 'cron' in every
          ? Schedule.cron(every.cron)
          : Schedule.rate(Duration.minutes(every.minutes));
    const rate =
      typeof every !== 'object'
        ? this.stageConfig[every]
        : 'cron' in every
          ? undefined
          : Duration.minutes(every.minutes);
    // A run never outlasts the interval, so runs do not pile up.
    const timeout = Duration.seconds(
      worker.timeoutSeconds ?? (rate ? Math.min(rate.toSeconds() - 10, 300) : 300),
    );
    const fn = new ApiFunction(this, `${pascalCase(name)}Function`, this.functionProps(name, entry, timeout));
    this.register(name, fn);
    if (trigger.firstRunId) {
      Validations.of(fn).acknowledge({
        id: 'Annotation::@aws-cdk/aws-lambda:addPermissionsToVersionOrAlias',
        reason:
          'The schedule invokes the unqualified function; the trigger invokes its version by role policy.',
      });
    }
    new Rule(this, `${pascalCase(name)}Schedule`, {
      description: trigger.description,
      schedule,
      targets: [new LambdaFunction(fn, { retryAttempts: trigger.retryAttempts ?? 0 })],
    });
    if (trigger.firstRunId) {
      new Trigger(this, trigger.firstRunId, { handler: fn, executeOnHandlerChange: false });
    }
    if (trigger.errorAlarm) {
      fn.metricErrors({ period: Duration.hours(1) })
        .createAlarm(this, `${pascalCase(name)}Errors`, {
          alarmDescription: trigger.errorAlarm,
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        })
        .addAlarmAction(new SnsAction(this.alarmTopic));
    }
  }

  /**
   * A subscription filter on the log group of each deployed function serving the partner host sends
   * the lines matching the trigger's pattern to the worker (docs/support.md, Request log). The log
   * groups keep their retention (ApiFunction); the worker's own failures leave CloudWatch Logs to retry.
   * The worker and its filters live in a nested stack (`scopeOf`).
   */
  private addLogSubscriptionWorker(
    name: Worker,
    worker: WorkerDefinition,
    trigger: LogSubscriptionTrigger,
    entry: string,
  ): void {
    const nested = this.scopeOf(name);
    const fn = new ApiFunction(
      nested,
      `${pascalCase(name)}Function`,
      this.functionProps(name, entry, Duration.seconds(worker.timeoutSeconds ?? 30)),
    );
    this.register(name, fn);
    const destination = new LambdaDestination(fn);
    for (const source of logSubscriptionSources) {
      const sourceFunction = this.functions.get(source);
      if (!sourceFunction) continue;
      new SubscriptionFilter(nested, `${pascalCase(source)}To${pascalCase(name)}`, {
        logGroup: sourceFunction.logGroup,
        destination,
        filterPattern: FilterPattern.literal(trigger.filterPattern),
      });
    }
  }

  private addStreamWorker(
    name: Worker,
    worker: WorkerDefinition,
    trigger: StreamTrigger,
    entry: string,
  ): void {
    const processor = new StreamProcessor(this, pascalCase(name), {
      table: this.stateful.mainTable,
      function: this.functionProps(name, entry, Duration.seconds(worker.timeoutSeconds ?? 30)),
      filters: (trigger.filterPatterns ?? []).map((pattern) => FilterCriteria.filter(pattern)),
      ...(trigger.batchSize ? { batchSize: trigger.batchSize } : {}),
      ...(trigger.maximumRetryAttempts ? { retryAttempts: trigger.maximumRetryAttempts } : {}),
      alarmTopic: this.alarmTopic,
      removalPolicy: this.stageConfig.removalPolicy,
    });
    this.deadLetterQueues.push({ label: `${pascalCase(name)}Failures`, queue: processor.failures });
    this.register(name, processor.function);
  }

  /** In AWS a consumed queue is fed by its pipe: the pipeline builds both, with the consumer. */
  private addQueueWorker(name: Worker, worker: WorkerDefinition, trigger: QueueTrigger, entry: string): void {
    const queue = queueNamed(trigger.queue);
    const pipe = streamPipes.find((candidate) => candidate.queueName === queue.name);
    if (!pipe?.messageGroupIdPath) {
      throw new Error(`${name} consumes ${queue.name}, which no pipe with a message group path feeds`);
    }
    const pipeline = new WebhookPipeline(this, pascalCase(pipe.name), {
      table: this.stateful.mainTable,
      dispatcher: ({ queueUrl, deadLetterQueueUrl }) =>
        this.functionProps(name, entry, undefined, {
          [queue.name]: { url: queueUrl, deadLetterUrl: deadLetterQueueUrl },
        }),
      dispatcherTimeout: Duration.seconds(worker.timeoutSeconds ?? queue.visibilityTimeoutSeconds / 6),
      filterPatterns: pipe.filterPatterns,
      messageGroupIdPath: pipe.messageGroupIdPath,
      ...(pipe.messageDeduplicationIdPath
        ? { messageDeduplicationIdPath: pipe.messageDeduplicationIdPath }
        : {}),
      maxReceiveCount: queue.maxReceiveCount,
      ...(trigger.batchSize ? { batchSize: trigger.batchSize } : {}),
      alarmTopic: this.alarmTopic,
      removalPolicy: this.stageConfig.removalPolicy,
      logRetention: this.stageConfig.logRetention,
    });
    this.deadLetterQueues.push(
      { label: `${pascalCase(pipe.name)}DeadLetters`, queue: pipeline.deadLetterQueue },
      { label: `${pascalCase(pipe.name)}PipeFailures`, queue: pipeline.pipeFailures },
    );
    this.register(name, pipeline.dispatcher);
  }

  private functionProps(
    name: ServiceFunction,
    entry: string,
    timeout?: Duration,
    queueUrls?: Partial<Record<QueueName, QueueUrls>>,
  ): ApiFunctionProps {
    return {
      entry,
      description: `partner-travel ${this.stageConfig.stage} ${name}`,
      environment: functionEnvironment(name, this.stageSettings, queueUrls),
      memorySize: functionNeeds[name].memorySize,
      ...(timeout ? { timeout } : {}),
      logRetention: this.stageConfig.logRetention,
      removalPolicy: this.stageConfig.removalPolicy,
    };
  }

  /** Grants exactly the function's declared needs, and tags it with its registry name. */
  private register(name: ServiceFunction, fn: ApiFunction): void {
    const needs = functionNeeds[name];
    const { tables = {}, secrets = {}, buckets = {}, invokes = [], signingKeys } = needs;
    const keys = keyAccessOf(needs);
    for (const [table, access] of Object.entries(tables) as [TableName, Access][]) {
      fn.bindTable({
        table: this.stateful.tables[table],
        access,
        keys: keys[table] ?? { reads: [], writes: [] },
      });
    }
    if (buckets.images) fn.bindBucket({ bucket: this.stateful.imagesBucket, access: buckets.images });
    if (signingKeys) fn.bindSigningKeys({ access: signingKeys, stage: this.stageConfig.stage });
    for (const [secret, access] of Object.entries(secrets) as [
      keyof typeof secrets,
      'read' | 'readWrite',
    ][]) {
      fn.bindSecret({ secret: this.stateful.secrets[secret], access });
    }
    for (const target of invokes) {
      const invoked = this.functions.get(target);
      if (!invoked) throw new Error(`${name} invokes ${target}, which is not built before it`);
      // The function itself, unqualified: no wildcard over its versions.
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [invoked.functionArn] }),
      );
    }
    Tags.of(fn).add('service-function', name);
    this.functions.set(name, fn);
  }
}

/** Tokens of the stateful stack and the stage's domains: what every Lambda's environment carries in AWS. */
function stageSettingsOf(
  config: StageConfig,
  stateful: StatefulStack,
  appOrigins: { console: string; scanner: string },
): StageSettings {
  return {
    stage: config.stage,
    tables: {
      main: stateful.mainTable.tableName,
      idempotency: stateful.idempotencyTable.tableName,
      audit: stateful.auditTable.tableName,
      requestLog: stateful.requestLogTable.tableName,
    },
    buckets: { images: stateful.imagesBucket.bucketName },
    secrets: {
      backend: 'aws',
      ids: Object.fromEntries(
        secretNames.map((name) => [name, stateful.secrets[name].secretArn]),
      ) as StageSettings['secrets']['ids'],
    },
    apiBaseUrl: `https://${config.apiDomainName}`,
    authBaseUrl: `https://${config.authDomainName}`,
    adminBaseUrl: `https://${config.adminDomainName}`,
    venueBaseUrl: `https://${config.venueDomainName}`,
    consoleOrigin: appOrigins.console,
    scannerOrigin: appOrigins.scanner,
    esimPageUrl: esimPageUrl(config),
    employeeLogin: {
      issuer: config.employeeLogin.issuer,
      clientId: config.employeeLogin.clientId,
      scope: undefined,
      groupsClaim: config.employeeLogin.groupsClaim,
      groupRoles: { ...config.employeeLogin.groupRoles },
      // Lenient mapping makes anyone the provider knows an admin: never on a stage in AWS.
      roleMapping: 'strict',
      consoleClientId: config.employeeLogin.consoleClientId,
      redirectUris: [...consoleRedirectUris(config)],
      extraCaFile: undefined,
    },
    logLevel: config.logLevel,
    partnerCaSubject: config.partnerCaSubject,
    esimSmdpAddress: config.esimSmdpAddress,
    wallet: {
      passTypeIdentifier: config.applePassTypeIdentifier,
      teamIdentifier: config.appleTeamIdentifier,
      googleIssuerId: config.googleWalletIssuerId,
    },
  };
}

/** A pipe feeds a FIFO queue that a worker consumes, grouped by a path into the record. */
function checkPipes(): void {
  for (const pipe of streamPipes) {
    const queue = queueNamed(pipe.queueName);
    const consumed = queueConsumers.some((consumer) => consumer.queue.name === queue.name);
    if (!consumed || !queue.fifo || !pipe.messageGroupIdPath) {
      throw new Error(`Pipe ${pipe.name}: its queue must be FIFO with a consumer and a message group path`);
    }
  }
}

/** WAF metric names: letters and digits only. */
function metricPrefixOf(stage: string): string {
  return `PartnerTravel${pascalCase(stage)}`;
}

function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
}
