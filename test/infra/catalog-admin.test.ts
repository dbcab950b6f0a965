import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  functionIdOf,
  grantsOf,
  resourcesOf,
  type SynthesizedService,
  synthesizeService,
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

  it('expires replaced versions, abandoned multipart uploads, and staged uploads nobody completed after a day', () => {
    const { statefulTemplate } = service;
    statefulTemplate.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
          Match.objectLike({
            Prefix: 'uploads/',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          }),
        ]),
      },
    });
  });

  it('admits the console, and only it, to PUT files through upload URLs (CORS)', () => {
    service.statefulTemplate.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          {
            AllowedOrigins: ['https://console.partner-travel.example.com'],
            AllowedMethods: ['PUT'],
            AllowedHeaders: ['content-type'],
            MaxAge: 3600,
          },
        ],
      },
    });
  });

  it('is read (GetObject of images/) only by the catalog and written only by catalog administration', () => {
    const { apiTemplate, api, stateful } = service;
    const bucketId = logicalIdOf(stateful, stateful.imagesBucket);
    const s3Grants = (name: string) =>
      grantsOf(apiTemplate, functionIdOf(apiTemplate, name))
        .filter((grant) => grant.resources.includes(bucketId))
        .map((grant) => ({
          actions: grant.actions,
          prefix: /"\/(\w+)\/\*"\]\]}$/.exec(grant.resources)?.[1],
        }));

    for (const name of api.functions.keys()) {
      const grants = s3Grants(name);
      if (name === 'catalog') expect(grants, name).toEqual([{ actions: ['s3:GetObject'], prefix: 'images' }]);
      else if (name === 'catalog-admin')
        expect(grants, name).toEqual([
          { actions: ['s3:PutObject'], prefix: 'images' },
          { actions: ['s3:GetObject', 's3:PutObject'], prefix: 'uploads' },
        ]);
      else expect(grants, name).toEqual([]);
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

describe('the REST APIs of the stage', () => {
  it('keep the api stack under 500 resources: the admin, venue and ES2+ APIs are nested stacks, the admin address an output of the api stack', () => {
    const { api } = service;
    const parent = Template.fromStack(api).toJSON() as {
      Resources: object;
      Outputs: Record<string, unknown>;
    };

    expect(Object.keys(parent.Resources).length).toBeLessThan(500);
    // The admin API's, the venue API's, the ES2+ API's, and the functions kept apart (the request log's,
    // the audit log's, rate limits).
    Template.fromStack(api).resourceCountIs('AWS::CloudFormation::Stack', 5);
    expect(parent.Outputs).toHaveProperty('AdminApiUrl', {
      Value: 'https://admin.partner-travel.example.com',
    });
    expect(Object.keys(parent.Outputs)).toContain('AdminApiRegionalDomainName');
  });

  it('pass image uploads to the Lambda as binary (base64) on the admin API only, wallet passes out as bytes on the partner API, with methods for the catalog routes', () => {
    const { apiTemplate } = service;
    const apis = resourcesOf(apiTemplate, 'AWS::ApiGateway::RestApi');
    const binaryTypesOf = (name: string) =>
      apis
        .filter(([, api]) => api.Properties.Name === name)
        .map(([, api]) => api.Properties.BinaryMediaTypes);

    expect(binaryTypesOf('partner-travel-prod-admin-api')).toEqual([
      ['image/png', 'image/jpeg', 'image/webp'],
    ]);
    // The partner API answers wallet passes as bytes (docs/wallet.md).
    expect(binaryTypesOf('partner-travel-prod-partner-api')).toEqual([['application/vnd.apple.pkpass']]);
    expect(binaryTypesOf('partner-travel-prod-auth-api')).toEqual([undefined]);
    apiTemplate.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'POST',
      OperationName: 'uploadCatalogImage',
    });
  });
});
