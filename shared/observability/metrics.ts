import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricsStage } from '../config/env.ts';
import { onReset } from '../config/reset.ts';

/**
 * Business and traffic metrics as CloudWatch Embedded Metric Format: one JSON line on stdout per data
 * point, which CloudWatch Logs turns into metrics. No API call, no network, nothing to flush: each
 * helper writes its line at once (Powertools "single metric"), so requests served concurrently in one
 * process (the local stage runs every handler in one) never mix their dimensions.
 *
 * Cardinality: every distinct dimension combination is a billed custom metric. Dimensions are kept to
 * small fixed sets (operation, status class, policy, resource, outcome, the stage). The account id is
 * a dimension only on Throttles, a metric that exists for an account only while it is throttled; on
 * every other metric it is an EMF property (`account_id`): not a metric, but searchable with Logs
 * Insights (`filter account_id = "..." | stats sum(Requests) by bin(5m)`). docs/operations.md.
 */
export const metricsNamespace = 'PartnerTravelServices';
export const metricsService = 'partner-travel-services';

export const metricNames = {
  requests: 'Requests',
  errors: 'Errors',
  throttles: 'Throttles',
  creates: 'Creates',
  webhookDeliveries: 'WebhookDeliveries',
  usageFlushFailures: 'UsageFlushFailures',
  certificatesExpiringSoon: 'CertificatesExpiringSoon',
  daysUntilCertificateExpiry: 'DaysUntilCertificateExpiry',
} as const;

export type WebhookOutcome = 'delivered' | 'retried' | 'failed' | 'disabled';

/** Powertools' Metrics, with its disabled flag (POWERTOOLS_METRICS_DISABLED, read once) in reach. */
class ServiceMetrics extends Metrics {
  get off(): boolean {
    return this.isDisabled();
  }
}

let instance: ServiceMetrics | undefined;

/** Module-scope singleton, built on first use so the stage's environment is already in place. */
export function serviceMetrics(): ServiceMetrics {
  const stage = metricsStage();
  instance ??= new ServiceMetrics({
    namespace: metricsNamespace,
    serviceName: metricsService,
    ...(stage ? { defaultDimensions: { stage } } : {}),
  });
  return instance;
}

/** Tests change STAGE between runs. */
export function resetMetrics(): void {
  instance = undefined;
}
onReset(resetMetrics);

interface DataPoint {
  name: string;
  /**
   * Each set is published as its own breakdown of the same data point (besides service and stage);
   * `{}` is the total. No two sets share a key: Powertools warns on every line when they do.
   */
  dimensionSets: Record<string, string>[];
  properties?: Record<string, string | number | undefined>;
  /** A gauge's value; a count of one by default. */
  value?: number;
}

/**
 * One EMF line per data point, from the one Metrics instance: `singleMetric()` builds a new instance
 * (a new Console, and a dozen environment reads) per point, which cost more CPU per request than the
 * rest of the pipeline (docs/bench.md, Profiles). Publishing clears what was added, so every line
 * carries its own point only; nothing else stores metrics on this instance.
 */
function emit({ name, dimensionSets, properties = {}, value = 1 }: DataPoint): void {
  const metrics = serviceMetrics();
  if (metrics.off) return;
  for (const set of dimensionSets) metrics.addDimensions(set);
  for (const [key, value] of Object.entries(properties)) {
    if (value !== undefined) metrics.addMetadata(key, String(value));
  }
  metrics.addMetric(name, MetricUnit.Count, value);
  metrics.publishStoredMetrics();
}

export const statusClassOf = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * One API request answered: Requests by operation and status class (the dashboard sums operations
 * with a SEARCH expression); a 5xx also counts in Errors, in total and by operation.
 */
export function countRequest(operationId: string, status: number, accountId?: string): void {
  const properties = { account_id: accountId, status, operation: operationId };
  emit({
    name: metricNames.requests,
    dimensionSets: [{ Operation: operationId, StatusClass: statusClassOf(status) }],
    properties,
  });
  if (status >= 500) {
    emit({ name: metricNames.errors, dimensionSets: [{}, { Operation: operationId }], properties });
  }
}

/**
 * One request refused by a limit: `policy` is the one hit (burst, daily, client_lockout,
 * address_flood). Per account as well, when the request had one.
 */
export function countThrottle(policy: string, accountId?: string): void {
  emit({
    name: metricNames.throttles,
    dimensionSets: [{ Policy: policy }, ...(accountId ? [{ Account: accountId }] : [])],
    properties: { account_id: accountId },
  });
}

/** Something a partner created (a booking, an eSIM order): by resource. */
export function countCreate(resource: string, accountId?: string): void {
  emit({
    name: metricNames.creates,
    dimensionSets: [{ Resource: resource }],
    properties: { account_id: accountId },
  });
}

/** How one webhook delivery attempt ended. */
export function countWebhookOutcome(outcome: WebhookOutcome, accountId?: string): void {
  emit({
    name: metricNames.webhookDeliveries,
    dimensionSets: [{ Outcome: outcome }],
    properties: { account_id: accountId },
  });
}

/**
 * A flush of the daily usage counter failed (docs/quotas.md, Headers in AWS): its requests go with
 * the next flush, or are lost if the container dies first. `requests` says how many were in it.
 */
export function countUsageFlushFailure(requests: number, accountId?: string): void {
  emit({
    name: metricNames.usageFlushFailures,
    dimensionSets: [{}],
    properties: { account_id: accountId, requests },
  });
}

/**
 * The daily certificate check (functions/certificate-expiry): how many active partner certificates
 * expire within 30 days (the alarm), and in how many days the first does, when one does.
 */
export function reportCertificateExpiry(
  expiringSoon: number,
  daysUntilFirstExpiry: number | undefined,
): void {
  emit({ name: metricNames.certificatesExpiringSoon, dimensionSets: [{}], value: expiringSoon });
  if (daysUntilFirstExpiry !== undefined) {
    emit({ name: metricNames.daysUntilCertificateExpiry, dimensionSets: [{}], value: daysUntilFirstExpiry });
  }
}
