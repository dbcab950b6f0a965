import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Debian Chromium with every background network feature off, so tests see only their own traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageWatch {
  consoleErrors: string[];
  /** Requests to any origin other than the allowed ones (data: and blob: URLs never leave the page). */
  foreignRequests: string[];
}

export function watchPage(page: Page, allowedOrigins: readonly string[]): PageWatch {
  const watch: PageWatch = { consoleErrors: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (!allowedOrigins.includes(new URL(url).origin)) watch.foreignRequests.push(url);
  });
  return watch;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const require = createRequire(import.meta.url);

interface RawViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}
type AxeGlobal = typeof globalThis & {
  axe?: {
    run(
      context: { exclude: string[] },
      options: { resultTypes: string[] },
    ): Promise<{ violations: RawViolation[] }>;
  };
};

/**
 * Runs axe-core inside the page. The script is evaluated through the DevTools protocol, which a page's
 * CSP does not govern, so the page under test keeps its real policy.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (globalThis as AxeGlobal).axe;
    if (!axe) throw new Error('axe-core did not load');
    // Only violations are needed; details of passing nodes are most of axe's work on a large page.
    const result = await axe.run({ exclude: [] }, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
  });
}

export function seriousOrCritical(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
