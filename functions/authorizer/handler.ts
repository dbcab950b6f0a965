import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { Principal } from '../../shared/auth/principal.ts';
import { verifyAccessToken } from '../../shared/auth/tokens.ts';
import {
  type AuthorizerResult,
  allowRequest,
  hiddenApiKeyValue,
  unauthorizedMessage,
} from '../../shared/auth/usage-authorizer.ts';
import { config } from '../../shared/config/env.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { ApiError } from '../../shared/domain/errors.ts';
import type { MeteringPlan } from '../../shared/domain/quotas/ports.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { logger } from '../../shared/observability/logger.ts';
import { staffApiKeyValue, usageKeySecret } from '../../shared/usage-plans/api-gateway.ts';

const bearer = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

function authorizationOf(headers: APIGatewayRequestAuthorizerEvent['headers']): string | undefined {
  for (const name in headers ?? {}) {
    if (name.toLowerCase() === 'authorization') return headers?.[name] ?? undefined;
  }
  return undefined;
}

/** The account's plan from its record (the stage's default when the record has none or is gone). */
async function planOf(accountId: string): Promise<MeteringPlan> {
  const settings = quotaSettingsByStage[config().stage];
  const name = (await accountStore.find(accountId))?.plan ?? settings.defaultPlan;
  return { name, limits: settings.plans[name] };
}

/**
 * The partner API's REQUEST authorizer (docs/quotas.md, Enforcement in AWS): API Gateway calls it
 * once per Authorization header and caches the answer for 5 minutes. It verifies the token with the
 * functions' own verifier, and names the usage plan key that meters the caller: the account's hidden
 * key, or the staff key for employees. A token that does not verify is "Unauthorized" (the gateway's
 * 401 problem); anything else that goes wrong is an error (the gateway's 500, and an alarm).
 */
export async function handler(
  event: Pick<APIGatewayRequestAuthorizerEvent, 'headers' | 'methodArn'>,
): Promise<AuthorizerResult> {
  const token = bearer.exec(authorizationOf(event.headers)?.trim() ?? '')?.[1];
  if (!token) throw new Error(unauthorizedMessage);
  let principal: Principal;
  try {
    principal = await verifyAccessToken(token, ['partner', 'employee']);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logger.info('Token refused by the authorizer', { reason: error.message });
    throw new Error(unauthorizedMessage);
  }
  if (principal.kind === 'employee') {
    return allowRequest({
      principal,
      methodArn: event.methodArn,
      usageKey: await staffApiKeyValue(),
      plan: { name: 'staff', limits: quotaSettingsByStage[config().stage].staff },
    });
  }
  // Device tokens were refused above (not an accepted audience); the check narrows the type.
  if (principal.kind !== 'partner') throw new Error(unauthorizedMessage);
  const [plan, secret] = await Promise.all([planOf(principal.accountId), usageKeySecret()]);
  return allowRequest({
    principal,
    methodArn: event.methodArn,
    usageKey: hiddenApiKeyValue(principal.accountId, secret),
    plan,
  });
}
