import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Debian Chromium with every background network feature off, so tests see only their own
 * traffic; `extraArgs` adds switches (the scanner's fake camera).
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...extraArgs,
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
  /** What the page's scripts log as errors, and uncaught exceptions. */
  consoleErrors: string[];
  /**
   * Chromium's own log lines for answers with an error status ("Failed to load resource: ... 404"):
   * kept apart, since an API answering 404 or 422 is a state the page shows, not a fault of the page.
   */
  failedLoads: string[];
  /** Answers with a 5xx status. */
  serverErrors: string[];
  /** Requests to any origin other than the allowed ones (data: and blob: URLs never leave the page). */
  foreignRequests: string[];
}

export function watchPage(page: Page, allowedOrigins: readonly string[]): PageWatch {
  const watch: PageWatch = { consoleErrors: [], failedLoads: [], serverErrors: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('Failed to load resource: the server responded with a status of'))
      watch.failedLoads.push(`${text} ${message.location().url}`);
    else watch.consoleErrors.push(text);
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (!allowedOrigins.includes(new URL(url).origin)) watch.foreignRequests.push(url);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) watch.serverErrors.push(`${response.status()} ${response.url()}`);
  });
  return watch;
}

/**
 * What went wrong on the page since the last call (its own console errors, 5xx answers, requests to
 * foreign origins), emptied so the next test starts clean: `expect(drainProblems(watch)).toEqual(noProblems)`.
 */
export function drainProblems(watch: PageWatch) {
  return {
    consoleErrors: watch.consoleErrors.splice(0),
    serverErrors: watch.serverErrors.splice(0),
    foreignRequests: watch.foreignRequests.splice(0),
  };
}

export const noProblems = { consoleErrors: [], serverErrors: [], foreignRequests: [] };

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
