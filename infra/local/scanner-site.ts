import {
  type ScannerRuntimeConfig,
  scannerConfigFile,
  scannerRequestPath,
  scannerResponseHeaders,
} from '../../scanner/hosting.ts';
import { loadSiteFiles, type StaticSite, siteFile, startStaticSite } from './static-site.ts';

/**
 * {scanner_url} on the local stage: the built scanner app (scanner/build.ts) with a config.json
 * naming this stage's auth and venue hosts, and the headers CloudFront sets in AWS (docs/venues.md).
 */
export interface ScannerSite {
  site: StaticSite;
  /** config.json and the CSP, once the auth and venue hosts have their addresses. */
  configure(config: ScannerRuntimeConfig): void;
  close(): Promise<void>;
}

export async function startScannerSite(options: {
  port: number;
  tls: { key: string; cert: string };
  buildDir: string;
}): Promise<ScannerSite> {
  const files = await loadSiteFiles(options.buildDir);
  let headers: Record<string, string> | undefined;
  const site = await startStaticSite({
    port: options.port,
    tls: options.tls,
    files,
    headers: () => headers,
    requestPath: scannerRequestPath,
  });
  return {
    site,
    configure(config) {
      files.set(`/${scannerConfigFile}`, siteFile(`${JSON.stringify(config, null, 2)}\n`, scannerConfigFile));
      headers = scannerResponseHeaders({
        auth: new URL(config.auth_url).origin,
        venue: new URL(config.venue_url).origin,
      });
    },
    close: () => site.close(),
  };
}
