import { readFileSync } from 'node:fs';
import { applyEnvironment } from '../../../infra/local/config.ts';
import { FunctionModules } from '../../../infra/local/functions.ts';
import { type Gateway, startGateway } from '../../../infra/local/gateway.ts';
import type { LocalFloodRules, LocalUsagePlans } from '../../../infra/local/limits.ts';
import { region, type StageJson } from '../../../infra/local/stage.ts';
import type { LogLevel } from '../../../shared/config/env.ts';
import { logger } from '../../../shared/observability/logger.ts';
import type { Host } from '../../../shared/routes/types.ts';
import type { Clock } from '../../../shared/util/clock.ts';
import { endpoints, stage, stageClient } from '../../support/api.ts';

/**
 * A gateway of the test's own, in this test process, in front of the same functions and the same
 * tables and secrets as the run's stage: its limits and its clock are the test's, so it can exhaust a
 * plan in a few requests and move time forward without disturbing any other test.
 */
export interface OwnGateway {
  gateway: Gateway;
  client: ReturnType<typeof stageClient>;
  close(): Promise<void>;
}

let configured = false;

/** The functions in this process read the run's stage settings (tables, secrets, log level). */
function runFunctionsHere(): void {
  if (configured) return;
  const { environment } = endpoints();
  applyEnvironment(environment);
  logger.setLogLevel((environment.LOG_LEVEL ?? 'SILENT') as LogLevel);
  configured = true;
}

export async function ownGateway(options: {
  host: Host;
  usagePlans?: LocalUsagePlans;
  floodRules?: LocalFloodRules;
  /** The gateway's time, as the events carry it to the functions (the day their usage counts in). */
  clock?: Clock;
  /** The caller's address the functions see, instead of 127.0.0.1. */
  sourceAddress?: string;
  /** The browser apps' origins whose CORS preflights it answers (infra/local/gateway.ts). */
  corsOrigins?: readonly string[];
}): Promise<OwnGateway> {
  runFunctionsHere();
  const shared = stage();
  const gateway = await startGateway({
    host: options.host,
    port: 0,
    stage: 'local',
    region,
    tls: {
      cert: readFileSync(shared.webhook_receiver.cert, 'utf8'),
      key: readFileSync(shared.webhook_receiver.key, 'utf8'),
    },
    ...(options.host === 'api' ? { clientCa: readFileSync(shared.ca_cert, 'utf8') } : {}),
    functions: new FunctionModules(),
    log: () => undefined,
    ...(options.usagePlans ? { usagePlans: options.usagePlans } : {}),
    ...(options.floodRules ? { floodRules: options.floodRules } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.sourceAddress ? { sourceAddress: options.sourceAddress } : {}),
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
  });
  const url = {
    api: 'base_url',
    auth: 'auth_url',
    admin: 'admin_url',
    venue: 'venue_url',
    es2plus: 'es2plus_url',
    'esim-page': 'esim_page_url',
  } as const;
  const stageJson: StageJson = { ...shared, [url[options.host]]: gateway.url };
  const client = stageClient(() => stageJson);
  return {
    gateway,
    client,
    close: async () => {
      await client.close();
      await gateway.close();
    },
  };
}
