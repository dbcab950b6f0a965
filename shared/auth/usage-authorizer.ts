import { createHmac } from 'node:crypto';
import { formatRateLimitPolicy } from '../domain/quotas/headers.ts';
import type { Plan, PlanName } from '../domain/quotas/plans.ts';
import type { Principal } from './principal.ts';

/**
 * The pure core of the partner API's Lambda authorizer. API Gateway calls it (once per token, then
 * caches the answer) to learn which usage plan meters the request: with `apiKeySource: AUTHORIZER`
 * the answer's `usageIdentifierKey` is the value of an API key, and the usage plan holding that key
 * throttles and counts the request. The authorizer is not the security boundary: every Lambda still
 * verifies the token, its audience, scopes and certificate binding itself.
 */

/** Context values API Gateway passes on (`$context.authorizer.<key>`): flat strings, numbers, booleans. */
export type AuthorizerContext = Record<string, string | number | boolean>;

export interface AuthorizerResult {
  principalId: string;
  policyDocument: {
    Version: '2012-10-17';
    Statement: [{ Action: 'execute-api:Invoke'; Effect: 'Allow'; Resource: string }];
  };
  usageIdentifierKey: string;
  context: AuthorizerContext;
}

/** Whose usage a principal's requests count against: its account, or the one shared staff plan. */
export type UsageOwner = { kind: 'account'; accountId: string } | { kind: 'staff' };

export function usageOwnerOf(principal: Principal): UsageOwner {
  return principal.kind === 'partner'
    ? { kind: 'account', accountId: principal.accountId }
    : { kind: 'staff' };
}

/** The limiter key of the local gateway: one bucket per account, one for all employees (as in AWS). */
export function usageKeyOf(owner: UsageOwner): string {
  return owner.kind === 'account' ? `account:${owner.accountId}` : 'staff';
}

/** The account of a usage key; undefined for the staff key. */
export function accountOfUsageKey(key: string): string | undefined {
  return key.startsWith('account:') ? key.slice('account:'.length) : undefined;
}

/**
 * The hidden API key value of an account, derived rather than stored: HMAC-SHA256 of the account id
 * under a service secret, hex (API Gateway key values are 20 to 128 alphanumeric characters). The
 * authorizer needs no lookup to find it, and the admin operation that creates the key in API Gateway
 * computes the same value. Partners never see it: it only identifies the account to the usage plan.
 */
export function hiddenApiKeyValue(accountId: string, secret: string | Uint8Array): string {
  if (accountId === '') throw new RangeError('An account id is required');
  return createHmac('sha256', secret).update(`usage-key:v1:${accountId}`).digest('hex');
}

/**
 * `arn:aws:execute-api:<region>:<account>:<api-id>/<stage>/<METHOD>/<path>` → every method and path of
 * that API stage. The answer is cached per token and reused for the token's other requests, so it
 * must allow all of them; what each route allows is decided in the Lambda.
 */
export function apiStageWildcard(methodArn: string): string {
  const match = /^(arn:aws[a-z-]*:execute-api:[a-z0-9-]+:\d{12}:[a-z0-9]+)\/([^/]+)\//.exec(methodArn);
  if (!match) throw new RangeError(`Not an execute-api method ARN: ${methodArn}`);
  return `${match[1]}/${match[2]}/*`;
}

export interface AllowInput {
  principal: Principal;
  methodArn: string;
  /** The usage owner's API key value (hiddenApiKeyValue for accounts, the staff key for employees). */
  usageKey: string;
  /** The plan metering the owner: its numbers reach the Lambda for the RateLimit-Policy field. */
  plan: { name: PlanName | 'staff'; limits: Plan };
}

export function allowRequest({ principal, methodArn, usageKey, plan }: AllowInput): AuthorizerResult {
  const owner = usageOwnerOf(principal);
  const context: AuthorizerContext = {
    audience: principal.kind,
    subject: principal.subject,
    scopes: principal.scopes.join(' '),
    token_id: principal.tokenId,
    plan: plan.name,
    plan_rate: plan.limits.rate,
    plan_burst: plan.limits.burst,
    plan_daily_quota: plan.limits.dailyQuota,
    // Ready for a header mapping: a gateway response cannot format it, a context value it can copy.
    rate_limit_policy: formatRateLimitPolicy(plan.limits),
  };
  if (owner.kind === 'account') context.account_id = owner.accountId;
  return {
    principalId: owner.kind === 'account' ? owner.accountId : `staff:${principal.subject}`,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: apiStageWildcard(methodArn) }],
    },
    usageIdentifierKey: usageKey,
    context,
  };
}

/**
 * What a Lambda authorizer throws to make API Gateway answer 401 (its UNAUTHORIZED gateway response):
 * the error message must be exactly "Unauthorized". A Deny policy would answer 403 instead.
 */
export const unauthorizedMessage = 'Unauthorized';

/** The plan a Lambda reads back from the authorizer context, for the RateLimit-Policy field. */
export function planFromContext(context: Record<string, unknown> | null | undefined): Plan | undefined {
  const rate = Number(context?.plan_rate);
  const burst = Number(context?.plan_burst);
  const dailyQuota = Number(context?.plan_daily_quota);
  if (![rate, burst, dailyQuota].every((value) => Number.isFinite(value) && value > 0)) return undefined;
  return { rate, burst, dailyQuota };
}

/** Whose usage a request with this authorizer context counts against; undefined when not metered. */
export function usageOwnerFromContext(
  context: Record<string, unknown> | null | undefined,
): UsageOwner | undefined {
  const accountId = context?.account_id;
  if (typeof accountId === 'string' && accountId !== '') return { kind: 'account', accountId };
  return context?.plan === 'staff' ? { kind: 'staff' } : undefined;
}
