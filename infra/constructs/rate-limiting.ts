import { type CfnElement, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  ApiKey,
  AuthorizationType,
  type CfnRestApi,
  IdentitySource,
  type MethodOptions,
  Period,
  RequestAuthorizer,
  ResponseType,
  type RestApi,
  UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ApiError } from '../../shared/domain/errors.ts';
import type { FloodPolicy } from '../../shared/domain/quotas/flood.ts';
import type { PolicyName } from '../../shared/domain/quotas/limiter.ts';
import { type Plan, type PlanName, type Plans, planNames } from '../../shared/domain/quotas/plans.ts';
import { problemResponse } from '../../shared/http/problem.ts';
import { problemContentType } from '../../shared/vocabulary/media-types.ts';

/** docs/quotas.md explains every choice below; docs/operations.md what to do when it fires. */

export interface PartnerRateLimitingProps {
  /**
   * The partner API. Its key source becomes AUTHORIZER: API Gateway takes the API key of a request
   * from the authorizer's `usageIdentifierKey`, never from an `x-api-key` header, so partners never
   * handle a key and cannot send someone else's.
   */
  api: RestApi;
  plans: Plans;
  /** One plan shared by every employee token (admin routes accept both audiences). */
  staff: Plan;
  /**
   * The Lambda authorizer (its pure core is shared/auth/usage-authorizer.ts). It receives
   * STAFF_API_KEY_ID and may read that one key's value.
   */
  authorizerFunction: LambdaFunction;
  /** How long API Gateway reuses an authorizer answer for the same Authorization header. Default 5 min. */
  authorizerCacheTtl?: Duration;
}

/** Seconds a client told to wait after a gateway 429: a gateway response cannot compute them. */
export const gatewayRetryAfterSeconds: Record<PolicyName, number> = {
  burst: 1,
  // The quota resets at 00:00 UTC; an hour keeps a polite client's retries few until then.
  daily: 3600,
};

const detailPlaceholder = '@@detail@@';

/**
 * The 429 API Gateway answers by itself when a usage plan (or the stage throttle) refuses a request,
 * shaped like the problem the Lambdas answer (shared/http/problem.ts builds both): RateLimitExceeded,
 * `details.policy`, Retry-After. THROTTLED is the rate and burst, QUOTA_EXCEEDED the daily quota. On a
 * metered API `RateLimit-Policy` is copied from the authorizer's context, where it waits formatted.
 * RouteTableApi defines both on each API, once.
 */
export function rateLimitGatewayResponse(
  policy: PolicyName,
  { policyFromAuthorizer = false }: { policyFromAuthorizer?: boolean } = {},
) {
  const error = new ApiError('RateLimitExceeded', 'set by the gateway', {
    retryAfter: gatewayRetryAfterSeconds[policy],
    details: { policy },
  });
  const response = problemResponse(error, '$context.path', '$context.requestId');
  const body = { ...(JSON.parse(response.body) as Record<string, unknown>), detail: detailPlaceholder };
  return {
    type: policy === 'burst' ? ResponseType.THROTTLED : ResponseType.QUOTA_EXCEEDED,
    statusCode: '429',
    responseHeaders: {
      'Content-Type': `'${problemContentType}'`,
      'Cache-Control': "'no-store'",
      'Retry-After': `'${gatewayRetryAfterSeconds[policy]}'`,
      'X-Request-ID': 'context.requestId',
      ...(policyFromAuthorizer ? { 'RateLimit-Policy': 'context.authorizer.rate_limit_policy' } : {}),
    },
    templates: {
      'application/json': JSON.stringify(body).replace(
        `"${detailPlaceholder}"`,
        '$context.error.messageString',
      ),
    },
  };
}

/**
 * Per-partner rate limits enforced by API Gateway itself: one usage plan per tier (throttle rate and
 * burst, quota per DAY), one hidden API key per account (created at runtime by the admin operation
 * that sets the plan), and a Lambda REQUEST authorizer, cached per token, that names the key.
 * Methods opt in with `meteredMethod` (custom authorizer and `apiKeyRequired`).
 */
export class PartnerRateLimiting extends Construct {
  readonly usagePlans: Record<PlanName, UsagePlan>;
  readonly staffUsagePlan: UsagePlan;
  readonly staffApiKey: ApiKey;
  readonly authorizer: RequestAuthorizer;
  private readonly api: RestApi;

  constructor(scope: Construct, id: string, props: PartnerRateLimitingProps) {
    super(scope, id);
    const { api } = props;
    this.api = api;
    (api.node.defaultChild as CfnRestApi).apiKeySourceType = 'AUTHORIZER';

    const planFor = (name: string, plan: Plan, description: string) =>
      new UsagePlan(this, `${name[0]?.toUpperCase()}${name.slice(1)}Plan`, {
        name: this.planNameOf(name),
        description,
        throttle: { rateLimit: plan.rate, burstLimit: plan.burst },
        quota: { limit: plan.dailyQuota, period: Period.DAY },
        apiStages: [{ api, stage: api.deploymentStage }],
      });
    this.usagePlans = Object.fromEntries(
      planNames.map((name) => [
        name,
        planFor(name, props.plans[name], `Partner accounts on the ${name} plan`),
      ]),
    ) as Record<PlanName, UsagePlan>;
    this.staffUsagePlan = planFor('staff', props.staff, 'Every employee token, together');
    this.staffApiKey = new ApiKey(this, 'StaffKey', {
      description: 'Meters employee tokens; its value is read by the authorizer, never handed out',
    });
    this.staffUsagePlan.addApiKey(this.staffApiKey);

    this.authorizer = new RequestAuthorizer(this, 'Authorizer', {
      authorizerName: `${api.restApiName}-usage`,
      handler: props.authorizerFunction,
      identitySources: [IdentitySource.header('Authorization')],
      resultsCacheTtl: props.authorizerCacheTtl ?? Duration.minutes(5),
    });
    props.authorizerFunction.addEnvironment('STAFF_API_KEY_ID', this.staffApiKey.keyId);
    props.authorizerFunction.addToRolePolicy(
      new PolicyStatement({
        actions: ['apigateway:GET'],
        resources: [
          Stack.of(this).formatArn({
            service: 'apigateway',
            account: '',
            resource: `/apikeys/${this.staffApiKey.keyId}`,
          }),
        ],
      }),
    );
  }

  /** Method options of a route that needs a token: authorized, and metered by the caller's plan. */
  meteredMethod(): MethodOptions {
    return { authorizer: this.authorizer, authorizationType: AuthorizationType.CUSTOM, apiKeyRequired: true };
  }

  /**
   * The function that creates accounts and changes their plans creates and reads API keys, and moves a
   * key between the tier plans (a key belongs to at most one plan per API stage).
   */
  connectPlanAssignment(fn: LambdaFunction): void {
    const policy = this.connect(fn, 'PlanAssignment', [
      new PolicyStatement({
        actions: ['apigateway:GET'],
        resources: [this.arn('/usageplans')],
      }),
      new PolicyStatement({
        actions: ['apigateway:POST', 'apigateway:GET'],
        resources: [this.arn('/apikeys'), this.arn('/apikeys/*')],
      }),
      new PolicyStatement({
        actions: ['apigateway:POST', 'apigateway:GET', 'apigateway:DELETE'],
        resources: this.tierPlanIds().flatMap((id) => [
          this.arn(`/usageplans/${id}/keys`),
          this.arn(`/usageplans/${id}/keys/*`),
        ]),
      }),
    ]);
    // cdk-nag names each wildcard resource as it reads it: the region, and each plan's logical id.
    const stack = Stack.of(this);
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const prefix = `arn:<AWS::Partition>:apigateway:${region}::`;
    const planRefs = planNames.map(
      (name) => `<${stack.getLogicalId(this.usagePlans[name].node.defaultChild as CfnElement)}>`,
    );
    Validations.of(policy).acknowledge(
      ...[`${prefix}/apikeys/*`, ...planRefs.map((ref) => `${prefix}/usageplans/${ref}/keys/*`)].map(
        (resource) => ({
          id: `AwsSolutions-IAM5[Resource::${resource}]`,
          reason:
            'API keys of accounts are created at runtime, so their ids are unknown at deploy time; the ' +
            'wildcards stay within the key collection and the keys of the three tier plans.',
        }),
      ),
    );
  }

  /** `USAGE_PLAN_NAMES`: `{"sandbox": "<name>", ...}`, plain strings the function resolves to ids. */
  usagePlanNames(): string {
    return JSON.stringify(Object.fromEntries(planNames.map((name) => [name, this.planNameOf(name)])));
  }

  private planNameOf(name: string): string {
    return `${this.api.restApiName}-${name}`;
  }

  private tierPlanIds(): string[] {
    return planNames.map((name) => this.usagePlans[name].usagePlanId);
  }

  private arn(resource: string): string {
    return Stack.of(this).formatArn({ service: 'apigateway', account: '', resource });
  }

  /**
   * The function learns the plans by name and gets its grants in a policy of its own: a usage plan
   * depends on the API's stage, the stage on the methods and the methods on the function, so neither
   * its environment nor its role's default policy (which the function waits for) may name a plan id.
   */
  private connect(fn: LambdaFunction, id: string, statements: PolicyStatement[]): Policy {
    if (!fn.role) throw new Error(`${fn.node.path} has no role to grant ${id} to`);
    fn.addEnvironment('USAGE_PLAN_NAMES', this.usagePlanNames());
    return new Policy(this, `${id}${fn.node.id}`, { roles: [fn.role], statements });
  }
}

/** The RateLimitExceeded problem a WAF rate rule answers; WAF has no problem+json content type. */
function floodResponseBody(policy: string, detail: string): CfnWebACL.CustomResponseBodyProperty {
  return {
    contentType: 'APPLICATION_JSON',
    content: JSON.stringify({
      code: 'RateLimitExceeded',
      title: 'Too many requests',
      status: 429,
      detail,
      details: { policy },
    }),
  };
}

/** More than `policy.limit` requests per key within the window: 429 with Retry-After, before any Lambda. */
function floodRule(
  rule: { name: string; priority: number; bodyKey: string; metricName: string },
  policy: FloodPolicy,
  aggregation: Pick<
    CfnWebACL.RateBasedStatementProperty,
    'aggregateKeyType' | 'customKeys' | 'forwardedIpConfig'
  >,
): CfnWebACL.RuleProperty {
  return {
    name: rule.name,
    priority: rule.priority,
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: rule.bodyKey,
          // WAF re-evaluates rates every few seconds; a fraction of the window is a fair wait.
          responseHeaders: [{ name: 'Retry-After', value: String(Math.ceil(policy.windowSeconds / 5)) }],
        },
      },
    },
    statement: {
      rateBasedStatement: { limit: policy.limit, evaluationWindowSec: policy.windowSeconds, ...aggregation },
    },
    visibilityConfig: {
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: rule.metricName,
    },
  };
}

/**
 * The rate-based rule per source address that the web ACL of each browser-facing API (auth, admin)
 * puts first, with its response body: both answer an address flood alike.
 */
export const addressFlood = {
  ruleName: 'RequestsPerSourceAddress',
  responseBodies: {
    AddressFlood: floodResponseBody('address_flood', 'Too many requests from this address; slow down.'),
  },
  rule: (policy: FloodPolicy, priority: number, metricName: string): CfnWebACL.RuleProperty =>
    floodRule({ name: addressFlood.ruleName, priority, bodyKey: 'AddressFlood', metricName }, policy, {
      aggregateKeyType: 'IP',
    }),
};

/**
 * The rate-based rule per viewer address that a CloudFront distribution in front of the API writes into
 * `header` (the eSIM page): behind CloudFront the source address is the edge's, so this counts each
 * phone. The distribution overwrites the header on every request; a caller of the API's own domain can
 * set it, but is still counted by `addressFlood` on its real address.
 */
export const viewerFlood = {
  ruleName: 'RequestsPerViewerAddress',
  responseBodies: {
    ViewerFlood: floodResponseBody('address_flood', 'Too many requests from this address; slow down.'),
  },
  rule: (policy: FloodPolicy, header: string, priority: number, metricName: string): CfnWebACL.RuleProperty =>
    floodRule({ name: viewerFlood.ruleName, priority, bodyKey: 'ViewerFlood', metricName }, policy, {
      aggregateKeyType: 'FORWARDED_IP',
      forwardedIpConfig: { headerName: header, fallbackBehavior: 'NO_MATCH' },
    }),
};

export interface AuthFloodRulesProps {
  /** The auth domain's API (token issuing): the web ACL is associated with its deployment stage. */
  api: RestApi;
  /** Per source address. */
  flood: FloodPolicy;
  /** Per Authorization header value: one HTTP Basic client asking for tokens in a loop. */
  clientFlood: FloodPolicy;
  /** Prefix of the web ACL's CloudWatch metric names. */
  metricPrefix: string;
}

/**
 * A WAFv2 web ACL on the auth API with two rate-based rules: more than `flood.limit` requests from one
 * source address, or more than `clientFlood.limit` with one Authorization header (one client's HTTP
 * Basic credentials), within the window are answered 429 RateLimitExceeded with Retry-After before
 * they reach the token Lambda. Requests without the header are not counted by the second rule (WAF
 * cannot read the form body of client_secret_post); the lockout covers bad secrets of those. The
 * local stage emulates both (shared/domain/quotas/flood.ts).
 */
export class AuthFloodRules extends Construct {
  readonly webAcl: CfnWebACL;
  static readonly addressRuleName = addressFlood.ruleName;
  static readonly clientRuleName = 'RequestsPerClientCredentials';

  constructor(scope: Construct, id: string, props: AuthFloodRulesProps) {
    super(scope, id);
    const metricName = (name: string) => `${props.metricPrefix}Auth${name}`;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        sampledRequestsEnabled: true,
        metricName: metricName('WebAcl'),
      },
      customResponseBodies: {
        ...addressFlood.responseBodies,
        ClientFlood: floodResponseBody(
          'client_flood',
          'Too many token requests for this client; reuse the token until it expires.',
        ),
      },
      rules: [
        addressFlood.rule(props.flood, 0, metricName(addressFlood.ruleName)),
        floodRule(
          {
            name: AuthFloodRules.clientRuleName,
            priority: 1,
            bodyKey: 'ClientFlood',
            metricName: metricName(AuthFloodRules.clientRuleName),
          },
          props.clientFlood,
          {
            aggregateKeyType: 'CUSTOM_KEYS',
            customKeys: [
              { header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } },
            ],
          },
        ),
      ],
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.api.deploymentStage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
