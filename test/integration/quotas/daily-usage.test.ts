import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalUsagePlans } from '../../../infra/local/limits.ts';
import { dailyUsageKey } from '../../../shared/db/entities/daily-usage.ts';
import { utcDate } from '../../../shared/domain/quotas/daily-usage.ts';
import { quotaSettingsByStage } from '../../../shared/domain/quotas/settings.ts';
import { endpoints } from '../../support/api.ts';
import { documentClient } from '../../support/aws.ts';
import { type OnboardedPartner, onboardPartner } from '../../support/onboard.ts';
import { type OwnGateway, ownGateway } from './own-gateway.ts';

const settings = quotaSettingsByStage.local;
const quota = settings.plans.standard.dailyQuota;
const documents = documentClient();

interface RateLimitStatusBody {
  policies: { policy: string; remaining: number | null }[];
}

/** The `daily` item of a RateLimit field: what is left of the day's quota. */
function dailyRemaining(field: string | undefined): number {
  const match = /"daily";r=(\d+);t=(\d+)/.exec(field ?? '');
  if (!match) throw new Error(`No daily policy in RateLimit: ${field}`);
  return Number(match[1]);
}

/** The account's counter items as DynamoDB Local holds them, today's and yesterday's (a run across midnight). */
async function storedCount(accountId: string): Promise<{ requests: number; expiresAt: number | undefined }> {
  const now = Date.now();
  let requests = 0;
  let expiresAt: number | undefined;
  for (const day of new Set([utcDate(new Date(now - 60_000)), utcDate(new Date(now))])) {
    const { Item } = await documents.send(
      new GetCommand({
        TableName: endpoints().environment.IDEMPOTENCY_TABLE_NAME,
        Key: dailyUsageKey(`account:${accountId}`, day),
        ConsistentRead: true,
      }),
    );
    requests += Number(Item?.requests ?? 0);
    if (Item) expiresAt = Number(Item.expires_at);
  }
  return { requests, expiresAt };
}

const rateLimits = (partner: OnboardedPartner) =>
  partner.call<RateLimitStatusBody>('GET', '/v2/b2b/rate-limits');
const lounges = (partner: OnboardedPartner) => partner.call('GET', '/v2/catalog/lounges');

describe('the daily usage counter on the local stage', () => {
  it('counts every request of an account, each answer saying one fewer is left, the status the same', async () => {
    const partner = await onboardPartner(['catalog.lounges:read'], 'Counted partner');

    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await lounges(partner));
    const status = await rateLimits(partner);
    const stored = await storedCount(partner.accountId);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => dailyRemaining(answer.headers.ratelimit))).toEqual([
      quota - 1,
      quota - 2,
      quota - 3,
      quota - 4,
      quota - 5,
    ]);
    // Reading the status sends what the stage's process counted: the item holds all six requests.
    expect(stored.requests).toBe(6);
    expect(dailyRemaining(status.headers.ratelimit)).toBe(quota - 6);
    expect(status.body.policies.find((policy) => policy.policy === 'daily')?.remaining).toBe(quota - 6);
    // Two days after the day ends, DynamoDB may forget the item.
    const dayEnd = Math.ceil(Date.now() / 86_400_000) * 86_400;
    expect(stored.expiresAt).toBe(dayEnd + 2 * 86_400);
  });

  it('keeps accounts apart: another account’s requests never show in an account’s count', async () => {
    const [busy, quiet] = await Promise.all([
      onboardPartner(['catalog.lounges:read'], 'Busy partner'),
      onboardPartner(['catalog.lounges:read'], 'Quiet partner'),
    ]);
    for (let index = 0; index < 4; index++) await lounges(busy);

    const quietAnswer = await lounges(quiet);
    const quietStatus = await rateLimits(quiet);
    const busyStatus = await rateLimits(busy);

    expect(dailyRemaining(quietAnswer.headers.ratelimit)).toBe(quota - 1);
    expect(quietStatus.body.policies.find((policy) => policy.policy === 'daily')?.remaining).toBe(quota - 2);
    expect(busyStatus.body.policies.find((policy) => policy.policy === 'daily')?.remaining).toBe(quota - 5);
    expect((await storedCount(quiet.accountId)).requests).toBe(2);
    expect((await storedCount(busy.accountId)).requests).toBe(5);
  });
});

describe('two processes counting one account, as two Lambda containers do', () => {
  // A gateway in this test process, with functions (and a counter) of their own: a second container.
  let second: OwnGateway;
  beforeAll(async () => {
    second = await ownGateway({
      host: 'api',
      usagePlans: new LocalUsagePlans({
        plans: settings.plans,
        staff: settings.staff,
        defaultPlan: 'standard',
      }),
    });
  });
  afterAll(() => second.close());

  it('report the account’s day across both, from the shared count rather than either gateway’s own', async () => {
    const partner = await onboardPartner(['catalog.lounges:read'], 'Partner on two containers');
    for (let index = 0; index < 3; index++) await lounges(partner);
    // The stage's process sends what it counted at most once a second; reading the status sends it now.
    await rateLimits(partner);

    const elsewhere = await second.client.request<RateLimitStatusBody>('GET', '/v2/b2b/rate-limits', {
      cert: partner.identity,
      token: partner.token,
    });

    // This process's gateway saw one request; the function's count knows all five.
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.ratelimit).toMatch(/^"burst";r=\d+;t=\d+, "daily";r=\d+;t=\d+$/);
    expect(dailyRemaining(elsewhere.headers.ratelimit)).toBe(quota - 5);
    expect(elsewhere.body.policies.find((policy) => policy.policy === 'daily')?.remaining).toBe(quota - 5);
  });

  it('list the day on the first answer to a fresh account on a container, from the total its count fetched', async () => {
    const partner = await onboardPartner(['catalog.lounges:read'], 'Fresh partner on a new container');
    for (let index = 0; index < 3; index++) await lounges(partner);
    await rateLimits(partner);

    // The first request of the account this container (process) serves, which it has heard no total of:
    // a refusal at validation, so no handler work runs beside the flush its count started.
    const first = await second.client.request('GET', '/v2/catalog/lounges?limit=0', {
      cert: partner.identity,
      token: partner.token,
    });
    const next = await second.client.request('GET', '/v2/catalog/lounges', {
      cert: partner.identity,
      token: partner.token,
    });

    // The gateway's own count would say quota - 1: the function waited for its flush's answer.
    expect(first.status).toBe(422);
    expect(first.headers.ratelimit).toMatch(/^"burst";r=\d+;t=\d+, "daily";r=\d+;t=\d+$/);
    expect(dailyRemaining(first.headers.ratelimit)).toBe(quota - 5);
    expect(next.status).toBe(200);
    expect(dailyRemaining(next.headers.ratelimit)).toBe(quota - 6);
  });
});
