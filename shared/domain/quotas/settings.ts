import type { Stage } from '../../vocabulary/stage.ts';
import {
  defaultAdminFloodPolicy,
  defaultClientFloodPolicy,
  defaultFloodPolicy,
  type FloodPolicy,
} from './flood.ts';
import { defaultLockoutPolicy, type LockoutPolicy } from './lockout.ts';
import type { Plan, PlanName, Plans } from './plans.ts';

/**
 * Every number of docs/quotas.md, per stage: CDK builds the usage plans and the WAF rule from it, the
 * local gateway enforces the same plans (RATE_LIMIT_PLANS may override the local numbers).
 */
export interface QuotaSettings {
  plans: Plans;
  /** The plan of a new account until an operator changes it. */
  defaultPlan: PlanName;
  /** One shared plan for employee tokens (operators on admin routes): no partner's plan covers them. */
  staff: Plan;
  lockout: LockoutPolicy;
  /** Per source address on the auth domain (the WAF rate-based rule). */
  flood: FloodPolicy;
  /**
   * Per client on the token endpoint, valid secret or not (AWS: a WAF rule per Authorization header,
   * which covers HTTP Basic clients; the local stage counts every client_id).
   */
  clientFlood: FloodPolicy;
  /** Per source address on the admin domain (a WAF rate-based rule in AWS; the local stage has none). */
  adminFlood: FloodPolicy;
  /**
   * Per source address on the venue domain: the admin domain's numbers, since a lounge network's
   * scanners behind one address send about what a busy console does.
   */
  venueFlood: FloodPolicy;
  /**
   * Per source address on the ES2+ domain (the SM-DP+): the admin domain's numbers, far above what one
   * supplier's notifications send, low enough to cut a flood from a stolen SM-DP+ certificate.
   */
  es2plusFlood: FloodPolicy;
  /**
   * The eSIM page's read (docs/esim.md, Install help): per viewer address (a phone opens its page a few
   * times), and per source address, which behind CloudFront is a whole edge location's travellers.
   */
  esimPageFlood: { viewer: FloodPolicy; edge: FloodPolicy };
}

const esimPageFlood = {
  viewer: { limit: 100, windowSeconds: 300 },
  edge: { limit: 50_000, windowSeconds: 300 },
} as const satisfies QuotaSettings['esimPageFlood'];

/**
 * Within a stage-wide throttle (the REST API stage's own rate and burst) that caps every plan: a
 * premium partner never gets more than the stage allows all callers together.
 */
const awsPlans: Plans = {
  sandbox: { rate: 5, burst: 10, dailyQuota: 5_000 },
  standard: { rate: 50, burst: 100, dailyQuota: 100_000 },
  premium: { rate: 200, burst: 400, dailyQuota: 1_000_000 },
};

const aws: QuotaSettings = {
  plans: awsPlans,
  defaultPlan: 'standard',
  staff: { rate: 20, burst: 40, dailyQuota: 100_000 },
  lockout: defaultLockoutPolicy,
  flood: defaultFloodPolicy,
  clientFlood: defaultClientFloodPolicy,
  adminFlood: defaultAdminFloodPolicy,
  venueFlood: defaultAdminFloodPolicy,
  es2plusFlood: defaultAdminFloodPolicy,
  esimPageFlood,
};

export const quotaSettingsByStage: Record<Stage, QuotaSettings> = {
  // The seeded partners burst to 200 and the integration suite never reaches a daily quota; tests
  // that exercise the limits shrink them with RATE_LIMIT_PLANS.
  local: {
    plans: {
      sandbox: { rate: 25, burst: 50, dailyQuota: 100_000 },
      standard: { rate: 100, burst: 200, dailyQuota: 1_000_000 },
      premium: { rate: 400, burst: 800, dailyQuota: 10_000_000 },
    },
    defaultPlan: 'standard',
    staff: { rate: 100, burst: 200, dailyQuota: 1_000_000 },
    lockout: defaultLockoutPolicy,
    flood: defaultFloodPolicy,
    clientFlood: defaultClientFloodPolicy,
    adminFlood: defaultAdminFloodPolicy,
    venueFlood: defaultAdminFloodPolicy,
    es2plusFlood: defaultAdminFloodPolicy,
    esimPageFlood,
  },
  preview: aws,
  stage: aws,
  prod: aws,
};
