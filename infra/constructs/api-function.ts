import { relative } from 'node:path';
import {
  AssetHashType,
  Aws,
  DockerImage,
  Duration,
  type RemovalPolicy,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Code,
  type FunctionProps,
  Function as LambdaFunction,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { kmsKeyTags } from '../../shared/aws/kms-signing-keys.ts';
import { signingKeyPurposes } from '../../shared/crypto/signing-key-vault.ts';
import { type Access, type BucketAccess, bucketGrants, type SigningKeyAccess } from '../functions.ts';
import type { KeyAccess } from '../table-keys.ts';
import { bundleFunctionSync } from './bundle.ts';
import { projectRoot } from './entries.ts';
import type { ServiceTable } from './service-table.ts';

/**
 * No Scan anywhere: every access pattern of the service is a key read or a Query (docs/architecture.md),
 * so a function that could scan would only be a way to read every tenant's items at once.
 */
const allReads = ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem', 'DescribeTable'];
const readActions: Record<Access, string[]> = {
  read: allReads,
  readWrite: allReads,
  append: [],
  // One counter item read by its key: no query, no scan.
  count: ['GetItem'],
};
// TransactWriteItems is authorized per item through these actions.
const writeActions: Record<Access, string[]> = {
  read: [],
  readWrite: ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  // A conditional PutItem that never overwrites: no read, no change, no delete.
  append: ['PutItem'],
  // An atomic ADD to a counter item: no put, no delete.
  count: ['UpdateItem'],
};

export interface ApiFunctionProps extends Pick<FunctionProps, 'description' | 'environment' | 'timeout'> {
  /** `functions/<name>/handler.ts`, exporting `handler`. */
  entry: string;
  memorySize?: 512 | 1024;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * The function's code as infra/constructs/bundle.ts builds it, with the local esbuild: Docker is never
 * used (its image is a placeholder), and a failed build fails the synth. Skipped, as every bundling
 * is, for stacks outside `aws:cdk:bundling-stacks`.
 */
function bundledCode(entry: string): Code {
  return Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('scratch'),
      // Names the entry: CDK caches bundles by these options, and without it every function would get
      // the first one's code. Docker never runs it.
      command: ['esbuild', relative(projectRoot, entry)],
      local: {
        tryBundle(outputDir) {
          bundleFunctionSync(entry, outputDir);
          return true;
        },
      },
    },
  });
}

/**
 * Every Lambda of the service: Node 24 on ARM, X-Ray, its own log group with retention, an ESM bundle
 * built by the local esbuild (no Docker). The role starts empty except for its log group: `bindTable`
 * and `bindSecret` add exactly what the function needs.
 */
export class ApiFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    // Siblings, not children: both must exist before `super()` so the defaults (a role with the
    // account-wide AWSLambdaBasicExecutionRole, a log group without retention) are never created.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    super(scope, id, {
      code: bundledCode(props.entry),
      handler: 'index.handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      environment: props.environment,
    });
    logGroup.grantWrite(role);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions.',
    });
  }

  /**
   * The table and its named indexes, no `index/*` wildcard, each statement limited to the partitions
   * `keys` names (IAM condition dynamodb:LeadingKeys, evaluated against the partition key of the
   * table or of the index queried). `count` access reads by key only, so no index.
   */
  bindTable({ table, access, keys }: { table: ServiceTable; access: Access; keys: KeyAccess }): void {
    const statement = (actions: readonly string[], patterns: readonly string[], resources: string[]) => {
      if (actions.length === 0) return;
      if (patterns.length === 0) {
        throw new Error(`${this.node.path}: ${access} access to ${table.node.path} names no partitions`);
      }
      this.addToRolePolicy(
        new PolicyStatement({
          actions: actions.map((action) => `dynamodb:${action}`),
          resources,
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] } },
        }),
      );
    };
    const indexes =
      access === 'count' ? [] : table.indexNames.map((name) => `${table.tableArn}/index/${name}`);
    statement(readActions[access], keys.reads, [table.tableArn, ...indexes]);
    statement(writeActions[access], keys.writes, [table.tableArn]);
  }

  /** Objects under `images/` only: GetObject to read, PutObject to write; never list or delete. */
  bindBucket({ bucket, access }: { bucket: IBucket; access: BucketAccess }): void {
    // The bucket lives in the stateful stack: its ARN arrives as an import, which cdk-nag names by export.
    const owner = Stack.of(bucket);
    const arn = owner === this.stack ? bucket.bucketArn : owner.exportValue(bucket.bucketArn);
    const resolved = this.stack.resolve(arn) as { 'Fn::ImportValue'?: string; 'Fn::GetAtt'?: string[] };
    const named = resolved['Fn::ImportValue'] ?? `<${resolved['Fn::GetAtt']?.[0]}.Arn>`;
    for (const { prefix, actions } of bucketGrants[access]) {
      this.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [`${arn}/${prefix}*`] }));
      Validations.of(this.role ?? this).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${named}/${prefix}*]`,
        reason:
          `Objects under ${prefix} are named by a hash or an upload id, unknown at deploy time: the ` +
          `function may ${actions.join(' and ')} them and do nothing else with the bucket.`,
      });
    }
  }

  bindSecret({ secret, access }: { secret: ISecret; access: 'read' | 'readWrite' }): void {
    secret.grantRead(this);
    if (access === 'readWrite') secret.grantWrite(this);
  }

  /**
   * KMS signing keys are created at runtime (key rotation), so no ARN is known at deploy time: every
   * grant names the account's keys and is limited by the tags rotation gives each key, its purpose and
   * stage. Signers may only Sign with keys of their purposes; the manager may create keys only with
   * those tags, read their public keys and schedule their deletion. Nobody may decrypt, export or sign
   * with any other key.
   */
  bindSigningKeys({ access, stage }: { access: SigningKeyAccess; stage: string }): void {
    const keys = `arn:${Aws.PARTITION}:kms:${Aws.REGION}:${Aws.ACCOUNT_ID}:key/*`;
    const purposes = 'sign' in access ? [...access.sign] : [...signingKeyPurposes];
    const taggedKeys = {
      StringEquals: {
        [`aws:ResourceTag/${kmsKeyTags.purpose}`]: purposes,
        [`aws:ResourceTag/${kmsKeyTags.stage}`]: stage,
      },
    };
    const requestTags = {
      StringEquals: {
        [`aws:RequestTag/${kmsKeyTags.purpose}`]: purposes,
        [`aws:RequestTag/${kmsKeyTags.stage}`]: stage,
      },
      'ForAllValues:StringEquals': { 'aws:TagKeys': [kmsKeyTags.purpose, kmsKeyTags.stage, 'kid'] },
    };
    if ('sign' in access) {
      this.addToRolePolicy(
        new PolicyStatement({ actions: ['kms:Sign'], resources: [keys], conditions: taggedKeys }),
      );
    } else {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['kms:CreateKey'],
          resources: ['*'],
          conditions: {
            ...requestTags,
            StringEquals: {
              ...requestTags.StringEquals,
              'kms:KeySpec': 'ECC_NIST_P256',
              'kms:KeyUsage': 'SIGN_VERIFY',
            },
          },
        }),
      );
      this.addToRolePolicy(
        new PolicyStatement({ actions: ['kms:TagResource'], resources: [keys], conditions: requestTags }),
      );
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['kms:GetPublicKey', 'kms:ScheduleKeyDeletion'],
          resources: [keys],
          conditions: taggedKeys,
        }),
      );
    }
    Validations.of(this.role ?? this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:kms:<AWS::Region>:<AWS::AccountId>:key/*]',
        reason:
          'Signing keys are KMS keys that key rotation creates at runtime: the grant is limited by their ' +
          `purpose and stage tags (${purposes.join(', ')}; ${stage}).`,
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'kms:CreateKey names no resource; only keys with the purpose and stage tags may be created.',
      },
    );
  }
}
