import { type CfnElement, Duration } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consoleResponseHeaders,
  referenceResponseHeaders,
  spaRequestFunctionCode,
} from '../../console/hosting.ts';
import { managedRuleGroups } from '../../infra/constructs/managed-rules-web-acl.ts';
import {
  bucketGrants,
  functionNeeds,
  queues,
  type SecretName,
  schedules,
  streamConsumers,
  streamPipes,
} from '../../infra/functions.ts';
import { StatefulStack } from '../../infra/stacks/stateful-stack.ts';
import { scannerResponseHeaders } from '../../scanner/hosting.ts';
import { feedStreamFilterPattern } from '../../shared/db/entities/event-feed.ts';
import { auditTable, idempotencyTable, mainTable } from '../../shared/db/tables.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { routeList, routesForStage } from '../../shared/routes/index.ts';
import type { Host } from '../../shared/routes/types.ts';
import { type Stage, stages } from '../../shared/vocabulary/stage.ts';
import {
  type CfnResource,
  deployedMethods,
  functionIdOf,
  grantsOf,
  referencedIds,
  resourcesOf,
  type SynthesizedService,
  synthesizeService,
} from './support.ts';

// One synth per stage, shared by every assertion below.
const synthesized = new Map<Stage, SynthesizedService>();
// Four synths of three APIs take a minute or more on a busy machine: more than the default hook timeout.
beforeAll(() => {
  for (const stage of stages) synthesized.set(stage, synthesizeService(stage));
}, 240_000);
const service = (stage: Stage): SynthesizedService => {
  const found = synthesized.get(stage);
  if (!found) throw new Error(`${stage} was not synthesized`);
  return found;
};

/**
 * The origins a preflight method admits: its fixed Access-Control-Allow-Origin, and those its
 * response template answers instead when the request's Origin is one of them (CDK, several origins).
 */
const preflightOriginsOf = (method: CfnResource): string[] => {
  const integration = JSON.stringify(method.Properties.Integration);
  const fixed = integration.match(/Access-Control-Allow-Origin[^']*'([^']+)'/)?.[1];
  const alternatives = [...integration.matchAll(/\$origin == \\"(https:[^\\]+)\\"/g)].map(
    (match) => match[1],
  );
  return [fixed, ...alternatives].filter((origin): origin is string => origin !== undefined);
};

const writeActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
const apiNameOf = (stage: Stage, host: Host) =>
  `partner-travel-${stage}-${host === 'api' ? 'partner' : host}-api`;

function logicalIdIn(stack: StatefulStack, element: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(element.node.defaultChild as CfnElement);
}

describe.each(stages)('the %s stage', (stage) => {
  it('has no cdk-nag error left unacknowledged', () => {
    expect(service(stage).nagErrors).toEqual([]);
  });

  it('maps employee roles strictly: an employee in no mapped group gets no token', () => {
    const { apiTemplate } = service(stage);
    const mappings = resourcesOf(apiTemplate, 'AWS::Lambda::Function').flatMap(([, fn]) => {
      const environment = fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined;
      const mapping = environment?.Variables?.EMPLOYEE_ROLE_MAPPING;
      return mapping === undefined ? [] : [mapping];
    });

    expect(mappings).toEqual(['strict']);
  });

  it('deploys every route of the table as a method of its host API, on its group Lambda', () => {
    const { apiTemplate } = service(stage);
    const methods = deployedMethods(apiTemplate);

    for (const route of routesForStage(stage)) {
      for (const host of route.hosts) {
        expect(methods, `${route.method} ${route.path} on ${host}`).toContainEqual({
          apiName: apiNameOf(stage, host),
          httpMethod: route.method,
          path: route.path,
          operationName: route.operationId,
          functionId: functionIdOf(apiTemplate, route.group),
        });
      }
    }
  });

  it('sends other methods of a route path to the same Lambda, which answers 405', () => {
    const { apiTemplate } = service(stage);
    const methods = deployedMethods(apiTemplate);

    for (const route of routesForStage(stage)) {
      for (const host of route.hosts) {
        expect(methods).toContainEqual(
          expect.objectContaining({
            apiName: apiNameOf(stage, host),
            httpMethod: 'ANY',
            path: route.path,
            functionId: functionIdOf(apiTemplate, route.group),
          }),
        );
      }
    }
  });

  it('sends unknown paths on every API to the meta Lambda, which answers 404', () => {
    const { apiTemplate } = service(stage);
    const catchAll = deployedMethods(apiTemplate).filter(
      (method) => method.path === '/{proxy+}' && method.httpMethod !== 'OPTIONS',
    );

    expect(catchAll.map((method) => method.apiName).sort()).toEqual([
      apiNameOf(stage, 'admin'),
      apiNameOf(stage, 'auth'),
      apiNameOf(stage, 'es2plus'),
      apiNameOf(stage, 'esim-page'),
      apiNameOf(stage, 'api'),
      apiNameOf(stage, 'venue'),
    ]);
    for (const method of catchAll) {
      expect(method).toMatchObject({ httpMethod: 'ANY', functionId: functionIdOf(apiTemplate, 'meta') });
    }
  });

  it('deploys no route on a host the route does not list', () => {
    const { apiTemplate } = service(stage);
    const routed = deployedMethods(apiTemplate).filter((method) => method.operationName);

    for (const method of routed) {
      const route = routeList.find((candidate) => candidate.operationId === method.operationName);
      const hosts = route?.hosts.map((host) => apiNameOf(stage, host));
      expect(hosts, method.operationName).toContain(method.apiName);
    }
  });
});

describe('the partner API', () => {
  it('requires mutual TLS with the truststore, TLS 1.2 and a regional endpoint on its domain', () => {
    const { apiTemplate, stateful } = service('prod');
    const domain = resourcesOf(apiTemplate, 'AWS::ApiGateway::DomainName').find(
      ([, resource]) => resource.Properties.DomainName === 'api.partner-travel.example.com',
    )?.[1];

    expect(domain?.Properties).toMatchObject({
      SecurityPolicy: 'TLS_1_2',
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    const truststoreUri = JSON.stringify(domain?.Properties.MutualTlsAuthentication);
    expect(truststoreUri).toContain(logicalIdIn(stateful, stateful.truststore));
    expect(truststoreUri).toContain(`/${StatefulStack.truststoreKey}`);
  });

  it('cannot be reached through the execute-api endpoint, which would skip mutual TLS', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.resourcePropertiesCountIs(
      'AWS::ApiGateway::RestApi',
      {
        Name: apiNameOf('prod', 'api'),
        DisableExecuteApiEndpoint: true,
        EndpointConfiguration: { Types: ['REGIONAL'] },
      },
      1,
    );
  });

  it('logs every request as JSON, traces with X-Ray, throttles and caches nothing', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.allResourcesProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      AccessLogSetting: { Format: Match.stringLikeRegexp('^\\{"request_id":"\\$context.requestId"') },
      MethodSettings: [
        Match.objectLike({ CachingEnabled: false, ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 }),
      ],
    });
  });

  it('answers a failing authorizer with 503 and Retry-After: a dependency it reads did not answer', () => {
    const { apiTemplate } = service('prod');
    const responses = resourcesOf(apiTemplate, 'AWS::ApiGateway::GatewayResponse').map(
      ([, r]) => r.Properties,
    );

    for (const type of ['AUTHORIZER_FAILURE', 'AUTHORIZER_CONFIGURATION_ERROR']) {
      const response = responses.find((candidate) => candidate.ResponseType === type);
      expect(response, type).toMatchObject({
        StatusCode: '503',
        ResponseParameters: { 'gatewayresponse.header.Retry-After': "'5'" },
      });
      expect(response?.ResponseTemplates).toMatchObject({
        'application/json': expect.stringContaining('"code":"ServiceUnavailable"'),
      });
    }
  });

  it('answers gateway errors as RFC 9457 problems carrying the request id', () => {
    const { apiTemplate } = service('prod');
    const responses = resourcesOf(apiTemplate, 'AWS::ApiGateway::GatewayResponse').map(
      ([, r]) => r.Properties,
    );

    expect(responses.map((response) => response.ResponseType)).toEqual(
      expect.arrayContaining(['DEFAULT_4XX', 'DEFAULT_5XX', 'MISSING_AUTHENTICATION_TOKEN', 'THROTTLED']),
    );
    for (const response of responses) {
      const template = (response.ResponseTemplates as Record<string, string>)['application/json'] ?? '';
      const body = JSON.parse(template.replace('$context.error.messageString', '"message"')) as Record<
        string,
        unknown
      >;
      expect(response.ResponseParameters).toMatchObject({
        'gatewayresponse.header.Content-Type': "'application/problem+json'",
        'gatewayresponse.header.X-Request-ID': 'context.requestId',
      });
      expect(body).toEqual({
        code: expect.any(String),
        title: expect.any(String),
        status: Number(response.StatusCode),
        instance: '$context.path',
        detail: 'message',
        ...(response.StatusCode === '429' ? { details: { policy: expect.any(String) } } : {}),
        request_id: '$context.requestId',
      });
    }
  });

  it('answers an unknown path of any API with 404 ResourceNotFound, not API Gateway 403', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.resourcePropertiesCountIs(
      'AWS::ApiGateway::GatewayResponse',
      {
        ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
        StatusCode: '404',
        ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"ResourceNotFound"') },
      },
      6,
    );
  });
});

describe('per-partner rate limits', () => {
  const partnerApiOf = (template: SynthesizedService['apiTemplate']) =>
    resourcesOf(template, 'AWS::ApiGateway::RestApi').find(([, api]) =>
      String(api.Properties.Name).endsWith('-partner-api'),
    )?.[0] ?? '';

  it('meter every partner API route that takes a token with the authorizer and an API key, and no other', () => {
    const { apiTemplate } = service('prod');
    const authorizerId = resourcesOf(apiTemplate, 'AWS::ApiGateway::Authorizer')[0]?.[0];
    const methods = resourcesOf(apiTemplate, 'AWS::ApiGateway::Method');
    const byOperation = new Map(methods.map(([, method]) => [method.Properties.OperationName, method]));

    for (const route of routesForStage('prod')) {
      const method = byOperation.get(route.operationId);
      if (!method) continue;
      if (route.auth && route.hosts.includes('api')) {
        expect(method.Properties, route.operationId).toMatchObject({
          AuthorizationType: 'CUSTOM',
          ApiKeyRequired: true,
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(method.Properties.ApiKeyRequired, route.operationId).toBeUndefined();
      }
    }
    expect(authorizerId).toBeDefined();
  });

  it('take the API key from the authorizer on the partner API only', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Name: apiNameOf('prod', 'api'),
      ApiKeySourceType: 'AUTHORIZER',
    });
    apiTemplate.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Name: apiNameOf('prod', 'auth'),
      ApiKeySourceType: Match.absent(),
    });
  });

  it('have one usage plan per tier and one for staff, on the partner API stage, with the prod numbers', () => {
    const { apiTemplate } = service('prod');

    expect(
      resourcesOf(apiTemplate, 'AWS::ApiGateway::UsagePlan')
        .map(([, plan]) => plan.Properties.UsagePlanName)
        .sort(),
    ).toEqual(
      ['premium', 'sandbox', 'staff', 'standard'].map((name) => `${apiNameOf('prod', 'api')}-${name}`),
    );
    apiTemplate.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      UsagePlanName: `${apiNameOf('prod', 'api')}-standard`,
      Throttle: { RateLimit: 50, BurstLimit: 100 },
      Quota: { Limit: 100_000, Period: 'DAY' },
      ApiStages: [{ ApiId: { Ref: partnerApiOf(apiTemplate) }, Stage: Match.anyValue() }],
    });
  });

  it('define each 429 gateway response once per API, the partner API’s with RateLimit-Policy from the authorizer', () => {
    const { apiTemplate } = service('prod');
    const responses = resourcesOf(apiTemplate, 'AWS::ApiGateway::GatewayResponse').map(
      ([, r]) => r.Properties,
    );
    const partner = partnerApiOf(apiTemplate);

    for (const type of ['THROTTLED', 'QUOTA_EXCEEDED']) {
      const ofType = responses.filter((response) => response.ResponseType === type);
      expect(ofType).toHaveLength(6);
      for (const response of ofType) {
        const parameters = response.ResponseParameters as Record<string, string>;
        const onPartner = referencedIds(response.RestApiId).includes(partner);
        expect(parameters['gatewayresponse.header.RateLimit-Policy']).toBe(
          onPartner ? 'context.authorizer.rate_limit_policy' : undefined,
        );
        expect(parameters['gatewayresponse.header.Retry-After']).toMatch(/^'\d+'$/);
      }
    }
    apiTemplate.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'UNAUTHORIZED',
      ResponseParameters: Match.objectLike({ 'gatewayresponse.header.WWW-Authenticate': "'Bearer'" }),
    });
  });

  it('run the authorizer with the staff key id, read access to accounts and the usage key secret, and a short timeout', () => {
    const { apiTemplate } = service('prod');
    const authorizer = functionIdOf(apiTemplate, 'authorizer');
    const fn = apiTemplate.toJSON().Resources[authorizer] as CfnResource;

    expect(fn.Properties).toMatchObject({
      Timeout: 5,
      Environment: { Variables: { STAFF_API_KEY_ID: { Ref: expect.stringMatching(/StaffKey/) } } },
    });
    const grants = grantsOf(apiTemplate, authorizer);
    expect(grants.flatMap((grant) => grant.actions)).not.toEqual(expect.arrayContaining(writeActions));
  });

  it('let the admin function find the tier plans by name', () => {
    const { apiTemplate } = service('prod');

    for (const name of ['admin']) {
      const fn = apiTemplate.toJSON().Resources[functionIdOf(apiTemplate, name)] as CfnResource;
      expect(
        JSON.parse(
          String(
            (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.USAGE_PLAN_NAMES,
          ),
        ),
      ).toEqual({
        sandbox: `${apiNameOf('prod', 'api')}-sandbox`,
        standard: `${apiNameOf('prod', 'api')}-standard`,
        premium: `${apiNameOf('prod', 'api')}-premium`,
      });
    }
  });

  it('guard the auth API stage with the WAF flood rules', () => {
    const { apiTemplate } = service('prod');
    const authApi = resourcesOf(apiTemplate, 'AWS::ApiGateway::RestApi').find(([, api]) =>
      String(api.Properties.Name).endsWith('-auth-api'),
    )?.[0];
    const authStage = resourcesOf(apiTemplate, 'AWS::ApiGateway::Stage').find(([, stageResource]) =>
      referencedIds(stageResource.Properties.RestApiId).includes(authApi ?? 'none'),
    )?.[0];
    const association = resourcesOf(apiTemplate, 'AWS::WAFv2::WebACLAssociation').find(([, candidate]) =>
      JSON.stringify(candidate.Properties.ResourceArn).includes(authStage ?? 'none'),
    );
    const aclId = referencedIds(association?.[1].Properties.WebACLArn)[0];
    const acl = resourcesOf(apiTemplate, 'AWS::WAFv2::WebACL').find(([id]) => id === aclId);

    expect(acl?.[1].Properties.Rules).toHaveLength(2);
  });
});

describe('the operations dashboard', () => {
  it('alarms on 5xx rate and p99 latency of both APIs, gateway throttles and authorizer errors, on the stage topic', () => {
    const { apiTemplate } = service('prod');
    const names = resourcesOf(apiTemplate, 'AWS::CloudWatch::Alarm')
      .map(([, alarm]) => String(alarm.Properties.AlarmName ?? ''))
      .filter((name) => name.startsWith('partner-travel-prod-'));

    expect(names.sort()).toEqual(
      [
        'auth-5xx-rate',
        'auth-p99-latency',
        'authorizer-errors',
        'certificates-expiring',
        'partner-5xx-rate',
        'partner-p99-latency',
        'throttles',
      ].map((name) => `partner-travel-prod-${name}`),
    );
    apiTemplate.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });

  it('alarms 30 days before an active partner certificate expires, on what the daily check counts', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'partner-travel-prod-certificates-expiring',
      Namespace: 'PartnerTravelServices',
      MetricName: 'CertificatesExpiringSoon',
      Dimensions: Match.arrayWith([{ Name: 'stage', Value: 'prod' }]),
      Statistic: 'Maximum',
      Period: 86_400,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    apiTemplate.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 day)',
      Description: Match.stringLikeRegexp('CertificatesExpiringSoon'),
    });
  });

  it("closes last month's statements at 00:00 UTC on the 2nd, with a 15-minute function and an alarm on failure", () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 0 2 * ? *)',
      Description: Match.stringLikeRegexp('statements'),
    });
    const closing = resourcesOf(apiTemplate, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith('StatementClosingFunction'),
    );
    expect(closing.map(([, fn]) => fn.Properties.Timeout)).toEqual([900]);
    apiTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp("Closing last month's statements failed"),
    });
  });

  it('graphs the dead-letter queues without alarming twice on them', () => {
    const { apiTemplate } = service('prod');
    const dashboard = JSON.stringify(resourcesOf(apiTemplate, 'AWS::CloudWatch::Dashboard')[0]?.[1]);
    const queueAlarms = resourcesOf(apiTemplate, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      JSON.stringify(alarm.Properties).includes('ApproximateNumberOfMessagesVisible'),
    );

    expect(dashboard).toContain('Dead-letter queue depth');
    // One each from the webhook pipeline (dead letters, pipe failures) and the stream processor
    // (booking processor, which feeds the events feed too).
    expect(queueAlarms).toHaveLength(3);
  });
});

describe('the auth API', () => {
  it('has its own domain without mutual TLS, as token requests carry no client certificate', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'auth.partner-travel.example.com',
      MutualTlsAuthentication: Match.absent(),
    });
  });

  it('speaks TLS 1.3, or TLS 1.2 with forward secrecy, in strict mode on its domain', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'auth.partner-travel.example.com',
      SecurityPolicy: 'SecurityPolicy_TLS13_1_2_PFS_PQ_2025_09',
      EndpointAccessMode: 'STRICT',
    });
  });
});

describe('the custom domains', () => {
  it('keep the legacy TLS 1.2 policy (which also speaks TLS 1.3) only where mutual TLS requires it', () => {
    for (const stage of stages) {
      const domains = resourcesOf(service(stage).apiTemplate, 'AWS::ApiGateway::DomainName');

      for (const [id, domain] of domains) {
        const mutualTls = domain.Properties.MutualTlsAuthentication !== undefined;
        expect(domain.Properties.SecurityPolicy, `${stage} ${id}`).toBe(
          mutualTls ? 'TLS_1_2' : 'SecurityPolicy_TLS13_1_2_PFS_PQ_2025_09',
        );
      }
    }
  });
});

describe('the admin API', () => {
  it('has its own regional domain without mutual TLS, on the TLS 1.3 enhanced policy', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'admin.partner-travel.example.com',
      SecurityPolicy: 'SecurityPolicy_TLS13_1_2_PFS_PQ_2025_09',
      EndpointAccessMode: 'STRICT',
      EndpointConfiguration: { Types: ['REGIONAL'] },
      MutualTlsAuthentication: Match.absent(),
    });
    apiTemplate.resourcePropertiesCountIs(
      'AWS::ApiGateway::RestApi',
      { Name: apiNameOf('prod', 'admin'), DisableExecuteApiEndpoint: true },
      1,
    );
  });

  it('serves the routes of the admin host and nothing else', () => {
    const { apiTemplate } = service('prod');
    const served = deployedMethods(apiTemplate)
      .filter((method) => method.apiName === apiNameOf('prod', 'admin') && method.operationName)
      .map((method) => method.operationName)
      .sort();

    expect(served).toEqual(
      routesForStage('prod')
        .filter((route) => route.hosts.includes('admin'))
        .map((route) => route.operationId)
        .sort(),
    );
    expect(served).toContain('employeeCreateAccount');
  });

  it.each([
    ['admin', quotaSettingsByStage.prod.adminFlood.limit],
    ['venue', quotaSettingsByStage.prod.venueFlood.limit],
  ] as const)(
    'sits behind a WAF web ACL with a rate rule per address and AWS managed rules, associated with its stage (%s)',
    (host, limit) => {
      const { apiTemplate } = service('prod');
      const hostStage = resourcesOf(apiTemplate, 'AWS::ApiGateway::Stage').find(([, stage]) =>
        referencedIds(stage.Properties.RestApiId).some(
          (id) => apiTemplate.toJSON().Resources[id]?.Properties?.Name === apiNameOf('prod', host),
        ),
      );
      const [, association] = resourcesOf(apiTemplate, 'AWS::WAFv2::WebACLAssociation').find(
        ([, candidate]) =>
          JSON.stringify(candidate.Properties.ResourceArn).includes(hostStage?.[0] ?? 'none'),
      ) ?? ['', undefined];
      const [aclId] = resourcesOf(apiTemplate, 'AWS::WAFv2::WebACL').find(
        ([id, acl]) =>
          referencedIds(association?.Properties.WebACLArn).includes(id) &&
          JSON.stringify(acl.Properties.Rules).includes('AWSManagedRulesCommonRuleSet'),
      ) ?? [''];

      expect(aclId).not.toBe('');
      apiTemplate.hasResourceProperties('AWS::WAFv2::WebACL', {
        Scope: 'REGIONAL',
        DefaultAction: { Allow: {} },
        Rules: Match.arrayWith([
          Match.objectLike({
            Name: 'RequestsPerSourceAddress',
            Statement: {
              RateBasedStatement: Match.objectLike({
                AggregateKeyType: 'IP',
                Limit: limit,
              }),
            },
          }),
          ...managedRuleGroups.map((name) =>
            Match.objectLike({
              Name: name,
              Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: name }) },
            }),
          ),
        ]),
      });
      const associations = resourcesOf(apiTemplate, 'AWS::WAFv2::WebACLAssociation').filter(
        ([, association]) => referencedIds(association.Properties.WebACLArn).includes(aclId),
      );
      expect(associations).toHaveLength(1);
      expect(JSON.stringify(associations[0]?.[1].Properties.ResourceArn)).toContain(hostStage?.[0] ?? 'none');
    },
  );

  it('answers CORS preflights for the browser apps only: the console on admin and auth, the scanner on auth and venue', () => {
    const { apiTemplate } = service('prod');
    const preflights = resourcesOf(apiTemplate, 'AWS::ApiGateway::Method').filter(
      ([, method]) => method.Properties.HttpMethod === 'OPTIONS',
    );
    const originsByApi = new Map<string, Set<string>>();
    for (const [, method] of preflights)
      for (const id of referencedIds(method.Properties.RestApiId)) {
        const name = apiTemplate.toJSON().Resources[id]?.Properties?.Name as string;
        const origins = originsByApi.get(name) ?? new Set<string>();
        for (const origin of preflightOriginsOf(method)) origins.add(origin);
        originsByApi.set(name, origins);
      }
    const console = 'https://console.partner-travel.example.com';
    const scanner = 'https://scanner.partner-travel.example.com';

    expect(preflights.length).toBeGreaterThan(0);
    expect(
      Object.fromEntries([...originsByApi].map(([name, origins]) => [name, [...origins].sort()])),
    ).toEqual({
      [apiNameOf('prod', 'admin')]: [console],
      [apiNameOf('prod', 'auth')]: [console, scanner],
      [apiNameOf('prod', 'venue')]: [scanner],
    });
  });
});

describe('employee login in AWS', () => {
  it('puts the login and callback on the auth API', () => {
    const methods = deployedMethods(service('prod').apiTemplate);

    for (const path of ['/api/v1/auth/idp/login', '/api/v1/auth/idp/callback'])
      expect(methods).toContainEqual(
        expect.objectContaining({ apiName: apiNameOf('prod', 'auth'), httpMethod: 'GET', path }),
      );
  });

  it('configures the identity provider per stage, strictly in prod, its client secret in Secrets Manager', () => {
    const { apiTemplate, stateful } = service('prod');
    const auth = apiTemplate.toJSON().Resources[functionIdOf(apiTemplate, 'auth')] as CfnResource;
    const variables = (auth.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

    expect(variables).toMatchObject({
      IDP_ISSUER: 'https://login.example.com/partner-travel',
      IDP_CLIENT_ID: 'partner-travel-backend',
      IDP_GROUPS_CLAIM: 'groups',
      IDP_GROUP_ROLES: JSON.stringify({ 'pts-admins': 'admin', 'pts-support': 'support' }),
      EMPLOYEE_ROLE_MAPPING: 'strict',
      CONSOLE_CLIENT_ID: 'partner-travel-console',
    });
    expect(JSON.stringify(variables.IDP_CLIENT_SECRET_SECRET_ID)).toContain(
      logicalIdIn(stateful, stateful.secrets.idpClientSecret),
    );
    expect(JSON.stringify(variables.LOGIN_STATE_KEY_SECRET_ID)).toContain(
      logicalIdIn(stateful, stateful.secrets.loginStateKey),
    );
  });

  it('lets the auth function write login states, codes, lockouts and spent proof jtis only, by partition key prefix', () => {
    const { apiTemplate, stateful } = service('prod');
    const writes = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'auth')).filter(
      (grant) =>
        grant.resources.includes(logicalIdIn(stateful, stateful.mainTable)) &&
        grant.actions.includes('dynamodb:PutItem'),
    );

    expect(writes).toHaveLength(1);
    expect(writes[0]?.conditions).toEqual({
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': ['LOGIN_STATE#*', 'LOGIN_CODE#*', 'LOCKOUT#*', 'DPOP_JTI#*'],
      },
    });
  });
});

describe('the venue function', () => {
  it('writes enrollment codes, devices, spent proof jtis, redemptions and bookings only, and idempotency records of venues only', () => {
    const { apiTemplate, stateful } = service('prod');
    const grants = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'venue'));
    const writesTo = (table: string) =>
      grants.filter((grant) => grant.resources.includes(table) && grant.actions.includes('dynamodb:PutItem'));

    const mainWrites = writesTo(logicalIdIn(stateful, stateful.mainTable));
    expect(mainWrites).toHaveLength(1);
    expect(mainWrites[0]?.conditions).toEqual({
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': [
          'ENROLLMENT#*',
          'DEVICE#*',
          'DPOP_JTI#*',
          'REDEMPTION#*',
          'REDEMPTIONS#*',
          'ACCOUNT#*',
          'LEDGER#*',
          'STATEMENT#*',
        ],
      },
    });
    const idempotencyWrites = writesTo(logicalIdIn(stateful, stateful.idempotencyTable));
    expect(idempotencyWrites).toHaveLength(1);
    expect(idempotencyWrites[0]?.conditions).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['venue:*'] },
    });
  });
});

describe('the daily usage counter', () => {
  const meteredGroups = (stage: Stage) => [
    ...new Set(
      routesForStage(stage)
        .filter((route) => route.auth && route.hosts.includes('api'))
        .map((route) => route.group),
    ),
  ];

  it('may be written by every function that serves a metered partner route', () => {
    const { apiTemplate, stateful } = service('prod');
    const idempotencyId = logicalIdIn(stateful, stateful.idempotencyTable);

    expect(meteredGroups('prod').length).toBeGreaterThan(0);
    for (const group of meteredGroups('prod')) {
      const updates = grantsOf(apiTemplate, functionIdOf(apiTemplate, group)).filter(
        (grant) => grant.resources.includes(idempotencyId) && grant.actions.includes('dynamodb:UpdateItem'),
      );
      expect(updates, group).not.toHaveLength(0);
    }
  });

  // The webhooks function writes idempotency records (recover takes an Idempotency-Key), which covers the counter.
  it('is reached by the catalog, sandbox and quotas functions through GetItem and UpdateItem on USAGE# items only', () => {
    const { apiTemplate, stateful } = service('stage');
    const idempotencyId = logicalIdIn(stateful, stateful.idempotencyTable);

    for (const group of ['catalog', 'sandbox', 'quotas'] as const) {
      const grants = grantsOf(apiTemplate, functionIdOf(apiTemplate, group)).filter((grant) =>
        grant.resources.includes(idempotencyId),
      );
      expect(grants.flatMap((grant) => grant.actions).sort(), group).toEqual([
        'dynamodb:GetItem',
        'dynamodb:UpdateItem',
      ]);
      for (const grant of grants) {
        expect(grant.resources, group).not.toContain('/index/');
        expect(grant.conditions, group).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USAGE#*'] },
        });
      }
    }
  });
});

describe('the booking sweeps', () => {
  it('query the sweeps index (and gsi1, until the migration ran) on their own partitions only', () => {
    const { apiTemplate, stateful } = service('prod');
    const mainId = logicalIdIn(stateful, stateful.mainTable);

    for (const sweeper of ['booking-expiry', 'recovery-sweep']) {
      const queries = grantsOf(apiTemplate, functionIdOf(apiTemplate, sweeper)).filter(
        (grant) => grant.resources.includes(mainId) && grant.actions.includes('dynamodb:Query'),
      );
      expect(
        queries.some((grant) => grant.resources.includes('/index/sweeps')),
        sweeper,
      ).toBe(true);
      expect(
        queries.some((grant) => grant.resources.includes('/index/gsi1')),
        sweeper,
      ).toBe(true);
      const onSweeps = queries.filter((grant) => grant.resources.includes('/index/sweeps'));
      for (const grant of onSweeps)
        expect(JSON.stringify(grant.conditions), sweeper).toContain('BOOKING_HOLD#*');
    }
  });
});

describe('the audit table', () => {
  it('has the audit shape: no stream, one index per filter', () => {
    const { statefulTemplate } = service('prod');

    statefulTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      StreamSpecification: Match.absent(),
      GlobalSecondaryIndexes: auditTable.globalSecondaryIndexes.map((index) =>
        Match.objectLike({ IndexName: index.indexName }),
      ),
    });
  });

  it('is appended to by the functions that change state, and read only by the audit log function', () => {
    const { apiTemplate, stateful } = service('prod');
    const auditId = logicalIdIn(stateful, stateful.auditTable);
    const actionsOf = (name: string) =>
      grantsOf(apiTemplate, functionIdOf(apiTemplate, name))
        .filter((grant) => grant.resources.includes(auditId))
        .flatMap((grant) => grant.actions)
        .sort();

    expect(actionsOf('admin')).toEqual(['dynamodb:PutItem']);
    expect(actionsOf('auth')).toEqual(['dynamodb:PutItem']);
    expect(actionsOf('audit')).not.toContain('dynamodb:PutItem');
    expect(actionsOf('audit')).toContain('dynamodb:Query');
    for (const name of ['catalog', 'booking', 'webhooks']) expect(actionsOf(name), name).toEqual([]);
  });
});

describe('sandbox routes', () => {
  const sandboxRoutes = routeList.filter((route) => route.sandboxOnly);

  it('exist in the route table', () => {
    expect(sandboxRoutes.length).toBeGreaterThan(0);
  });

  it('are deployed on stage', () => {
    const methods = deployedMethods(service('stage').apiTemplate);

    for (const route of sandboxRoutes) {
      expect(methods).toContainEqual(expect.objectContaining({ httpMethod: route.method, path: route.path }));
    }
  });

  it('are absent in prod, with no sandbox Lambda at all', () => {
    const { apiTemplate } = service('prod');
    const paths = deployedMethods(apiTemplate).map((method) => method.path);

    for (const route of sandboxRoutes) expect(paths).not.toContain(route.path);
    expect(() => functionIdOf(apiTemplate, 'sandbox')).toThrow();
  });
});

describe('the functions', () => {
  it('all run Node 24 on ARM with X-Ray, their own log group with retention and the whole runtime config', () => {
    const { apiTemplate } = service('prod');
    const functions = resourcesOf(apiTemplate, 'AWS::Lambda::Function').filter(([, fn]) =>
      JSON.stringify(fn.Properties.Tags ?? []).includes('service-function'),
    );
    const logGroups = new Map(resourcesOf(apiTemplate, 'AWS::Logs::LogGroup'));

    expect(functions.length).toBeGreaterThan(0);
    for (const [id, fn] of functions) {
      expect(fn.Properties, id).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Environment: {
          Variables: expect.objectContaining({
            STAGE: 'prod',
            SECRETS_BACKEND: 'aws',
            TOKEN_ISSUER: 'https://auth.partner-travel.example.com',
            PARTNER_AUDIENCE: 'https://api.partner-travel.example.com',
            ADMIN_AUDIENCE: 'https://admin.partner-travel.example.com',
            API_BASE_URL: 'https://api.partner-travel.example.com',
            AUTH_BASE_URL: 'https://auth.partner-travel.example.com',
            ADMIN_BASE_URL: 'https://admin.partner-travel.example.com',
            VENUE_BASE_URL: 'https://venue.partner-travel.example.com',
            CONSOLE_ORIGIN: 'https://console.partner-travel.example.com',
            ESIM_SMDP_ADDRESS: 'smdp.partner-travel.example.com',
            MAIN_TABLE_NAME: expect.anything(),
            IDEMPOTENCY_TABLE_NAME: expect.anything(),
            AUDIT_TABLE_NAME: expect.anything(),
            SIGNING_KEYS_SECRET_ID: expect.anything(),
            JWKS_SECRET_ID: expect.anything(),
            CLIENT_SECRET_PEPPER_SECRET_ID: expect.anything(),
            WEBHOOK_KEY_SECRET_ID: expect.anything(),
            POWERTOOLS_SERVICE_NAME: 'partner-travel-services',
            LOG_LEVEL: 'INFO',
          }),
        },
      });
      // Source maps are applied when a stack is formatted (shared/observability/source-maps.ts), not by
      // Node's flag, which parses the whole map at every cold start.
      expect(JSON.stringify(fn.Properties.Environment), id).not.toContain('enable-source-maps');
      const [logGroupId] = referencedIds((fn.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup);
      expect(logGroups.get(logGroupId ?? '')?.Properties.RetentionInDays, id).toBe(365);
    }
    // The employee login's settings go to the function that logs employees in, and only there.
    const loginSettings = (fn: (typeof functions)[number][1]) =>
      JSON.stringify(fn.Properties.Environment).includes('CONSOLE_REDIRECT_URIS');
    const withLogin = functions.filter(([, fn]) => loginSettings(fn));
    expect(withLogin.map(([, fn]) => JSON.stringify(fn.Properties.Tags))).toEqual([
      expect.stringContaining('"Value":"auth"'),
    ]);
    expect(withLogin[0]?.[1].Properties.Environment).toMatchObject({
      Variables: {
        EMPLOYEE_ROLE_MAPPING: 'strict',
        CONSOLE_REDIRECT_URIS: JSON.stringify(['https://console.partner-travel.example.com/callback']),
      },
    });
  });

  it('get exactly the table and secret access their entry in the least-privilege map grants', () => {
    const { apiTemplate, stateful, api } = service('stage');
    const tableIds = {
      main: logicalIdIn(stateful, stateful.mainTable),
      idempotency: logicalIdIn(stateful, stateful.idempotencyTable),
      audit: logicalIdIn(stateful, stateful.auditTable),
    };
    const secretIds = Object.fromEntries(
      Object.entries(stateful.secrets).map(([name, secret]) => [name, logicalIdIn(stateful, secret)]),
    ) as Record<SecretName, string>;

    for (const name of api.functions.keys()) {
      const needs = functionNeeds[name];
      const grants = grantsOf(apiTemplate, functionIdOf(apiTemplate, name));
      // Stream reads of the stream consumers are the event source's business, not table access.
      const actionsOn = (logicalId: string) =>
        grants
          .filter((grant) => grant.resources.includes(logicalId) && !grant.resources.includes('StreamArn'))
          .flatMap((grant) => grant.actions);

      for (const [table, logicalId] of Object.entries(tableIds) as [keyof typeof tableIds, string][]) {
        const access = needs.tables?.[table];
        const actions = actionsOn(logicalId);
        const writes = actions.filter((action) => writeActions.includes(action));
        if (!access) expect(actions, `${name} on ${table}`).toEqual([]);
        if (access === 'read') {
          expect(actions, `${name} on ${table}`).toContain('dynamodb:GetItem');
          expect(writes, `${name} on ${table}`).toEqual([]);
        }
        if (access === 'readWrite')
          expect(writes.sort(), `${name} on ${table}`).toEqual([...writeActions].sort());
        if (access === 'append') expect(actions, `${name} on ${table}`).toEqual(['dynamodb:PutItem']);
        if (access === 'count')
          expect(actions.sort(), `${name} on ${table}`).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
      }
      const bucketActions = actionsOn(logicalIdIn(stateful, stateful.imagesBucket));
      const bucketAccess = needs.buckets?.images;
      expect(bucketActions, `${name} on the images bucket`).toEqual(
        bucketAccess ? bucketGrants[bucketAccess].flatMap((grant) => grant.actions) : [],
      );
      for (const [secret, logicalId] of Object.entries(secretIds) as [SecretName, string][]) {
        const access = needs.secrets?.[secret];
        const actions = actionsOn(logicalId);
        if (!access) expect(actions, `${name} on ${secret}`).toEqual([]);
        else expect(actions, `${name} on ${secret}`).toContain('secretsmanager:GetSecretValue');
        expect(actions.includes('secretsmanager:PutSecretValue'), `${name} writes ${secret}`).toBe(
          access === 'readWrite',
        );
      }
    }
  });

  it('never may Scan a table: every access pattern is a key read or a Query', () => {
    for (const stage of stages) {
      const policies = JSON.stringify(service(stage).apiTemplate.findResources('AWS::IAM::Policy'));

      expect(policies, stage).not.toContain('dynamodb:Scan');
      expect(policies, stage).not.toContain('dynamodb:*');
    }
  });

  it('let only the signers read the private pass keys and the partner CA; the booking and venue functions read the public pass keys', () => {
    const { apiTemplate, stateful } = service('stage');
    const readers = (secret: SecretName) =>
      [...service('stage').api.functions.keys()]
        .filter((name) =>
          grantsOf(apiTemplate, functionIdOf(apiTemplate, name)).some(
            (grant) =>
              grant.resources.includes(logicalIdIn(stateful, stateful.secrets[secret])) &&
              grant.actions.includes('secretsmanager:GetSecretValue'),
          ),
        )
        .sort();

    expect(readers('passSigningKeys')).toEqual(['booking-processor', 'key-rotation', 'recovery-sweep']);
    expect(readers('partnerCa')).toEqual(['certificate-signing']);
    expect(readers('passKeysPublic')).toEqual(['booking', 'key-rotation', 'venue']);
  });

  it('let only the token and pass signers sign with KMS keys, each with the keys of its purpose, and only key rotation manage them', () => {
    const { apiTemplate, stateful } = service('stage');
    const kmsGrants = (name: string) =>
      grantsOf(apiTemplate, functionIdOf(apiTemplate, name)).filter((grant) =>
        grant.actions.some((action) => action.startsWith('kms:')),
      );
    const purposesOf = (grant: { conditions?: unknown }) =>
      (grant.conditions as { StringEquals: Record<string, unknown> }).StringEquals['aws:ResourceTag/purpose'];
    const signers = Object.fromEntries(
      [...service('stage').api.functions.keys()].flatMap((name) => {
        const signs = kmsGrants(name).filter((grant) => grant.actions.includes('kms:Sign'));
        return signs.length === 0 ? [] : [[name, signs.flatMap(purposesOf)]];
      }),
    );

    expect(signers).toEqual({
      auth: ['access-token'],
      'booking-processor': ['pass'],
      'recovery-sweep': ['pass'],
    });
    for (const name of Object.keys(signers)) {
      expect(
        kmsGrants(name).flatMap((grant) => grant.actions),
        name,
      ).toEqual(['kms:Sign']);
      for (const grant of kmsGrants(name))
        expect(grant.conditions, name).toEqual({
          StringEquals: { 'aws:ResourceTag/purpose': expect.any(Array), 'aws:ResourceTag/stage': 'stage' },
        });
      // No signer reads a private key: the partner CA is the one secret still holding one.
      expect(
        grantsOf(apiTemplate, functionIdOf(apiTemplate, name)).some((grant) =>
          grant.resources.includes(logicalIdIn(stateful, stateful.secrets.partnerCa)),
        ),
        name,
      ).toBe(false);
    }
    expect(
      kmsGrants('key-rotation')
        .flatMap((grant) => grant.actions)
        .sort(),
    ).toEqual(['kms:CreateKey', 'kms:GetPublicKey', 'kms:ScheduleKeyDeletion', 'kms:TagResource']);
    const others = [...service('stage').api.functions.keys()].filter(
      (name) => !(name in signers) && name !== 'key-rotation',
    );
    for (const name of others) expect(kmsGrants(name), name).toEqual([]);
  });

  it('let key rotation create only P-256 signing keys tagged with a purpose and its stage', () => {
    const { apiTemplate } = service('stage');
    const create = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'key-rotation')).find((grant) =>
      grant.actions.includes('kms:CreateKey'),
    );

    expect(create?.conditions).toEqual({
      StringEquals: {
        'aws:RequestTag/purpose': ['access-token', 'pass'],
        'aws:RequestTag/stage': 'stage',
        'kms:KeySpec': 'ECC_NIST_P256',
        'kms:KeyUsage': 'SIGN_VERIFY',
      },
      'ForAllValues:StringEquals': { 'aws:TagKeys': ['purpose', 'stage', 'kid'] },
    });
  });

  it('keep the partner CA behind a function no API reaches, which only the admin function may invoke', () => {
    const { apiTemplate, stateful } = service('stage');
    const signingId = functionIdOf(apiTemplate, 'certificate-signing');
    const caId = logicalIdIn(stateful, stateful.secrets.partnerCa);
    const functionIds = resourcesOf(apiTemplate, 'AWS::Lambda::Function').map(([id]) => id);
    const canReadCa = functionIds.filter((id) =>
      grantsOf(apiTemplate, id).some((grant) => grant.resources.includes(caId)),
    );
    const invokers = functionIds.filter((id) =>
      grantsOf(apiTemplate, id).some(
        (grant) =>
          grant.actions.some((action) => action.startsWith('lambda:')) && grant.resources.includes(signingId),
      ),
    );
    const permissions = resourcesOf(apiTemplate, 'AWS::Lambda::Permission').filter(([, permission]) =>
      referencedIds(permission.Properties.FunctionName).includes(signingId),
    );

    expect(canReadCa).toEqual([signingId]);
    expect(deployedMethods(apiTemplate).filter((method) => method.functionId === signingId)).toEqual([]);
    expect(permissions).toEqual([]);
    expect(invokers).toEqual([functionIdOf(apiTemplate, 'admin')]);
    expect(grantsOf(apiTemplate, functionIdOf(apiTemplate, 'admin'))).toContainEqual({
      actions: ['lambda:InvokeFunction'],
      resources: JSON.stringify({ 'Fn::GetAtt': [signingId, 'Arn'] }),
    });
  });

  it("tell only the partner CA's reader where it is, and the admin function where to send CSRs", () => {
    const { apiTemplate } = service('stage');
    const variablesOf = (name: string) =>
      (apiTemplate.toJSON().Resources[functionIdOf(apiTemplate, name)] as CfnResource).Properties
        .Environment as {
        Variables: Record<string, unknown>;
      };

    expect(variablesOf('admin').Variables).not.toHaveProperty('PARTNER_CA_SECRET_ID');
    expect(variablesOf('admin').Variables.CERTIFICATE_SIGNING_FUNCTION_NAME).toEqual({
      Ref: functionIdOf(apiTemplate, 'certificate-signing'),
    });
    expect(variablesOf('certificate-signing').Variables).toHaveProperty('PARTNER_CA_SECRET_ID');
  });

  it('let the catalog read the main table but never write it nor touch the signing keys', () => {
    const { apiTemplate, stateful } = service('stage');
    const grants = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'catalog'));
    const actions = grants
      .filter((grant) => grant.resources.includes(logicalIdIn(stateful, stateful.mainTable)))
      .flatMap((grant) => grant.actions);

    expect(actions).toContain('dynamodb:Query');
    for (const action of writeActions) expect(actions).not.toContain(action);
    expect(
      grants.some((grant) => grant.resources.includes(logicalIdIn(stateful, stateful.secrets.signingKeys))),
    ).toBe(false);
  });

  it('rotate the signing key on a schedule and once on the first deploy', () => {
    const { apiTemplate } = service('prod');
    const rotationId = functionIdOf(apiTemplate, 'key-rotation');

    apiTemplate.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `rate(${Duration.days(30).toDays()} days)`,
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [rotationId, 'Arn'] } })],
    });
    apiTemplate.hasResourceProperties('Custom::Trigger', {
      // The version's logical id is the function's without its hash suffix.
      HandlerArn: { Ref: Match.stringLikeRegexp(`^${rotationId.slice(0, -8)}CurrentVersion`) },
      ExecuteOnHandlerChange: false,
    });
  });
});

describe('what a worker cannot handle', () => {
  it('sends a booking-processor batch it gave up on to an encrypted failure queue with an alarm, after retrying it as long as the mapping allows (an event given up is missing from the feed)', () => {
    const { apiTemplate } = service('prod');
    const mapping = resourcesOf(apiTemplate, 'AWS::Lambda::EventSourceMapping').find(
      ([, resource]) =>
        JSON.stringify(resource.Properties.FunctionName) ===
        JSON.stringify({ Ref: functionIdOf(apiTemplate, 'booking-processor') }),
    )?.[1];
    const [queueId] = referencedIds(mapping?.Properties.DestinationConfig);

    expect(mapping?.Properties).toMatchObject({
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10_000,
      MaximumRecordAgeInSeconds: 6 * 60 * 60,
      BatchSize: 100,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(apiTemplate.findResources('AWS::SQS::Queue')[queueId ?? '']?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
    });
    apiTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [Match.anyValue()],
    });
  });

  it('lets the webhook pipe retry a record for 23 hours, isolating a bad one, before its dead-letter queue', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::Pipes::Pipe', {
      SourceParameters: Match.objectLike({
        DynamoDBStreamParameters: Match.objectLike({
          MaximumRetryAttempts: -1,
          MaximumRecordAgeInSeconds: 23 * 60 * 60,
          OnPartialBatchItemFailure: 'AUTOMATIC_BISECT',
          DeadLetterConfig: { Arn: Match.anyValue() },
        }),
      }),
    });
  });
});

describe('the readers of the main table stream', () => {
  it('are two, as DynamoDB Streams advises per shard: the booking processor (bookings and the events feed) and the webhook pipe', () => {
    const { apiTemplate } = service('prod');
    const streamMappings = resourcesOf(apiTemplate, 'AWS::Lambda::EventSourceMapping').filter(
      ([, resource]) => JSON.stringify(resource.Properties.EventSourceArn ?? '').includes('StreamArn'),
    );
    const pipes = resourcesOf(apiTemplate, 'AWS::Pipes::Pipe');

    expect(streamMappings.map(([, resource]) => resource.Properties.FunctionName)).toEqual([
      { Ref: functionIdOf(apiTemplate, 'booking-processor') },
    ]);
    expect(streamMappings[0]?.[1].Properties.FilterCriteria).toEqual({
      Filters: [
        {
          Pattern: JSON.stringify({
            eventName: ['INSERT', 'MODIFY'],
            dynamodb: { NewImage: { entity: { S: ['Booking'] } } },
          }),
        },
        { Pattern: JSON.stringify(feedStreamFilterPattern) },
      ],
    });
    expect(pipes).toHaveLength(1);
  });
});

describe('the workers the local stage runs too', () => {
  it('consume the main table stream with the same filters', () => {
    const { apiTemplate } = service('prod');

    for (const consumer of streamConsumers) {
      apiTemplate.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: functionIdOf(apiTemplate, consumer.functionName) },
        EventSourceArn: { 'Fn::ImportValue': Match.stringLikeRegexp('MainTable.*StreamArn') },
        FilterCriteria: {
          Filters: (consumer.filterPatterns ?? []).map((pattern) => ({ Pattern: JSON.stringify(pattern) })),
        },
      });
    }
  });

  it('run on the same schedules', () => {
    const { apiTemplate } = service('prod');

    for (const schedule of schedules) {
      apiTemplate.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: Schedule.rate(Duration.minutes(schedule.rateMinutes)).expressionString,
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [functionIdOf(apiTemplate, schedule.functionName), 'Arn'] },
          }),
        ],
      });
    }
  });

  it('pipe the same records to the same FIFO queues', () => {
    const { apiTemplate } = service('prod');

    for (const pipe of streamPipes) {
      apiTemplate.hasResourceProperties('AWS::Pipes::Pipe', {
        SourceParameters: Match.objectLike({
          FilterCriteria: {
            Filters: pipe.filterPatterns.map((pattern) => ({ Pattern: JSON.stringify(pattern) })),
          },
        }),
        TargetParameters: {
          SqsQueueParameters: {
            MessageGroupId: pipe.messageGroupIdPath,
            MessageDeduplicationId: pipe.messageDeduplicationIdPath,
          },
        },
      });
    }
    for (const queue of queues) {
      apiTemplate.hasResourceProperties('AWS::SQS::Queue', {
        FifoQueue: queue.fifo,
        VisibilityTimeout: queue.visibilityTimeoutSeconds,
        RedrivePolicy: Match.objectLike({ maxReceiveCount: queue.maxReceiveCount }),
      });
    }
  });
});

describe('the stateful stack', () => {
  it('keeps the main table on demand with PITR, TTL, the stream, gsi1 and the keys-only booking sweeps and lookups', () => {
    const { statefulTemplate } = service('stage');

    statefulTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: mainTable.partitionKey, KeyType: 'HASH' },
        { AttributeName: mainTable.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      GlobalSecondaryIndexes: [
        Match.objectLike({ IndexName: 'gsi1', Projection: { ProjectionType: 'ALL' } }),
        Match.objectLike({
          IndexName: 'sweeps',
          KeySchema: [
            { AttributeName: 'sweep_pk', KeyType: 'HASH' },
            { AttributeName: 'sweep_sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        }),
        ...['bookingsById', 'bookingsByEmail', 'bookingsByLastName', 'bookingsByTransport'].map((name) =>
          Match.objectLike({ IndexName: name, Projection: { ProjectionType: 'KEYS_ONLY' } }),
        ),
      ],
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('keeps idempotency records apart, with their TTL and no stream', () => {
    const { statefulTemplate } = service('stage');

    statefulTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: idempotencyTable.partitionKey, KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      StreamSpecification: Match.absent(),
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('protects the tables from deletion in prod only', () => {
    const tables = (stage: Stage) =>
      resourcesOf(service(stage).statefulTemplate, 'AWS::DynamoDB::GlobalTable');
    const prodTemplate = service('prod').statefulTemplate.toJSON().Resources as Record<
      string,
      { DeletionPolicy: string }
    >;

    for (const [id, table] of tables('prod')) {
      expect(table.Properties.Replicas).toEqual([
        expect.objectContaining({ DeletionProtectionEnabled: true }),
      ]);
      expect(prodTemplate[id]?.DeletionPolicy).toBe('Retain');
    }
    for (const [, table] of tables('preview')) {
      expect(table.Properties.Replicas).not.toEqual([
        expect.objectContaining({ DeletionProtectionEnabled: true }),
      ]);
    }
  });

  it('creates the key secrets empty, for the service or an operator to fill, and generates the others', () => {
    const { statefulTemplate, stateful } = service('prod');
    const secret = (name: SecretName) =>
      statefulTemplate.toJSON().Resources[logicalIdIn(stateful, stateful.secrets[name])] as CfnResource;

    for (const name of ['signingKeys', 'jwks', 'partnerCa'] as const) {
      expect(secret(name).Properties.GenerateSecretString, name).toBeUndefined();
      expect(secret(name).Properties.SecretString, name).toBeUndefined();
    }
    for (const name of ['clientSecretPepper', 'webhookEncryptionKey'] as const) {
      expect(secret(name).Properties.GenerateSecretString, name).toMatchObject({ PasswordLength: 64 });
    }
  });

  it('keeps the truststore in a versioned, encrypted, private, TLS-only bucket', () => {
    const { statefulTemplate } = service('prod');

    statefulTemplate.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: Match.objectLike({}),
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    statefulTemplate.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('the console and the API reference in AWS', () => {
  const distributionWithAlias = (alias: string) => {
    const found = resourcesOf(service('prod').consoleTemplate, 'AWS::CloudFront::Distribution').find(
      ([, distribution]) =>
        ((distribution.Properties.DistributionConfig as { Aliases?: string[] }).Aliases ?? []).includes(
          alias,
        ),
    );
    if (!found) throw new Error(`No distribution for ${alias}`);
    return { id: found[0], config: found[1].Properties.DistributionConfig as Record<string, unknown> };
  };
  const consoleSite = () => distributionWithAlias('console.partner-travel.example.com');
  const referenceSite = () => distributionWithAlias('docs.partner-travel.example.com');
  const scannerSite = () => distributionWithAlias('scanner.partner-travel.example.com');
  const esimPageSite = () => distributionWithAlias('esim.partner-travel.example.com');

  it('keeps the files in a private, encrypted bucket that only the four distributions read', () => {
    const { consoleTemplate } = service('prod');
    const [[bucketId] = []] = resourcesOf(consoleTemplate, 'AWS::S3::Bucket').filter(
      ([, bucket]) => bucket.Properties.PublicAccessBlockConfiguration !== undefined,
    );

    consoleTemplate.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    const policy = resourcesOf(consoleTemplate, 'AWS::S3::BucketPolicy').find(([, candidate]) =>
      referencedIds(candidate.Properties.Bucket).includes(bucketId ?? ''),
    )?.[1];
    if (!policy) throw new Error('The files bucket has no policy');
    const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] })
      .Statement;
    const reads = statements.filter((statement) => JSON.stringify(statement.Action).includes('s3:GetObject'));
    expect(reads.map((statement) => statement.Principal)).toEqual([
      { Service: 'cloudfront.amazonaws.com' },
      { Service: 'cloudfront.amazonaws.com' },
      { Service: 'cloudfront.amazonaws.com' },
      { Service: 'cloudfront.amazonaws.com' },
    ]);
    const readers = reads
      .flatMap((statement) => referencedIds(statement.Condition))
      .filter((id) => !id.startsWith('AWS::'))
      .sort();
    expect(readers).toEqual(
      [consoleSite().id, referenceSite().id, scannerSite().id, esimPageSite().id].sort(),
    );
    expect(
      statements.some(
        (statement) =>
          statement.Effect === 'Deny' && JSON.stringify(statement).includes('aws:SecureTransport'),
      ),
    ).toBe(true);
  });

  it('serves each site through Origin Access Control from its own prefix, HTTPS and GET/HEAD only', () => {
    const { consoleTemplate } = service('prod');
    consoleTemplate.resourceCountIs('AWS::CloudFront::OriginAccessControl', 4);
    consoleTemplate.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      }),
    });

    for (const [site, prefix] of [
      [consoleSite(), '/console'],
      [referenceSite(), '/reference'],
      [scannerSite(), '/scanner'],
      [esimPageSite(), '/esim-page'],
    ] as const) {
      const [origin] = site.config.Origins as Record<string, unknown>[];
      expect(origin).toMatchObject({ OriginPath: prefix, S3OriginConfig: { OriginAccessIdentity: '' } });
      expect(origin?.OriginAccessControlId).toBeDefined();
      expect(site.config).toMatchObject({
        DefaultRootObject: 'index.html',
        ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
        DefaultCacheBehavior: {
          ViewerProtocolPolicy: 'redirect-to-https',
          AllowedMethods: ['GET', 'HEAD'],
        },
      });
    }
  });

  it("sends the console's CSP as a response headers policy, naming exactly the stage's auth and admin origins", () => {
    const { consoleTemplate } = service('prod');
    const expected = consoleResponseHeaders({
      auth: 'https://auth.partner-travel.example.com',
      admin: 'https://admin.partner-travel.example.com',
    });
    const policies = resourcesOf(consoleTemplate, 'AWS::CloudFront::ResponseHeadersPolicy');
    const policyOf = (site: { config: Record<string, unknown> }) => {
      const [id] = referencedIds(
        (site.config.DefaultCacheBehavior as Record<string, unknown>).ResponseHeadersPolicyId,
      );
      const config = policies.find(([policyId]) => policyId === id)?.[1].Properties
        .ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      };
      return config.SecurityHeadersConfig;
    };

    expect(policyOf(consoleSite())).toEqual({
      ContentSecurityPolicy: { ContentSecurityPolicy: expected['Content-Security-Policy'], Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
    });
    expect(policyOf(referenceSite()).ContentSecurityPolicy?.ContentSecurityPolicy).toBe(
      referenceResponseHeaders()['Content-Security-Policy'],
    );
  });

  it('answers the console page paths with index.html through a CloudFront Function, the reference not', () => {
    const { consoleTemplate } = service('prod');
    const [[functionId] = []] = resourcesOf(consoleTemplate, 'AWS::CloudFront::Function');

    consoleTemplate.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: spaRequestFunctionCode,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    const behavior = (site: { config: Record<string, unknown> }) =>
      site.config.DefaultCacheBehavior as {
        FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
      };
    expect(behavior(consoleSite()).FunctionAssociations?.map((association) => association.EventType)).toEqual(
      ['viewer-request'],
    );
    expect(referencedIds(behavior(consoleSite()).FunctionAssociations)).toEqual([functionId]);
    expect(behavior(referenceSite()).FunctionAssociations).toBeUndefined();
  });

  it("admits exactly the console's and the scanner's distribution origins in CORS, and gives the functions the same", () => {
    const { apiTemplate } = service('prod');
    const [consoleAlias] = consoleSite().config.Aliases as string[];
    const [scannerAlias] = scannerSite().config.Aliases as string[];
    const preflightOrigins = new Set(
      resourcesOf(apiTemplate, 'AWS::ApiGateway::Method')
        .filter(([, method]) => method.Properties.HttpMethod === 'OPTIONS')
        .flatMap(([, method]) => preflightOriginsOf(method)),
    );
    const functionOrigins = (variable: string) =>
      new Set(
        resourcesOf(apiTemplate, 'AWS::Lambda::Function')
          .map(
            ([, fn]) =>
              (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.[
                variable
              ],
          )
          .filter((origin) => origin !== undefined),
      );

    expect([...preflightOrigins].sort()).toEqual([`https://${consoleAlias}`, `https://${scannerAlias}`]);
    expect([...functionOrigins('CONSOLE_ORIGIN')]).toEqual([`https://${consoleAlias}`]);
    expect([...functionOrigins('SCANNER_ORIGIN')]).toEqual([`https://${scannerAlias}`]);
  });

  it("sends the scanner's CSP naming exactly the stage's auth and venue origins, with its SPA rule and config.json", () => {
    const { consoleTemplate } = service('prod');
    const expected = scannerResponseHeaders({
      auth: 'https://auth.partner-travel.example.com',
      venue: 'https://venue.partner-travel.example.com',
    });
    const [policyId] = referencedIds(
      (scannerSite().config.DefaultCacheBehavior as Record<string, unknown>).ResponseHeadersPolicyId,
    );
    const policy = resourcesOf(consoleTemplate, 'AWS::CloudFront::ResponseHeadersPolicy').find(
      ([id]) => id === policyId,
    )?.[1].Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
    };
    const deployments = resourcesOf(consoleTemplate, 'Custom::CDKBucketDeployment').map(
      ([, deployment]) => deployment.Properties,
    );

    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: expected['Content-Security-Policy'],
      Override: true,
    });
    expect(deployments.map((deployment) => deployment.DestinationBucketKeyPrefix)).toEqual(
      expect.arrayContaining(['scanner/assets/', 'scanner/']),
    );
  });

  it('deploys the hashed assets for a year, the rest revalidated with this stage config.json, and invalidates', () => {
    const { consoleTemplate, console: stack } = service('prod');
    const deployments = resourcesOf(consoleTemplate, 'Custom::CDKBucketDeployment').map(
      ([, deployment]) => deployment.Properties,
    );
    const byPrefix = (prefix: string) =>
      deployments.find((deployment) => deployment.DestinationBucketKeyPrefix === prefix);

    expect(byPrefix('console/assets/')).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(byPrefix('console/')).toMatchObject({
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(referencedIds(byPrefix('console/')?.DistributionId)).toEqual([consoleSite().id]);
    expect(referencedIds(byPrefix('reference/')?.DistributionId)).toEqual([referenceSite().id]);
    expect(stack.runtimeConfig).toEqual({
      auth_url: 'https://auth.partner-travel.example.com',
      admin_url: 'https://admin.partner-travel.example.com',
      client_id: 'partner-travel-console',
      redirect_uri: 'https://console.partner-travel.example.com/callback',
      docs_url: 'https://docs.partner-travel.example.com/',
    });
  });

  it("sends the eSIM page origin's /v2/esim-page/* to the page's read API, uncached, with the viewer's address", () => {
    const behaviors = esimPageSite().config.CacheBehaviors as Record<string, unknown>[];
    const origins = esimPageSite().config.Origins as Record<string, unknown>[];

    expect(behaviors).toHaveLength(1);
    expect(behaviors[0]).toMatchObject({
      PathPattern: '/v2/esim-page/*',
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD'],
      FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
    });
    const apiOrigin = origins.find((origin) => origin.Id === behaviors[0]?.TargetOriginId);
    expect(apiOrigin).toMatchObject({
      DomainName: 'esim-page-api.partner-travel.example.com',
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
    });
  });

  it('points the four domains at their distributions in the hosted zone (IPv4 and IPv6)', () => {
    const { consoleTemplate } = service('prod');
    const records = resourcesOf(consoleTemplate, 'AWS::Route53::RecordSet').map(
      ([, record]) => `${record.Properties.Type} ${record.Properties.Name}`,
    );

    expect(records.sort()).toEqual([
      'A console.partner-travel.example.com.',
      'A docs.partner-travel.example.com.',
      'A esim.partner-travel.example.com.',
      'A scanner.partner-travel.example.com.',
      'AAAA console.partner-travel.example.com.',
      'AAAA docs.partner-travel.example.com.',
      'AAAA esim.partner-travel.example.com.',
      'AAAA scanner.partner-travel.example.com.',
    ]);
  });
});

describe('the request log', () => {
  it('subscribes the request-log function to the request lines of every function serving the partner host', () => {
    const { apiTemplate } = service('prod');
    const ingest = functionIdOf(apiTemplate, 'request-log');
    const filters = resourcesOf(apiTemplate, 'AWS::Logs::SubscriptionFilter');
    const sourceFunctionIds = filters.map(([, filter]) => {
      expect(filter.Properties.FilterPattern).toBe('{ $.kind = "request" }');
      expect(referencedIds(filter.Properties.DestinationArn)).toContain(ingest);
      const [logGroupId] = referencedIds(filter.Properties.LogGroupName);
      return resourcesOf(apiTemplate, 'AWS::Lambda::Function').find(([, fn]) =>
        referencedIds(fn.Properties.LoggingConfig).includes(logGroupId ?? ''),
      )?.[0];
    });
    const partnerGroups = [
      ...new Set(
        routesForStage('prod')
          .filter((route) => route.hosts.includes('api'))
          .map((route) => route.group),
      ),
    ];

    expect(sourceFunctionIds.sort()).toEqual(
      partnerGroups.map((group) => functionIdOf(apiTemplate, group)).sort(),
    );
  });

  it('lets the request-log function put items into the request log table only, and nothing else of any table', () => {
    const { apiTemplate, stateful } = service('prod');
    const requestLogId = logicalIdIn(stateful, stateful.requestLogTable);
    const dynamoGrants = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'request-log')).filter((grant) =>
      grant.actions.some((action) => action.startsWith('dynamodb:')),
    );

    expect(dynamoGrants.flatMap((grant) => grant.actions)).toEqual(['dynamodb:PutItem']);
    expect(dynamoGrants.every((grant) => grant.resources.includes(requestLogId))).toBe(true);
  });

  it('lets the requests function read the request log table and write it not at all', () => {
    const { apiTemplate, stateful } = service('prod');
    const requestLogId = logicalIdIn(stateful, stateful.requestLogTable);
    const grants = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'requests')).filter((grant) =>
      grant.resources.includes(requestLogId),
    );

    expect(grants.length).toBeGreaterThan(0);
    for (const grant of grants)
      for (const action of writeActions) expect(grant.actions).not.toContain(action);
  });
});
