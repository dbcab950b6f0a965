import type { Principal } from '../../shared/auth/principal.ts';
import { verifyAccessToken } from '../../shared/auth/tokens.ts';
import {
  type AuthorizerResult,
  allowRequest,
  type UsageOwner,
  usageKeyOf,
  usageOwnerOf,
} from '../../shared/auth/usage-authorizer.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { type ApiError, ServiceUnavailableError } from '../../shared/domain/errors.ts';
import { addressFlooding, clientFlooding, FloodLimiter } from '../../shared/domain/quotas/flood.ts';
import {
  formatRateLimit,
  rateLimitExceeded,
  rateLimitHeader,
  rateLimitHeaders,
} from '../../shared/domain/quotas/headers.ts';
import { RateLimiter } from '../../shared/domain/quotas/limiter.ts';
import type { Plan, PlanName, Plans } from '../../shared/domain/quotas/plans.ts';
import type { KnownUsage, MeteringPlan, UsageReader } from '../../shared/domain/quotas/ports.ts';
import type { TokenEndpointLimits } from '../../shared/domain/quotas/token-endpoint-limits.ts';
import { countThrottle } from '../../shared/observability/metrics.ts';
import { type Clock, processClock } from '../../shared/util/clock.ts';
import { parseBasicCredentials } from '../../shared/vocabulary/basic-credentials.ts';
import { runAs } from './key-access.ts';

/**
 * The local gateway's share of API Gateway's work on rate limits (docs/quotas.md, The local stage):
 * the usage plans with their authorizer on the partner API, and the WAF flood rules on the auth API.
 */

/** What a metered request gets: the authorizer's answer, and the fields every response carries. */
export interface Metered {
  authorizer: AuthorizerResult;
  /** Both fields as the gateway's limiter sees them: on its own 429s. */
  headers: Record<string, string>;
  /** The burst policy's RateLimit item: only the gateway knows the bucket. */
  burstItem: string;
  /** Set when the plan refuses the request: the 429 to answer instead of calling the Lambda. */
  refusal?: ApiError;
}

export interface UsagePlanOptions {
  plans: Plans;
  staff: Plan;
  defaultPlan: PlanName;
  clock?: Clock;
  /** How long an account's plan is reused before it is read again. Default 1 s. */
  planCacheMs?: number;
  /** The account's plan; default: its record in the main table. */
  readPlan?: (accountId: string) => Promise<PlanName | undefined>;
  /** The authorizer's token check; default: the functions' own verifier, either audience. */
  verify?: (token: string) => Promise<Principal>;
}

const bearer = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
const localArn = 'arn:aws:execute-api:eu-west-1:000000000000:local/local/GET/';

/**
 * API Gateway usage plans and the Lambda authorizer, in one object: a request with a token that
 * verifies is counted against its account's plan (one bucket and one daily count per account, one
 * for every employee together) and carries the authorizer's context to the Lambda; anything else
 * passes unmetered, and the Lambda answers its 401 or 403 as it does for every request.
 */
export class LocalUsagePlans implements UsageReader {
  private readonly limiter = new RateLimiter();
  private readonly planCache = new Map<string, { plan: PlanName; readAt: number }>();
  private readonly clock: Clock;
  private readonly readPlan: (accountId: string) => Promise<PlanName | undefined>;
  private readonly verify: (token: string) => Promise<Principal>;

  constructor(private readonly options: UsagePlanOptions) {
    this.clock = options.clock ?? processClock;
    // In AWS the authorizer function reads the plan: with its grants here too.
    this.readPlan =
      options.readPlan ??
      ((accountId) => runAs('authorizer', async () => (await accountStore.find(accountId))?.plan));
    this.verify = options.verify ?? ((token) => verifyAccessToken(token, ['partner', 'employee']));
  }

  /** Undefined when the request is not metered (no token, or one that does not verify). */
  async meter(authorization: string | undefined): Promise<Metered | undefined> {
    const token = authorization ? bearer.exec(authorization.trim())?.[1] : undefined;
    if (!token) return undefined;
    let principal: Principal;
    try {
      principal = await this.verify(token);
    } catch {
      return undefined;
    }
    const owner = usageOwnerOf(principal);
    const plan = await this.planOf(owner).catch((error: unknown) => {
      // AWS's authorizer throws here, and API Gateway answers its AUTHORIZER_FAILURE response: 503.
      throw new ServiceUnavailableError('The request could not be authorized right now; retry shortly.', {
        cause: error,
      });
    });
    const now = this.clock.now();
    const decision = this.limiter.check(usageKeyOf(owner), plan.limits, now);
    const authorizer = allowRequest({
      principal,
      methodArn: localArn,
      usageKey: usageKeyOf(owner),
      plan,
    });
    const metered: Metered = {
      authorizer,
      headers: rateLimitHeaders(plan.limits, decision),
      burstItem: formatRateLimit([decision.burst]),
    };
    if (!decision.allowed) {
      metered.refusal = rateLimitExceeded(plan.limits, decision);
      countThrottle(decision.limitedBy ?? 'burst', owner.kind === 'account' ? owner.accountId : undefined);
    }
    return metered;
  }

  /** What the gateway counted for the account (GET /v2/b2b/rate-limits), at the gateway's clock. */
  async read(accountId: string, plan: MeteringPlan): Promise<KnownUsage> {
    const { burst, daily } = this.limiter.peek(
      usageKeyOf({ kind: 'account', accountId }),
      plan.limits,
      this.clock.now(),
    );
    return { burst, daily };
  }

  private async planOf(owner: UsageOwner): Promise<MeteringPlan> {
    if (owner.kind === 'staff') return { name: 'staff', limits: this.options.staff };
    const nowMs = Date.now();
    const cached = this.planCache.get(owner.accountId);
    let name =
      cached && nowMs - cached.readAt < (this.options.planCacheMs ?? 1_000) ? cached.plan : undefined;
    if (!name) {
      name = (await this.readPlan(owner.accountId)) ?? this.options.defaultPlan;
      this.planCache.set(owner.accountId, { plan: name, readAt: nowMs });
    }
    return { name, limits: this.options.plans[name] };
  }
}

/**
 * The fields on an answer the function gave (docs/quotas.md, The local stage). The function lists the
 * `daily` policy from the service's own count, exactly as in AWS, and only that one; the gateway puts
 * the burst, which only it knows, in front of it. When the function listed nothing (no total heard
 * yet), the gateway's own daily count stands in: on a fresh stage both counted the same requests.
 */
export function answerRateLimitFields(
  metered: Metered,
  fromFunction: string | undefined,
): Record<string, string> {
  if (!fromFunction) return metered.headers;
  return { ...metered.headers, [rateLimitHeader]: `${metered.burstItem}, ${fromFunction}` };
}

export interface FloodRequest {
  sourceIp: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * The auth domain's two WAF rate rules: requests per source address, and token requests per client
 * (WAF keys on the Authorization header; here the client_id of HTTP Basic credentials or of the form,
 * so client_secret_post clients are counted too). The answer is the problem WAF would send, with the
 * exact Retry-After WAF cannot give.
 */
export class LocalFloodRules {
  private readonly byAddress: FloodLimiter;
  private readonly byClient: FloodLimiter;
  private readonly clock: Clock;

  constructor(limits: Pick<TokenEndpointLimits, 'flood' | 'clientFlood'>, clock?: Clock) {
    this.byAddress = new FloodLimiter(limits.flood);
    this.byClient = new FloodLimiter(limits.clientFlood);
    this.clock = clock ?? processClock;
  }

  /** The 429 to answer, or undefined to let the request through. */
  check(request: FloodRequest): ApiError | undefined {
    const now = this.clock.now();
    const address = this.byAddress.check(request.sourceIp, now);
    if (!address.allowed) {
      countThrottle('address_flood');
      return addressFlooding(address.retryAfterSeconds ?? 1);
    }
    const clientId = clientIdOf(request);
    if (clientId === undefined) return undefined;
    const client = this.byClient.check(clientId, now);
    if (client.allowed) return undefined;
    countThrottle('client_flood');
    return clientFlooding(client.retryAfterSeconds ?? 1);
  }
}

function clientIdOf({ authorization, contentType, body }: FloodRequest): string | undefined {
  try {
    const basic = parseBasicCredentials(authorization);
    if (basic) return basic.clientId;
  } catch {
    // Malformed credentials: the token endpoint answers them; only the address rule counts them.
  }
  if (!contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) return undefined;
  return new URLSearchParams(body.toString('utf8')).get('client_id') || undefined;
}
