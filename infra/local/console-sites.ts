import { join } from 'node:path';
import { referenceSubdir } from '../../console/build.ts';
import {
  type ConsoleRuntimeConfig,
  consoleConfigFile,
  consoleResponseHeaders,
  referenceResponseHeaders,
  spaRequestPath,
} from '../../console/hosting.ts';
import { loadSiteFiles, type StaticSite, siteFile, startStaticSite } from './static-site.ts';

/**
 * {console_url} and {docs_url} on the local stage: the built console (with its SPA fallback and a
 * config.json naming this stage's hosts) and the API reference, each on its own origin, with the
 * headers CloudFront sets in AWS (docs/console.md, Hosting).
 */
export interface ConsoleSites {
  console: StaticSite;
  docs: StaticSite;
  /** config.json and the console's CSP, once the auth and admin hosts have their addresses. */
  configure(config: Omit<ConsoleRuntimeConfig, 'docs_url'>): void;
  close(): Promise<void>;
}

export async function startConsoleSites(options: {
  consolePort: number;
  docsPort: number;
  tls: { key: string; cert: string };
  /** The directory of a console build (console/build.ts). */
  buildDir: string;
}): Promise<ConsoleSites> {
  const [consoleFiles, referenceFiles] = await Promise.all([
    loadSiteFiles(options.buildDir, { exclude: [referenceSubdir] }),
    loadSiteFiles(join(options.buildDir, referenceSubdir)),
  ]);
  let consoleHeaders: Record<string, string> | undefined;
  const referenceHeaders = referenceResponseHeaders();

  const sites: StaticSite[] = [];
  try {
    const consoleSite = await startStaticSite({
      port: options.consolePort,
      tls: options.tls,
      files: consoleFiles,
      headers: () => consoleHeaders,
      requestPath: spaRequestPath,
    });
    sites.push(consoleSite);
    const docs = await startStaticSite({
      port: options.docsPort,
      tls: options.tls,
      files: referenceFiles,
      headers: () => referenceHeaders,
    });
    sites.push(docs);
    return {
      console: consoleSite,
      docs,
      configure(config) {
        const runtime: ConsoleRuntimeConfig = { ...config, docs_url: `${docs.url}/` };
        consoleFiles.set(
          `/${consoleConfigFile}`,
          siteFile(`${JSON.stringify(runtime, null, 2)}\n`, consoleConfigFile),
        );
        consoleHeaders = consoleResponseHeaders({
          auth: new URL(config.auth_url).origin,
          admin: new URL(config.admin_url).origin,
        });
      },
      close: async () => {
        await Promise.all(sites.map((site) => site.close()));
      },
    };
  } catch (error) {
    await Promise.all(sites.map((site) => site.close()));
    throw error;
  }
}
