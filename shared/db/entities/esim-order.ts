import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import type { EsimOrder, OrderStatus, Price } from '../../domain/esim/model.ts';
import type { EsimOrderStore } from '../../domain/esim/ports.ts';
import { ddb } from '../client.ts';
import type { DynamoWrite, TransactItem } from '../transaction.ts';
import { accountPartition } from './account.ts';

/**
 * eSIM order: pk `ACCOUNT#<account_id>`, sk `ESIM_ORDER#<order_id>` (tenant isolation by key). A
 * confirm rewrites it on the condition that it is still Pending, in the transaction that takes the
 * ICCID (shared/db/entities/esim-pool.ts).
 */
export const esimOrderKeys = (accountId: string, orderId: string) => ({
  pk: accountPartition(accountId),
  sk: `ESIM_ORDER#${orderId}`,
});

export interface EsimOrderItem {
  pk: string;
  sk: string;
  entity: 'EsimOrder';
  order_id: string;
  account_id: string;
  status: OrderStatus;
  package_template_id: string;
  active_period: number;
  validity_period: number;
  price: Price;
  data_mb: number;
  coverage: string[];
  iccid: string | null;
  created_at: string;
  updated_at: string;
}

export function esimOrderToItem(order: EsimOrder): EsimOrderItem {
  return {
    ...esimOrderKeys(order.accountId, order.orderId),
    entity: 'EsimOrder',
    order_id: order.orderId,
    account_id: order.accountId,
    status: order.status,
    package_template_id: order.packageTemplateId,
    active_period: order.activePeriod,
    validity_period: order.validityPeriod,
    price: { amount: order.price.amount, currency: order.price.currency },
    data_mb: order.dataMb,
    coverage: [...order.coverage],
    iccid: order.iccid,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
}

export function esimOrderFromItem(item: Record<string, unknown>): EsimOrder {
  const stored = item as unknown as EsimOrderItem;
  return {
    orderId: stored.order_id,
    accountId: stored.account_id,
    status: stored.status,
    packageTemplateId: stored.package_template_id,
    activePeriod: stored.active_period,
    validityPeriod: stored.validity_period,
    price: { amount: stored.price.amount, currency: stored.price.currency },
    dataMb: stored.data_mb,
    coverage: [...stored.coverage],
    iccid: stored.iccid ?? null,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

export async function findEsimOrder(accountId: string, orderId: string): Promise<EsimOrder | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: config().mainTableName,
      Key: esimOrderKeys(accountId, orderId),
      ConsistentRead: true,
    }),
  );
  return Item ? esimOrderFromItem(Item) : undefined;
}

export function createEsimOrderWrite(order: EsimOrder): DynamoWrite {
  return {
    description: `eSIM order ${order.orderId} new -> ${order.status}`,
    item: {
      Put: {
        TableName: config().mainTableName,
        Item: esimOrderToItem(order),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/** The order's change, on the condition that it still has the status it was read with. */
export function esimOrderChange(before: EsimOrder, after: EsimOrder): TransactItem {
  return {
    Put: {
      TableName: config().mainTableName,
      Item: esimOrderToItem(after),
      ConditionExpression: '#status = :expected',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':expected': before.status },
    },
  };
}

export const esimOrderStore = {
  find: findEsimOrder,
  createWrite: createEsimOrderWrite,
} satisfies EsimOrderStore;
