import { describe, expect, it } from 'vitest';
import type { EmployeePrincipal, PartnerPrincipal } from '../../../shared/auth/principal.ts';
import {
  allowRequest,
  apiStageWildcard,
  hiddenApiKeyValue,
  planFromContext,
  usageKeyOf,
  usageOwnerOf,
} from '../../../shared/auth/usage-authorizer.ts';
import type { Plan } from '../../../shared/domain/quotas/plans.ts';

const methodArn = 'arn:aws:execute-api:eu-west-1:123456789012:a1b2c3d4e5/live/POST/v2/b2b/bookings';
const standard: Plan = { rate: 50, burst: 100, dailyQuota: 100_000 };

const partner: PartnerPrincipal = {
  kind: 'partner',
  subject: 'pts_abcdefghijklmnopqrstuvwx',
  accountId: '0b3c6a7e-0000-4000-8000-000000000001',
  scopes: ['booking.lounges:write', 'webhooks'],
  tokenId: 'tok-1',
  tokenGeneration: 0,
};
const employee: EmployeePrincipal = {
  kind: 'employee',
  subject: 'emp-42',
  scopes: ['identity.account:*'],
  tokenId: 'tok-2',
  issuedAt: 0,
};

describe('the authorizer answer for a partner token', () => {
  const result = allowRequest({
    principal: partner,
    methodArn,
    usageKey: 'k'.repeat(64),
    plan: { name: 'standard', limits: standard },
  });

  it('names the account as principal and meters it with the account’s hidden key', () => {
    expect(result.principalId).toBe(partner.accountId);
    expect(result.usageIdentifierKey).toBe('k'.repeat(64));
  });

  it('allows every method of the API stage, since API Gateway reuses the cached answer for the token', () => {
    expect(result.policyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Action: 'execute-api:Invoke',
          Effect: 'Allow',
          Resource: 'arn:aws:execute-api:eu-west-1:123456789012:a1b2c3d4e5/live/*',
        },
      ],
    });
  });

  it('passes the caller and the plan on as flat context values', () => {
    expect(result.context).toEqual({
      audience: 'partner',
      subject: partner.subject,
      account_id: partner.accountId,
      scopes: 'booking.lounges:write webhooks',
      token_id: 'tok-1',
      plan: 'standard',
      plan_rate: 50,
      plan_burst: 100,
      plan_daily_quota: 100_000,
      rate_limit_policy: '"burst";q=100;w=2, "daily";q=100000;w=86400',
    });
  });
});

describe('the authorizer answer for an employee token', () => {
  it('meters every employee under the one staff plan, with no account in the context', () => {
    const result = allowRequest({
      principal: employee,
      methodArn,
      usageKey: 's'.repeat(40),
      plan: { name: 'staff', limits: { rate: 20, burst: 40, dailyQuota: 100_000 } },
    });

    expect(result.principalId).toBe('staff:emp-42');
    expect(result.context.account_id).toBeUndefined();
    expect(result.context.plan).toBe('staff');
    expect(usageOwnerOf(employee)).toEqual({ kind: 'staff' });
  });
});

describe('usage owners', () => {
  it('key the local limiter per account and once for all staff', () => {
    expect(usageKeyOf(usageOwnerOf(partner))).toBe(`account:${partner.accountId}`);
    expect(usageKeyOf(usageOwnerOf(employee))).toBe('staff');
  });
});

describe('the method ARN wildcard', () => {
  it('keeps the API and stage and opens method and path', () => {
    expect(apiStageWildcard('arn:aws-cn:execute-api:cn-north-1:123456789012:abc123/prod/GET/')).toBe(
      'arn:aws-cn:execute-api:cn-north-1:123456789012:abc123/prod/*',
    );
  });

  it.each(['arn:aws:lambda:eu-west-1:123456789012:function:x', 'not an arn', ''])('refuses %j', (arn) => {
    expect(() => apiStageWildcard(arn)).toThrow(RangeError);
  });
});

describe('the hidden API key of an account', () => {
  it('is the same every time for one account and secret, and a valid API Gateway key value', () => {
    const key = hiddenApiKeyValue('account-1', 'secret');

    expect(hiddenApiKeyValue('account-1', 'secret')).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs between accounts and between secrets', () => {
    const key = hiddenApiKeyValue('account-1', 'secret');

    expect(hiddenApiKeyValue('account-2', 'secret')).not.toBe(key);
    expect(hiddenApiKeyValue('account-1', 'other secret')).not.toBe(key);
  });

  it('needs an account id', () => {
    expect(() => hiddenApiKeyValue('', 'secret')).toThrow(RangeError);
  });
});

describe('the plan read back from the authorizer context', () => {
  it('accepts the numbers API Gateway hands the Lambda as strings', () => {
    expect(planFromContext({ plan_rate: '50', plan_burst: '100', plan_daily_quota: '100000' })).toEqual(
      standard,
    );
  });

  it('is absent when the context does not carry a whole plan', () => {
    expect(planFromContext(undefined)).toBeUndefined();
    expect(planFromContext({ plan_rate: '50', plan_burst: '100' })).toBeUndefined();
    expect(planFromContext({ plan_rate: 'x', plan_burst: '1', plan_daily_quota: '1' })).toBeUndefined();
  });
});
