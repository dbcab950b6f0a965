/**
 * `npm run console:screenshot`: the README's picture of the employee console. Starts a throwaway
 * local stage (free ports, in-memory data), signs in as the seeded admin in headless Chromium and
 * photographs a partner account's page into docs/console-screenshot.png.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts, startStage } from '../infra/local/stage.ts';
import { launchChromium } from '../test/support/chromium.ts';

const output = fileURLToPath(new URL('../docs/console-screenshot.png', import.meta.url));
const stateDir = await mkdtemp(join(tmpdir(), 'pts-screenshot-'));
const stage = await startStage({
  stateDir,
  ...freePorts,
  persistent: false,
  env: { LOG_LEVEL: 'SILENT' },
  log: () => {},
});
const browser = await launchChromium();
try {
  const { console_url, partners, idp } = stage.stageJson;
  const admin = idp.employees.find((employee) => employee.role === 'admin');
  const partner = partners[0];
  if (!admin || !partner) throw new Error('The stage has no admin or no partner');
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 860 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'UTC',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await page.goto(`${console_url}/#/accounts/${partner.account_id}`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Local Partner 1' }).waitFor();
  await page.waitForLoadState('networkidle');
  // The heading takes focus after navigation; the picture shows the page, not a focus ring.
  await page.evaluate('document.activeElement.blur()');
  await page.screenshot({ path: output });
  console.log(`Wrote ${output}`);
} finally {
  await browser.close();
  await stage.stop();
  await rm(stateDir, { recursive: true, force: true });
}
