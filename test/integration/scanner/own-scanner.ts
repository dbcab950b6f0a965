import { readFileSync } from 'node:fs';
import { startScannerSite } from '../../../infra/local/scanner-site.ts';
import { scannerDistDir } from '../../../scanner/build.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import type { Clock } from '../../../shared/util/clock.ts';
import { stage } from '../../support/api.ts';
import { ownGateway } from '../quotas/own-gateway.ts';

/**
 * The scanner app with an auth and a venue host of the test's own (test/integration/quotas/own-gateway.ts),
 * in front of the run's functions and tables, on `clock`: a test moves the time past the bound a
 * device's standing is kept for instead of waiting it out. All three are needed together: the
 * functions check a device token's `aud` and a proof's `htu` against the venue URL they are
 * configured with, the app's CSP admits exactly the auth and venue origins its site names, and
 * both hosts admit exactly the app's origin (shared/http/cors.ts). The functions of this process
 * are configured with these URLs until `close`.
 */
export interface OwnScanner {
  scanner_url: string;
  auth_url: string;
  venue_url: string;
  close(): Promise<void>;
}

export async function ownScanner(clock: Clock): Promise<OwnScanner> {
  const shared = stage();
  const site = await startScannerSite({
    port: 0,
    tls: {
      cert: readFileSync(shared.webhook_receiver.cert, 'utf8'),
      key: readFileSync(shared.webhook_receiver.key, 'utf8'),
    },
    buildDir: scannerDistDir,
  });
  const corsOrigins = [site.site.url];
  const [auth, venue] = await Promise.all([
    ownGateway({ host: 'auth', clock, corsOrigins }),
    ownGateway({ host: 'venue', clock, corsOrigins }),
  ]);
  site.configure({ auth_url: auth.gateway.url, venue_url: venue.gateway.url });

  const settings = {
    AUTH_BASE_URL: auth.gateway.url,
    VENUE_BASE_URL: venue.gateway.url,
    SCANNER_ORIGIN: site.site.url,
  };
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  resetModuleCaches();

  return {
    scanner_url: site.site.url,
    auth_url: auth.gateway.url,
    venue_url: venue.gateway.url,
    close: async () => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetModuleCaches();
      await Promise.all([auth.close(), venue.close(), site.close()]);
    },
  };
}
