import { config } from '../../shared/config/env.ts';
import { esimStore } from '../../shared/db/entities/esim.ts';
import { esimSettingsStore } from '../../shared/db/entities/esim-settings.ts';
import { NotFoundError } from '../../shared/domain/errors.ts';
import { simulateProfileReport } from '../../shared/domain/esim/profile-simulation.ts';
import { recordUsage } from '../../shared/domain/esim/service.ts';
import type { Implementations } from '../../shared/http/pipeline/index.ts';
import { esimView, packageView } from '../../shared/http/views/esim.ts';
import { smdpSimulator } from '../../shared/net/smdp-simulator.ts';
import type { esimSandboxRoutes } from '../../shared/routes/esim-sandbox.ts';
import { esimShareLinks } from '../../shared/secrets/esim-share-link-key.ts';

/** Simulated network usage on an eSIM, served by the sandbox function; never in prod. */
export const esimSandboxImplementations: Implementations<typeof esimSandboxRoutes> = {
  simulateEsimUsage: async ({ principal, body, now, uow, route }) => {
    if (config().stage === 'prod')
      throw new NotFoundError('ResourceNotFound', `No operation at ${route.path}.`);
    const pkg = await recordUsage(
      { esims: esimStore, settings: esimSettingsStore, uow },
      { accountId: principal.accountId, now },
      body.iccid,
      body.used_mb,
    );
    return { status: 200, body: packageView(pkg, now) };
  },
  simulateEsimProfile: async ({ principal, body, now, uow, route }) => {
    if (config().stage === 'prod')
      throw new NotFoundError('ResourceNotFound', `No operation at ${route.path}.`);
    const esim = await simulateProfileReport(
      { esims: esimStore, uow, smdp: smdpSimulator() },
      { accountId: principal.accountId, now },
      body.iccid,
      body.state,
    );
    return { status: 200, body: await esimView(esim, now, await esimShareLinks()) };
  },
};
