import { randomInt, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { esimFromItem, esimToItem } from '../../../shared/db/entities/esim.ts';
import { withCheckDigit } from '../../../shared/domain/esim/iccid.ts';
import { type ApiResponse, api, endpoints } from '../../support/api.ts';
import { documentClient, scanMainTable } from '../../support/aws.ts';
import { type OnboardedPartner, onboardPartner } from '../../support/onboard.ts';

export type Json = Record<string, unknown>;

/** Seeded tariffs (seed/catalog/tariffs.json) the tests order. */
export const tariffs = {
  /** Russia 1 GB, 7 days, sold as a top-up. */
  russia: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
  /** Russia 5 GB, 30 days, sold as a top-up. */
  russiaLarge: '133c7d72-0e48-519c-9fb9-ecd4936fd046',
  /** CIS 5 GB, 30 days (covers RU), sold as a top-up. */
  cis: '3df39420-dfa2-59be-a001-cce6286bd83f',
  /** Turkey 5 GB, 15 days (does not cover RU). */
  turkey: 'df1a287d-cf62-54f2-83ba-e3f0f11294e1',
  /** Global 1 GB, 7 days, not sold as a top-up. */
  global: '0f507063-0f79-5d22-b27e-7d2b60116308',
  /** USA 10 GB, 30 days: outside the second seeded partner's contract. */
  usa: '30ab9282-2daa-55c0-bc47-0351d922943a',
} as const;

export const orderBody = (overrides: Json = {}): Json => ({
  package_template_id: tariffs.russia,
  active_period: 7,
  validity_period: 30,
  ...overrides,
});

/** ICCIDs no seeded pool holds (issuer digits 98, where seeds use 99), new on every call. */
export function testIccids(count: number): string[] {
  const block = String(randomInt(1_000_000_000)).padStart(9, '0');
  return Array.from({ length: count }, (_, serial) =>
    withCheckDigit(`8988298${block}${String(serial).padStart(2, '0')}`),
  );
}

const operator = api('operator');

export async function asOperator<T = Json>(
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse<T>> {
  return operator.request<T>(method, path, {
    token: await operator.token(),
    ...(body === undefined ? {} : { body }),
  });
}

export const poolPath = (accountId: string) => `/v2/admin/accounts/${accountId}/esim-pool`;

export async function loadPool(accountId: string, iccids: readonly string[]): Promise<ApiResponse<Json>> {
  return asOperator('POST', poolPath(accountId), { iccids });
}

export interface EsimPartner {
  accountId: string;
  partner: OnboardedPartner;
  call: (
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<ApiResponse<Json>>;
  order: (body?: Json, key?: string) => Promise<ApiResponse<Json>>;
  confirm: (orderId: string, headers?: Record<string, string>) => Promise<ApiResponse<Json>>;
  /** An order confirmed: its eSIM record. */
  issued: (body?: Json) => Promise<Json>;
  usage: (iccid: string, usedMb: number) => Promise<ApiResponse<Json>>;
  topUp: (iccid: string, body?: Json, key?: string) => Promise<ApiResponse<Json>>;
}

/** A partner account of the test's own, onboarded by the operator, with a pool of `poolSize` ICCIDs. */
export async function esimPartner(
  poolSize = 10,
  scopes: readonly string[] = ['esim:write', 'esim:read'],
): Promise<EsimPartner> {
  const partner = await onboardPartner(scopes, 'eSIM test');
  if (poolSize > 0) {
    const loaded = await loadPool(partner.accountId, testIccids(poolSize));
    if (loaded.status !== 201) throw new Error(`pool: ${loaded.status} ${JSON.stringify(loaded.body)}`);
  }
  const call: EsimPartner['call'] = (method, path, options = {}) => partner.call<Json>(method, path, options);
  const order: EsimPartner['order'] = (body = orderBody(), key = randomUUID()) =>
    call('POST', '/v2/b2b/fulfilment/esims', { body, headers: { 'idempotency-key': key } });
  const confirm: EsimPartner['confirm'] = (orderId, headers = {}) =>
    call('POST', `/v2/b2b/fulfilment/orders/${orderId}/confirm`, { headers });
  return {
    accountId: partner.accountId,
    partner,
    call,
    order,
    confirm,
    issued: async (body) => {
      const created = await order(body);
      if (created.status !== 201) throw new Error(`order: ${created.status} ${JSON.stringify(created.body)}`);
      const confirmed = await confirm(created.body.order_id as string);
      if (confirmed.status !== 200)
        throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
      return confirmed.body;
    },
    usage: (iccid, usedMb) =>
      call('POST', '/v2/b2b/sandbox/esim-usage', { body: { iccid, used_mb: usedMb } }),
    topUp: (iccid, body = orderBody(), key = randomUUID()) =>
      call('POST', `/v2/b2b/fulfilment/esims/${iccid}/topup`, { body, headers: { 'idempotency-key': key } }),
  };
}

const table = () => endpoints().tables.main;
const db = documentClient();

export async function storedEsim(accountId: string, iccid: string): Promise<Json | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: table(), Key: { pk: `ACCOUNT#${accountId}`, sk: `ESIM#${iccid}` } }),
  );
  return Item;
}

/** Moves every running package's expires_at into the past, as if its days had gone by. */
export async function timePasses(accountId: string, iccid: string): Promise<void> {
  const item = await storedEsim(accountId, iccid);
  if (!item) throw new Error(`No eSIM ${iccid}`);
  const past = new Date(Date.now() - 1000).toISOString();
  const packages = (item.packages as Json[]).map((pkg) =>
    pkg.status === 'Expired' ? pkg : { ...pkg, expires_at: past },
  );
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...item, packages, gsi1pk: 'ESIM_EXPIRY', gsi1sk: `${past}#${accountId}#${iccid}` },
    }),
  );
}

/**
 * Moves the running packages' expires_at to `at`, re-indexed as the service indexes it (expiry notices
 * still owed included), as if the eSIM had been issued for that long. Expiry notices already sent stay
 * recorded.
 */
export async function expiresAt(accountId: string, iccid: string, at: Date): Promise<void> {
  const item = await storedEsim(accountId, iccid);
  if (!item) throw new Error(`No eSIM ${iccid}`);
  const esim = esimFromItem(item);
  const packages = esim.packages.map((pkg) =>
    pkg.status === 'Expired' ? pkg : { ...pkg, expiresAt: at.toISOString() },
  );
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  await db.send(new PutCommand({ TableName: table(), Item: esimToItem({ ...esim, packages }) }));
}

/** The outbox events of one eSIM, oldest first. */
export async function eventsOf(iccid: string): Promise<Json[]> {
  const events = await scanMainTable('entity = :event AND ordering_key = :iccid', {
    ':event': 'Event',
    ':iccid': iccid,
  });
  return events.sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)));
}

/** Items of the account's partition whose sort key starts with `prefix` (orders, eSIMs). */
export async function storedItems(accountId: string, prefix: string): Promise<Json[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `ACCOUNT#${accountId}`, ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as Json[];
}

/** The expiry sweep, run here against the stage's tables as EventBridge runs it every minute in AWS. */
export async function sweep(): Promise<{ events: number }> {
  Object.assign(process.env, endpoints().environment);
  resetModuleCaches();
  const { handler } = await import('../../../functions/esim-expiry/handler.ts');
  return handler();
}

/**
 * Deletes the response a confirm stored under its key, leaving its eSIM: the state a crash leaves
 * between the confirm's own transaction and the idempotency record written after it.
 */
export async function forgetConfirmAnswer(accountId: string, key: string): Promise<void> {
  const pk = `${accountId}#confirmEsimOrder#${encodeURIComponent(key)}`;
  const { Attributes } = await db.send(
    new DeleteCommand({ TableName: endpoints().tables.idempotency, Key: { pk }, ReturnValues: 'ALL_OLD' }),
  );
  if (!Attributes) throw new Error(`No idempotency record ${pk}`);
}
