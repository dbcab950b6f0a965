import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { ConcurrentChangeError } from '../../domain/errors.ts';
import { esimEvents } from '../../domain/esim/events.ts';
import { nextDue } from '../../domain/esim/lifecycle.ts';
import {
  defaultUsageThresholds,
  type Esim,
  type EsimPackage,
  type EsimStatusChange,
  type OncePerPackageEventType,
  type PackageStatus,
} from '../../domain/esim/model.ts';
import type { EsimChange, EsimKey, EsimStore } from '../../domain/esim/ports.ts';
import type { ProfileState } from '../../domain/esim/profile.ts';
import { newEvent } from '../../domain/events.ts';
import type { Page, PageRequest } from '../../domain/ports.ts';
import type { StagedWrite } from '../../domain/unit-of-work.ts';
import { ddb } from '../client.ts';
import { decodeCursor, encodeCursor } from '../paging.ts';
import { commitWrites, DynamoUnitOfWork, type DynamoWrite, type TransactItem } from '../transaction.ts';
import { accountPartition } from './account.ts';
import { eventWrite } from './event.ts';

/**
 * eSIM: pk `ACCOUNT#<account_id>`, sk `ESIM#<iccid>`, its packages inside the item (at most 100), so
 * one consistent GetItem reads the eSIM with packages and usage, and one conditional Put changes it.
 * Every change increments `version` and is conditional on the version read.
 *
 * While a package is not yet Expired the item also carries gsi1pk `ESIM_EXPIRY`, gsi1sk
 * `<when the sweep must next act>#<account_id>#<iccid>` (the earliest expiry notice owed or
 * `expires_at` of those packages, lifecycle.ts `nextDue`): a sparse index of what the expiry sweep must
 * visit, soonest first. Once every package is Expired the item leaves the index.
 */
export const esimKeys = (accountId: string, iccid: string) => ({
  pk: accountPartition(accountId),
  sk: `ESIM#${iccid}`,
});
const esimPrefix = 'ESIM#';
/** gsi1pk of every eSIM not yet Expired (the expiry index). */
export const expiryPartition = 'ESIM_EXPIRY';

interface PackageItem {
  package_id: string;
  package_template_id: string;
  status: PackageStatus;
  data_mb: number;
  used_mb: number;
  active_period: number;
  validity_period: number;
  usage_as_of: string;
  activated_at: string | null;
  expires_at: string;
  created_at: string;
  /** Before usage thresholds per account it also held `esim.package.usage_threshold_reached` (80 %). */
  notified: (OncePerPackageEventType | 'esim.package.usage_threshold_reached')[];
  /** Absent on packages stored before usage thresholds per account. */
  thresholds_notified?: number[];
  /** Absent on packages stored before expiry notices. */
  expiry_notices?: number[];
}

export interface EsimItem {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  entity: 'Esim';
  iccid: string;
  account_id: string;
  order_id: string;
  smdp_address: string;
  matching_id: string;
  coverage: string[];
  packages: PackageItem[];
  version: number;
  created_at: string;
  updated_at: string;
  /** Present while suspended (shared/domain/esim/suspension.ts). */
  suspended_at?: string;
  /** Present once refunded (shared/domain/esim/refund.ts): the ICCID is retired. */
  refunded_at?: string;
  /** Suspensions, resumptions and the refund, oldest first. */
  history?: EsimStatusChange[];
  /** The profile as the SM-DP+ last reported it (shared/domain/esim/profile.ts). */
  profile?: ProfileItem;
}

interface ProfileItem {
  state: ProfileState;
  eid: string | null;
  updated_at: string;
  calls: string[];
}

function packageToItem(pkg: EsimPackage): PackageItem {
  return {
    package_id: pkg.packageId,
    package_template_id: pkg.packageTemplateId,
    status: pkg.status,
    data_mb: pkg.dataMb,
    used_mb: pkg.usedMb,
    active_period: pkg.activePeriod,
    validity_period: pkg.validityPeriod,
    usage_as_of: pkg.usageAsOf,
    activated_at: pkg.activatedAt,
    expires_at: pkg.expiresAt,
    created_at: pkg.createdAt,
    notified: [...pkg.notified],
    thresholds_notified: [...pkg.thresholdsNotified],
    expiry_notices: [...pkg.expiryNotices],
  };
}

const legacyThresholdEvent = 'esim.package.usage_threshold_reached';

function packageFromItem(item: PackageItem): EsimPackage {
  const notified = item.notified ?? [];
  return {
    packageId: item.package_id,
    packageTemplateId: item.package_template_id,
    status: item.status,
    dataMb: item.data_mb,
    usedMb: item.used_mb,
    activePeriod: item.active_period,
    validityPeriod: item.validity_period,
    usageAsOf: item.usage_as_of,
    activatedAt: item.activated_at ?? null,
    expiresAt: item.expires_at,
    createdAt: item.created_at,
    notified: notified.filter((type): type is OncePerPackageEventType => type !== legacyThresholdEvent),
    // A package stored before usage thresholds per account was told about the one threshold then, 80 %.
    thresholdsNotified:
      item.thresholds_notified ??
      (notified.includes(legacyThresholdEvent) ? [...defaultUsageThresholds] : []),
    expiryNotices: [...(item.expiry_notices ?? [])],
  };
}

export function esimToItem(esim: Esim): EsimItem {
  const expiry = nextDue(esim);
  return {
    ...esimKeys(esim.accountId, esim.iccid),
    ...(expiry ? { gsi1pk: expiryPartition, gsi1sk: `${expiry}#${esim.accountId}#${esim.iccid}` } : {}),
    entity: 'Esim',
    iccid: esim.iccid,
    account_id: esim.accountId,
    order_id: esim.orderId,
    smdp_address: esim.smdpAddress,
    matching_id: esim.matchingId,
    coverage: [...esim.coverage],
    packages: esim.packages.map(packageToItem),
    version: esim.version,
    created_at: esim.createdAt,
    updated_at: esim.updatedAt,
    ...(esim.suspendedAt !== undefined ? { suspended_at: esim.suspendedAt } : {}),
    ...(esim.refundedAt !== undefined ? { refunded_at: esim.refundedAt } : {}),
    // Stored as the domain has it: plain fields whose names are the wire's too.
    ...(esim.history
      ? { history: esim.history.map((change) => ({ ...change, actor: { ...change.actor } })) }
      : {}),
    ...(esim.profile
      ? {
          profile: {
            state: esim.profile.state,
            eid: esim.profile.eid,
            updated_at: esim.profile.updatedAt,
            calls: [...esim.profile.calls],
          },
        }
      : {}),
  };
}

export function esimFromItem(item: Record<string, unknown>): Esim {
  const stored = item as unknown as EsimItem;
  return {
    iccid: stored.iccid,
    accountId: stored.account_id,
    orderId: stored.order_id,
    smdpAddress: stored.smdp_address,
    matchingId: stored.matching_id,
    coverage: [...stored.coverage],
    packages: stored.packages.map(packageFromItem),
    version: stored.version,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
    ...(stored.suspended_at !== undefined ? { suspendedAt: stored.suspended_at } : {}),
    ...(stored.refunded_at !== undefined ? { refundedAt: stored.refunded_at } : {}),
    ...(stored.history ? { history: stored.history } : {}),
    ...(stored.profile
      ? {
          profile: {
            state: stored.profile.state,
            eid: stored.profile.eid ?? null,
            updatedAt: stored.profile.updated_at,
            calls: [...(stored.profile.calls ?? [])],
          },
        }
      : {}),
  };
}

export async function findEsim(accountId: string, iccid: string): Promise<Esim | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: esimKeys(accountId, iccid),
      ConsistentRead: true,
    }),
  );
  return Item ? esimFromItem(Item) : undefined;
}

/** A new eSIM: its ICCID was never issued in this account. */
export function newEsimPut(esim: Esim): TransactItem {
  return {
    Put: {
      TableName: config().mainTableName,
      Item: esimToItem(esim),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The cursor names the last sort key read; the partition always comes from the token. */
const isEsimPosition = (position: Record<string, unknown>): position is { sk: string } =>
  /^ESIM#\d{19,20}$/.test(String(position.sk));

/** One page of the account's eSIMs, by ICCID: one Query of its partition. */
export async function listEsims(accountId: string, query: PageRequest): Promise<Page<Esim>> {
  const pk = esimKeys(accountId, '').pk;
  const start =
    query.cursor === undefined ? undefined : { pk, sk: decodeCursor(query.cursor, isEsimPosition).sk };
  const result = await ddb().send(
    new QueryCommand({
      TableName: config().mainTableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': esimPrefix },
      // An eSIM just issued is listed at once: partners list right after confirming.
      ConsistentRead: true,
      Limit: query.limit + 1,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  const found = result.Items ?? [];
  const items = found.slice(0, query.limit);
  // A page cut short by DynamoDB's 1 MB limit resumes where it stopped.
  const resumeAt = found.length > query.limit ? items.at(-1)?.sk : result.LastEvaluatedKey?.sk;
  return {
    items: items.map(esimFromItem),
    nextCursor: typeof resumeAt === 'string' ? encodeCursor({ sk: resumeAt }) : null,
  };
}

export async function expiringEsims(now: Date, limit: number): Promise<EsimKey[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: config().mainTableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': expiryPartition, ':now': `${now.toISOString()}#~` },
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => {
    const [, accountId = '', iccid = ''] = String(item.gsi1sk).split('#');
    return { accountId, iccid };
  });
}

/**
 * The writes of a change: the whole new item on the condition that the version is still the one read,
 * and one outbox event per package notice, for one transaction.
 */
export function esimChangeWrites(change: EsimChange): DynamoWrite[] {
  const { before, after, now } = change;
  const writes: DynamoWrite[] = [
    {
      description: `eSIM ${after.iccid} v${before?.version ?? 0} -> v${after.version}`,
      item:
        before === null
          ? newEsimPut(after)
          : {
              Put: {
                TableName: config().mainTableName,
                Item: esimToItem(after),
                ConditionExpression: '#version = :read',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':read': before.version },
              },
            },
      onConditionFailed: () =>
        new ConcurrentChangeError(`eSIM ${after.iccid} changed while this request was processed; retry it.`),
    },
  ];
  for (const event of esimEvents(change)) {
    writes.push(
      eventWrite(
        newEvent({
          accountId: after.accountId,
          type: event.type,
          orderingKey: after.iccid,
          data: event.data,
          now,
        }),
      ),
    );
  }
  return writes;
}

export const esimStore = {
  find: findEsim,
  list: listEsims,
  expiring: expiringEsims,
  writes: esimChangeWrites,
  commit: (writes: StagedWrite[]) => {
    const uow = new DynamoUnitOfWork();
    uow.stage(...writes);
    return commitWrites(uow.writes);
  },
} satisfies EsimStore;
