import { type CfnElement, Duration } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  functionNeeds,
  queues,
  type SecretName,
  schedules,
  streamConsumers,
  streamPipes,
} from '../../infra/functions.ts';
import { StatefulStack } from '../../infra/stacks/stateful-stack.ts';
import { idempotencyTable, mainTable } from '../../shared/db/tables.ts';
import { routeList, routesForStage } from '../../shared/routes/index.ts';
import { type Host, type Stage, stages } from '../../shared/routes/types.ts';
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
beforeAll(() => {
  for (const stage of stages) synthesized.set(stage, synthesizeService(stage));
});
const service = (stage: Stage): SynthesizedService => {
  const found = synthesized.get(stage);
  if (!found) throw new Error(`${stage} was not synthesized`);
  return found;
};

const writeActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
const apiNameOf = (stage: Stage, host: Host) =>
  `partner-travel-${stage}-${host === 'api' ? 'partner' : host}-api`;
/** The admin API (host `admin`) is built with the employee admin API; its routes wait until then. */
const deployedHosts = (hosts: readonly Host[]) => hosts.filter((host) => host !== 'admin');

function logicalIdIn(stack: StatefulStack, element: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(element.node.defaultChild as CfnElement);
}

describe.each(stages)('the %s stage', (stage) => {
  it('has no cdk-nag error left unacknowledged', () => {
    expect(service(stage).nagErrors).toEqual([]);
  });

  it('deploys every route of the table as a method of its host API, on its group Lambda', () => {
    const { apiTemplate } = service(stage);
    const methods = deployedMethods(apiTemplate);

    for (const route of routesForStage(stage)) {
      for (const host of deployedHosts(route.hosts)) {
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
      for (const host of deployedHosts(route.hosts)) {
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

  it('sends unknown paths on both APIs to the meta Lambda, which answers 404', () => {
    const { apiTemplate } = service(stage);
    const catchAll = deployedMethods(apiTemplate).filter((method) => method.path === '/{proxy+}');

    expect(catchAll.map((method) => method.apiName).sort()).toEqual([
      apiNameOf(stage, 'auth'),
      apiNameOf(stage, 'api'),
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
        request_id: '$context.requestId',
      });
    }
  });

  it('answers an unknown path of either API with 404 ResourceNotFound, not API Gateway 403', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.resourcePropertiesCountIs(
      'AWS::ApiGateway::GatewayResponse',
      {
        ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
        StatusCode: '404',
        ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"ResourceNotFound"') },
      },
      2,
    );
  });
});

describe('the auth API', () => {
  it('has its own domain without mutual TLS, as token requests carry no client certificate', () => {
    const { apiTemplate } = service('prod');

    apiTemplate.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'auth.partner-travel.example.com',
      SecurityPolicy: 'TLS_1_2',
      MutualTlsAuthentication: Match.absent(),
    });
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
            ADMIN_AUDIENCE: 'https://api.partner-travel.example.com/api/v1/admin',
            API_BASE_URL: 'https://api.partner-travel.example.com',
            AUTH_BASE_URL: 'https://auth.partner-travel.example.com',
            MAIN_TABLE_NAME: expect.anything(),
            IDEMPOTENCY_TABLE_NAME: expect.anything(),
            SIGNING_KEYS_SECRET_ID: expect.anything(),
            JWKS_SECRET_ID: expect.anything(),
            PARTNER_CA_SECRET_ID: expect.anything(),
            CLIENT_SECRET_PEPPER_SECRET_ID: expect.anything(),
            WEBHOOK_KEY_SECRET_ID: expect.anything(),
            POWERTOOLS_SERVICE_NAME: 'partner-travel-services',
            LOG_LEVEL: 'INFO',
          }),
        },
      });
      const [logGroupId] = referencedIds((fn.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup);
      expect(logGroups.get(logGroupId ?? '')?.Properties.RetentionInDays, id).toBe(365);
    }
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
      }
      const bucketActions = actionsOn(logicalIdIn(stateful, stateful.imagesBucket));
      const bucketAccess = needs.buckets?.images;
      expect(bucketActions, `${name} on the images bucket`).toEqual(
        bucketAccess === 'read' ? ['s3:GetObject'] : bucketAccess === 'write' ? ['s3:PutObject'] : [],
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

  it('let the catalog read the main table but never write it nor touch the signing keys', () => {
    const { apiTemplate, stateful } = service('stage');
    const grants = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'catalog'));
    const actions = grants.flatMap((grant) => grant.actions);

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
        ScheduleExpression: `rate(${schedule.rateMinutes} minute${schedule.rateMinutes === 1 ? '' : 's'})`,
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
  it('keeps the main table on demand with PITR, TTL, the stream and gsi1', () => {
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
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' })],
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
