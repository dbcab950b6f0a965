import { relative } from 'node:path';
import { AssetHashType, DockerImage, Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
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
import { type Access, type BucketAccess, bucketGrants } from '../functions.ts';
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
}
