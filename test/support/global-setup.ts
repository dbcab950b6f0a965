import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { logLevelOverride } from '../../infra/local/config.ts';
import { freePorts, type StageEndpoints, type StageJson, startStage } from '../../infra/local/stage.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stage: StageJson;
    endpoints: StageEndpoints;
  }
}

/**
 * One local stage for the integration run: a temporary state dir, free ports, in-memory DynamoDB.
 * Handler logs stay quiet unless LOG_LEVEL is set (LOG_LEVEL=DEBUG npm run test:integration).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stateDir = await mkdtemp(join(tmpdir(), 'pts-stage-'));
  const stage = await startStage({
    stateDir,
    ...freePorts,
    persistent: false,
    env: {
      LOG_LEVEL: logLevelOverride() ?? 'SILENT',
      // Webhook retries in seconds, a short receiver timeout, and a name that resolves to a private
      // address for the SSRF tests (test/integration/webhooks).
      WEBHOOK_RETRY_SCHEDULE: '1,1,1,1',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_RESOLVE: 'internal.webhook.test=10.0.0.7',
      // A disabled application's tokens are refused within this bound (60 s by default).
      PRINCIPAL_STATUS_TTL_SECONDS: '2',
      // Every test asks for tokens from 127.0.0.1, far more than a partner would: the flood rules
      // would refuse the suite. A lockout of 2 s lets its test see one end (docs/quotas.md).
      TOKEN_ENDPOINT_LIMITS: JSON.stringify({
        address_flood: { limit: 1_000_000 },
        client_flood: { limit: 1_000_000 },
        lockout: { base_seconds: 2, max_seconds: 8 },
      }),
    },
    log: (message) => console.error(`[local stage] ${message}`),
  });
  project.provide('stage', stage.stageJson);
  project.provide('endpoints', stage.endpoints);
  return async () => {
    await stage.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
}
