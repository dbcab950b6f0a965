import {
  AttributeType,
  Billing,
  ProjectionType,
  StreamViewType,
  TableEncryptionV2,
  type TablePropsV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { TableShape } from '../../shared/db/tables.ts';

export interface ServiceTableProps extends Pick<TablePropsV2, 'removalPolicy' | 'deletionProtection'> {
  /** The shape the local stage creates too (shared/db/tables.ts). */
  shape: TableShape;
}

/**
 * A table as this service always wants one: on-demand, point-in-time recovery, encrypted with the
 * AWS managed key (key use visible in CloudTrail), keys, TTL, stream and indexes from the shared shape.
 */
export class ServiceTable extends TableV2 {
  readonly indexNames: readonly string[];

  constructor(scope: Construct, id: string, { shape, ...props }: ServiceTableProps) {
    super(scope, id, {
      ...props,
      partitionKey: { name: shape.partitionKey, type: AttributeType.STRING },
      ...(shape.sortKey === undefined
        ? {}
        : { sortKey: { name: shape.sortKey, type: AttributeType.STRING } }),
      timeToLiveAttribute: shape.timeToLiveAttribute,
      ...(shape.stream ? { dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES } : {}),
      globalSecondaryIndexes: shape.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        ...(index.projection === 'KEYS_ONLY' ? { projectionType: ProjectionType.KEYS_ONLY } : {}),
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryptionV2.awsManagedKey(),
    });
    this.indexNames = shape.globalSecondaryIndexes.map((index) => index.indexName);
  }
}
