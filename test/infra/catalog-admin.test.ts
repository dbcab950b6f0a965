import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteTableApi } from '../../infra/constructs/route-table-api.ts';
import { routeList } from '../../shared/routes/index.ts';
import type { FunctionGroup } from '../../shared/routes/types.ts';
import {
  functionIdOf,
  grantsOf,
  resourcesOf,
  type SynthesizedService,
  synthesizeService,
  testApp,
} from './support.ts';

let service: SynthesizedService;
beforeAll(() => {
  service = synthesizeService('prod');
});

const logicalIdOf = (stack: Stack, element: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(element.node.defaultChild as never);

describe('the images bucket', () => {
  it('is private, encrypted, versioned and refuses plain HTTP', () => {
    const { statefulTemplate, stateful } = service;
    const bucketId = logicalIdOf(stateful, stateful.imagesBucket);

    statefulTemplate.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
    });
    statefulTemplate.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('expires replaced versions and abandoned uploads', () => {
    const { statefulTemplate } = service;
    statefulTemplate.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
  });

  it('is read (GetObject) only by the catalog and written (PutObject) only by catalog administration', () => {
    const { apiTemplate, api, stateful } = service;
    const bucketId = logicalIdOf(stateful, stateful.imagesBucket);
    const s3Grants = (name: string) =>
      grantsOf(apiTemplate, functionIdOf(apiTemplate, name)).filter((grant) =>
        grant.resources.includes(bucketId),
      );

    for (const name of api.functions.keys()) {
      const actions = s3Grants(name).flatMap((grant) => grant.actions);
      if (name === 'catalog') expect(actions, name).toEqual(['s3:GetObject']);
      else if (name === 'catalog-admin') expect(actions, name).toEqual(['s3:PutObject']);
      else expect(actions, name).toEqual([]);
    }
    for (const name of ['catalog', 'catalog-admin']) {
      for (const grant of s3Grants(name)) expect(grant.resources, name).toMatch(/"\/images\/\*"\]\]}$/);
    }
  });
});

describe('the catalog administration function', () => {
  it('appends to the audit table (PutItem only) and writes the main table', () => {
    const { apiTemplate, stateful } = service;
    const grants = grantsOf(apiTemplate, functionIdOf(apiTemplate, 'catalog-admin'));
    const on = (id: string) =>
      grants.filter((grant) => grant.resources.includes(id)).flatMap((grant) => grant.actions);

    expect(on(logicalIdOf(stateful, stateful.auditTable))).toEqual(['dynamodb:PutItem']);
    expect(on(logicalIdOf(stateful, stateful.mainTable))).toContain('dynamodb:UpdateItem');
  });
});

describe('the audit table', () => {
  it('has one index per filter of the audit-log read', () => {
    service.statefulTemplate.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: ['byActor', 'byTarget', 'byAction'].map((name) =>
        Match.objectLike({ IndexName: name }),
      ),
    });
  });
});

describe('a REST API serving the admin host', () => {
  function apiFor(host: 'admin' | 'api') {
    const stack = new Stack(testApp(), 'Isolated', { env: { region: 'eu-west-1', account: '111111111111' } });
    const fn = new LambdaFunction(stack, 'Fn', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => ({})'),
    });
    const groups = new Set<FunctionGroup>(routeList.map((route) => route.group));
    new RouteTableApi(stack, 'Api', {
      host,
      restApiName: `test-${host}`,
      routes: routeList,
      functions: new Map([...groups].map((group) => [group, fn])),
      notFoundFunction: fn,
      domainName: `${host}.example.com`,
      certificate: Certificate.fromCertificateArn(
        stack,
        'Certificate',
        'arn:aws:acm:eu-west-1:111111111111:certificate/00000000-0000-0000-0000-000000000000',
      ),
      throttling: { rateLimit: 10, burstLimit: 20 },
      logRetention: RetentionDays.ONE_WEEK,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    return Template.fromStack(stack);
  }

  it('passes image uploads to the Lambda as binary (base64), and the partner API takes none', () => {
    const admin = resourcesOf(apiFor('admin'), 'AWS::ApiGateway::RestApi');
    const partner = resourcesOf(apiFor('api'), 'AWS::ApiGateway::RestApi');

    expect(admin.map(([, api]) => api.Properties.BinaryMediaTypes)).toEqual([
      ['image/png', 'image/jpeg', 'image/webp'],
    ]);
    expect(partner.map(([, api]) => api.Properties.BinaryMediaTypes)).toEqual([undefined]);
  });
});
