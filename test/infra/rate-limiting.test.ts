import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { LambdaIntegration, RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../infra/constructs/entries.ts';
import { OperationsDashboard, runbook } from '../../infra/constructs/operations-dashboard.ts';
import {
  AuthFloodRules,
  PartnerRateLimiting,
  rateLimitGatewayResponse,
} from '../../infra/constructs/rate-limiting.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { type CfnResource, resourcesOf, testApp } from './support.ts';

const settings = quotaSettingsByStage.prod;

function lambda(stack: Stack, id: string) {
  return new LambdaFunction(stack, id, {
    runtime: Runtime.NODEJS_24_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => undefined;'),
  });
}

/** A small stand-in for the service: a partner API, an auth API, a dead-letter queue and a topic. */
function rateLimitedStack() {
  const app = testApp();
  const stack = new Stack(app, 'RateLimited', { env: { region: 'eu-west-1', account: '123456789012' } });
  const backend = lambda(stack, 'Backend');
  const authorizerFunction = lambda(stack, 'AuthorizerFunction');
  const partnerApi = new RestApi(stack, 'PartnerApi', { restApiName: 'partner-prod', cloudWatchRole: false });
  const authApi = new RestApi(stack, 'AuthApi', { restApiName: 'auth-prod', cloudWatchRole: false });
  authApi.root.addResource('token').addMethod('POST', new LambdaIntegration(backend));

  const limiting = new PartnerRateLimiting(stack, 'RateLimiting', {
    api: partnerApi,
    plans: settings.plans,
    staff: settings.staff,
    authorizerFunction,
  });
  partnerApi.root
    .addResource('bookings')
    .addMethod('GET', new LambdaIntegration(backend), limiting.meteredMethod());
  const flood = new AuthFloodRules(stack, 'AuthFlood', {
    api: authApi,
    flood: settings.flood,
    clientFlood: settings.clientFlood,
    metricPrefix: 'PartnerTravelProd',
  });
  const admin = lambda(stack, 'Admin');
  limiting.connectPlanAssignment(admin);
  const quotas = lambda(stack, 'Quotas');

  const alarmTopic = new Topic(stack, 'Alarms');
  const deadLetters = new Queue(stack, 'WebhookDeadLetters');
  const alreadyWatched = new Queue(stack, 'StreamFailures');
  const accessLogs = new LogGroup(stack, 'PartnerAccessLogs', { removalPolicy: RemovalPolicy.DESTROY });
  const operations = new OperationsDashboard(stack, 'Operations', {
    stage: 'prod',
    dashboardName: 'partner-travel-prod',
    alarmTopic,
    apis: [
      {
        label: 'Partner',
        api: partnerApi,
        accessLogs: { logGroup: accessLogs, domainName: 'api.example.com' },
      },
      { label: 'Auth', api: authApi },
    ],
    authorizerFunction,
    deadLetterQueues: [
      { label: 'Webhooks', queue: deadLetters },
      { label: 'StreamFailures', queue: alreadyWatched, alarm: false },
    ],
    webAcl: { metricName: 'PartnerTravelProdAuthWebAcl', ruleMetricName: 'x', region: 'eu-west-1' },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return {
    app,
    stack,
    limiting,
    flood,
    operations,
    ids: { admin, quotas, authorizerFunction, deadLetters, alreadyWatched, alarmTopic },
  };
}

const idOf = (stack: Stack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);

describe('PartnerRateLimiting', () => {
  let built: ReturnType<typeof rateLimitedStack>;
  let template: Template;
  beforeAll(() => {
    built = rateLimitedStack();
    template = Template.fromStack(built.stack);
  });

  it('takes API keys from the authorizer, never from a header partners send', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Name: 'partner-prod',
      ApiKeySourceType: 'AUTHORIZER',
    });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Name: 'auth-prod',
      ApiKeySourceType: Match.absent(),
    });
  });

  it.each(['sandbox', 'standard', 'premium'] as const)(
    'has a %s usage plan with the stage’s rate, burst and daily quota on the partner API stage',
    (plan) => {
      const limits = settings.plans[plan];
      template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
        UsagePlanName: `partner-prod-${plan}`,
        Throttle: { RateLimit: limits.rate, BurstLimit: limits.burst },
        Quota: { Limit: limits.dailyQuota, Period: 'DAY' },
        ApiStages: [
          {
            ApiId: { Ref: Match.stringLikeRegexp('^PartnerApi') },
            Stage: { Ref: Match.stringLikeRegexp('^PartnerApiDeploymentStage') },
          },
        ],
      });
    },
  );

  it('meters every employee token with one staff key in its own plan', () => {
    const staffPlanId = idOf(built.stack, built.limiting.staffUsagePlan);
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: 'partner-prod-staff',
      Throttle: { RateLimit: settings.staff.rate, BurstLimit: settings.staff.burst },
    });
    template.resourceCountIs('AWS::ApiGateway::ApiKey', 1);
    template.hasResourceProperties('AWS::ApiGateway::UsagePlanKey', {
      KeyType: 'API_KEY',
      UsagePlanId: { Ref: staffPlanId },
      KeyId: { Ref: idOf(built.stack, built.limiting.staffApiKey) },
    });
  });

  it('asks a REQUEST authorizer, cached five minutes per Authorization header', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 300,
    });
  });

  it('makes a metered method require the authorizer and an API key', () => {
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'GET',
      AuthorizationType: 'CUSTOM',
      ApiKeyRequired: true,
      AuthorizerId: { Ref: idOf(built.stack, built.limiting.authorizer) },
    });
  });

  it('lets the authorizer read the staff key’s value and nothing else of API Gateway', () => {
    const authorizerId = idOf(built.stack, built.ids.authorizerFunction);
    const staffKeyId = idOf(built.stack, built.limiting.staffApiKey);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { STAFF_API_KEY_ID: { Ref: staffKeyId } } },
    });
    const statements = resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) =>
        JSON.stringify(policy.Properties.Roles).includes('AuthorizerFunctionServiceRole'),
      )
      .flatMap(
        ([, policy]) =>
          (policy.Properties.PolicyDocument as { Statement: CfnResource['Properties'][] }).Statement,
      );
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Action: 'apigateway:GET' });
    expect(JSON.stringify(statements[0]?.Resource)).toContain('/apikeys/');
    expect(JSON.stringify(statements[0]?.Resource)).toContain(staffKeyId);
    expect(JSON.stringify(template.toJSON().Resources[authorizerId])).toContain('STAFF_API_KEY_ID');
  });

  it('lets the plan-assigning function create keys and move them between the tier plans only', () => {
    const adminRole = idOf(built.stack, built.ids.admin.role as never);
    const statements = resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(adminRole))
      .flatMap(
        ([, policy]) =>
          (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
      );
    const text = JSON.stringify(statements);

    expect(statements.map((statement) => statement.Action)).toEqual([
      'apigateway:GET',
      ['apigateway:GET', 'apigateway:POST'],
      ['apigateway:DELETE', 'apigateway:GET', 'apigateway:POST'],
    ]);
    for (const plan of ['sandbox', 'standard', 'premium'] as const) {
      expect(text).toContain(idOf(built.stack, built.limiting.usagePlans[plan]));
    }
    expect(text).not.toContain(idOf(built.stack, built.limiting.staffUsagePlan));
  });

  it('hands the plan names, never their ids, to that function: an id would close a dependency cycle', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          USAGE_PLAN_NAMES: JSON.stringify({
            sandbox: 'partner-prod-sandbox',
            standard: 'partner-prod-standard',
            premium: 'partner-prod-premium',
          }),
        },
      },
    });
  });

  it('grants the function behind GET /v2/b2b/rate-limits nothing of API Gateway: the day’s usage is the service’s own count', () => {
    const quotasRole = idOf(built.stack, built.ids.quotas.role as never);
    const policies = resourcesOf(template, 'AWS::IAM::Policy').filter(([, policy]) =>
      JSON.stringify(policy.Properties.Roles).includes(quotasRole),
    );

    expect(JSON.stringify(policies)).not.toContain('apigateway:');
  });

  it('defines no gateway response of its own: the API defines each once (RouteTableApi)', () => {
    template.resourceCountIs('AWS::ApiGateway::GatewayResponse', 0);
  });
});

describe('the 429 gateway responses', () => {
  it.each([
    ['THROTTLED', 'burst', '1'],
    ['QUOTA_EXCEEDED', 'daily', '3600'],
  ] as const)(
    'answer %s with a 429 RateLimitExceeded problem naming the %s policy, Retry-After %s',
    (type, policy, seconds) => {
      const response = rateLimitGatewayResponse(policy, { policyFromAuthorizer: true });
      const body = JSON.parse(
        response.templates['application/json'].replace('$context.error.messageString', '"x"'),
      );

      expect(response.type.responseType).toBe(type);
      expect(response.statusCode).toBe('429');
      expect(response.responseHeaders).toMatchObject({
        'Content-Type': "'application/problem+json'",
        'Retry-After': `'${seconds}'`,
        'X-Request-ID': 'context.requestId',
        'RateLimit-Policy': 'context.authorizer.rate_limit_policy',
      });
      expect(body).toMatchObject({
        code: 'RateLimitExceeded',
        status: 429,
        instance: '$context.path',
        request_id: '$context.requestId',
        details: { policy },
      });
    },
  );

  it('copy RateLimit-Policy from the authorizer only on a metered API', () => {
    expect(rateLimitGatewayResponse('burst').responseHeaders).not.toHaveProperty('RateLimit-Policy');
  });
});

describe('AuthFloodRules', () => {
  let built: ReturnType<typeof rateLimitedStack>;
  let template: Template;
  let acl: CfnResource | undefined;
  beforeAll(() => {
    built = rateLimitedStack();
    template = Template.fromStack(built.stack);
    acl = resourcesOf(template, 'AWS::WAFv2::WebACL')[0]?.[1];
  });

  it('blocks more requests per source address than the flood limit allows in its window, with a 429', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'RequestsPerSourceAddress',
          Statement: {
            RateBasedStatement: {
              Limit: settings.flood.limit,
              AggregateKeyType: 'IP',
              EvaluationWindowSec: settings.flood.windowSeconds,
            },
          },
          Action: {
            Block: {
              CustomResponse: {
                ResponseCode: 429,
                CustomResponseBodyKey: 'AddressFlood',
                ResponseHeaders: [{ Name: 'Retry-After', Value: '60' }],
              },
            },
          },
        }),
      ]),
    });
  });

  it('blocks one client’s credentials asking for tokens in a loop, counted per Authorization header', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'RequestsPerClientCredentials',
          Statement: {
            RateBasedStatement: {
              Limit: settings.clientFlood.limit,
              AggregateKeyType: 'CUSTOM_KEYS',
              CustomKeys: [
                { Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } },
              ],
              EvaluationWindowSec: settings.clientFlood.windowSeconds,
            },
          },
          Action: {
            Block: {
              CustomResponse: Match.objectLike({ ResponseCode: 429, CustomResponseBodyKey: 'ClientFlood' }),
            },
          },
        }),
      ]),
    });
  });

  it.each([
    ['AddressFlood', 'address_flood'],
    ['ClientFlood', 'client_flood'],
  ])('answers %s with the RateLimitExceeded problem naming the %s policy', (key, policy) => {
    const bodies = acl?.Properties.CustomResponseBodies as Record<
      string,
      { ContentType: string; Content: string }
    >;

    expect(bodies[key]?.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(bodies[key]?.Content ?? '{}')).toMatchObject({
      code: 'RateLimitExceeded',
      status: 429,
      details: { policy },
    });
  });

  it('guards the auth API stage and not the partner API', () => {
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    const [[, association] = []] = resourcesOf(template, 'AWS::WAFv2::WebACLAssociation');
    const arn = JSON.stringify(association?.Properties.ResourceArn);

    expect(arn).toContain('AuthApi');
    expect(arn).not.toContain('PartnerApi');
  });
});

describe('OperationsDashboard', () => {
  let built: ReturnType<typeof rateLimitedStack>;
  let template: Template;
  let alarms: CfnResource[];
  beforeAll(() => {
    built = rateLimitedStack();
    template = Template.fromStack(built.stack);
    alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm);
  });

  it('raises every alarm on the stage topic, each description naming its runbook section', () => {
    expect(alarms.length).toBe(built.operations.alarms.length);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: idOf(built.stack, built.ids.alarmTopic) }]);
      expect(String(alarm.Properties.AlarmDescription)).toMatch(/Runbook: docs\/operations\.md#[a-z0-9-]+$/);
    }
  });

  it('has one runbook section in docs/operations.md for every anchor an alarm names', () => {
    const anchors = new Set(
      [...readFileSync(join(projectRoot, 'docs', 'operations.md'), 'utf8').matchAll(/^#{2,3} (.+)$/gm)].map(
        ([, heading]) =>
          (heading ?? '')
            .toLowerCase()
            .replace(/[^a-z0-9 -]/g, '')
            .replaceAll(' ', '-'),
      ),
    );

    for (const link of Object.values(runbook)) expect(anchors).toContain(link.split('#')[1]);
  });

  it('alarms on the 5xx share of each API, judged only past a minimum of requests', () => {
    const rates = alarms.filter((alarm) => String(alarm.Properties.AlarmName).endsWith('-5xx-rate'));

    expect(rates.map((alarm) => alarm.Properties.AlarmName).sort()).toEqual([
      'partner-travel-prod-auth-5xx-rate',
      'partner-travel-prod-partner-5xx-rate',
    ]);
    expect(rates[0]?.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanThreshold' });
    expect(JSON.stringify(rates[0]?.Properties.Metrics)).toContain(
      'IF(requests >= 20, 100 * errors / requests, 0)',
    );
    expect(JSON.stringify(rates[0]?.Properties.Metrics)).toContain('5XXError');
  });

  it('alarms on p99 latency of each API in 3 of 5 minutes', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'partner-travel-prod-partner-p99-latency',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: 2_000,
      EvaluationPeriods: 5,
      DatapointsToAlarm: 3,
    });
  });

  it('counts gateway 429s from the access log per domain and alarms on them', () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [
        Match.objectLike({
          MetricNamespace: 'PartnerTravelServices',
          MetricName: 'GatewayThrottles',
          MetricValue: '1',
          Dimensions: [{ Key: 'Domain', Value: '$.domain' }],
        }),
      ],
    });
    const throttles = alarms.find((alarm) => alarm.Properties.AlarmName === 'partner-travel-prod-throttles');
    expect(throttles?.Properties.Threshold).toBe(500);
    expect(JSON.stringify(throttles?.Properties.Metrics)).toContain('"Value":"api.example.com"');
  });

  it('alarms as soon as a message sits in a dead-letter queue not already watched', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'partner-travel-prod-webhooks-dead-letters',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [idOf(built.stack, built.ids.deadLetters), 'QueueName'] },
        },
      ],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(alarms.some((alarm) => String(alarm.Properties.AlarmName).includes('streamfailures'))).toBe(false);
  });

  it('alarms on any authorizer error', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'partner-travel-prod-authorizer-errors',
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: idOf(built.stack, built.ids.authorizerFunction) } }],
      Threshold: 1,
    });
  });

  it('graphs the service’s EMF metrics of its own stage on one dashboard', () => {
    const [[, dashboard] = []] = resourcesOf(template, 'AWS::CloudWatch::Dashboard');
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);

    expect(dashboard?.Properties.DashboardName).toBe('partner-travel-prod');
    for (const metric of ['Requests', 'Throttles', 'Creates', 'WebhookDeliveries']) {
      expect(body).toContain(`MetricName=\\\\\\"${metric}\\\\\\"`);
    }
    expect(body).toContain('stage=\\\\\\"prod\\\\\\"');
    expect(body).toContain('BlockedRequests');
  });
});

describe('cdk-nag', () => {
  it('finds nothing to object to in the constructs, nor in the grant to the plan-assigning function', () => {
    const { app } = rateLimitedStack();
    const assembly = app.synth();
    const report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as {
      pluginReports: {
        violations: {
          ruleName: string;
          severity: string;
          violatingConstructs: { constructPath: string }[];
        }[];
      }[];
    };
    const ours = report.pluginReports
      .flatMap((plugin) => plugin.violations)
      .filter((violation) => violation.severity === 'error')
      .flatMap((violation) =>
        violation.violatingConstructs.map((c) => `${violation.ruleName} ${c.constructPath}`),
      )
      .filter(
        (finding) =>
          /\/(RateLimiting|AuthFlood|Operations)\//.test(finding) || /IAM5.*\/Admin\//.test(finding),
      );

    expect(ours).toEqual([]);
  });
});
