import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stage } from '../../support/api.ts';
import { launchChromium, watchPage } from '../../support/chromium.ts';
import {
  type ConsoleSession,
  consoleOrigins,
  goTo,
  newConsoleContext,
  openConsoleAs,
  pageHeading,
  readableStorage,
  signInAtProvider,
} from '../../support/console.ts';

/*
 * The employee login of the console against the run's local stage: the console's PKCE login through
 * the auth host and the real identity provider's sign-in form, the token kept in memory only, the
 * return to the page asked for, sign-out, and a new login when the token is about to expire.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function open(username: string, route: string, heading: string | RegExp): Promise<ConsoleSession> {
  const session = await openConsoleAs(browser, username, route, heading);
  contexts.push(session.context);
  return session;
}

const isTokenExchange = (request: Request) =>
  request.method() === 'POST' && request.url() === `${stage().auth_url}/oauth/v2/token`;

describe('the console login', () => {
  it("signs an admin in through the identity provider's form and returns to the page asked for", async () => {
    const { page, watch } = await open('ada.admin', '#/audit-log', 'Audit log');

    const address = new URL(page.url());
    expect(address.origin).toBe(stage().console_url);
    // The login landed on /callback with a code; the console keeps neither in its address.
    expect(address.pathname).toBe('/');
    expect(address.search).toBe('');
    expect(address.hash).toBe('#/audit-log');
    await expect(page.getByText('ada.admin · Administrator').isVisible()).resolves.toBe(true);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });

  it.each([
    ['sam.support', 'sam.support · Support (read-only)', true],
    ['nico.nogroup', 'nico.nogroup · Administrator', false],
  ])('signs %s in with the role the stage maps their groups to', async (username, who, readOnly) => {
    const { page } = await open(username, '#/accounts', 'Accounts');

    await expect(page.getByText(who).isVisible()).resolves.toBe(true);
    await expect(
      page.getByText('Read-only: your role can view but not change anything.').count(),
    ).resolves.toBe(readOnly ? 1 : 0);
  });

  it('keeps the token out of every storage a page script could read', async () => {
    const { page } = await open('ada.admin', '#/accounts', 'Accounts');
    await page.getByRole('link', { name: 'Local Partner 1' }).waitFor();

    await expect(readableStorage(page)).resolves.toBe('[[],[],""]');
  });

  it('sends the admin API the token as a bearer header, never a cookie', async () => {
    const context = await newConsoleContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    const adminCall = page.waitForRequest((request) => request.url().startsWith(stage().admin_url));
    await page.goto(`${stage().console_url}/#/accounts`);
    await signInAtProvider(page, 'ada.admin');

    const headers = await (await adminCall).allHeaders();

    expect(headers.authorization).toMatch(/^Bearer ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(headers.cookie).toBeUndefined();
  });

  it('leaves a wrong password at the provider, with its message, and signs in on the next try', async () => {
    const context = await newConsoleContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${stage().console_url}/#/accounts`);
    await page.getByLabel('Username').fill('ada.admin');
    await page.getByLabel('Password').fill('not-her-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('alert').getByText('Wrong username or password.').waitFor();
    expect(new URL(page.url()).origin).toBe(stage().idp.issuer);
    await signInAtProvider(page, 'ada.admin');
    await pageHeading(page, 'Accounts').waitFor();
  });

  it('refuses a login answer whose state this tab did not send', async () => {
    const { page } = await open('ada.admin', '#/accounts', 'Accounts');

    await page.goto(`${stage().employee_login.redirect_uri}?code=stolen&state=forged.state`);

    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not started in this tab');
  });

  it('signs out: the token is forgotten, no data stays on screen, and signing in again returns', async () => {
    const { page } = await open('ada.admin', '#/accounts', 'Accounts');
    await page.getByRole('link', { name: 'Local Partner 1' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    await expect(page.getByText('Local Partner 1').count()).resolves.toBe(0);
    // The provider still knows the employee: the new login needs no password.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await pageHeading(page, 'Accounts').waitFor();
  });
});

describe('the end of a token', () => {
  it('sends the employee through the login again before the token expires, back to the same page', async () => {
    const context = await newConsoleContext(browser);
    contexts.push(context);
    // The page's clock is Playwright's: an hour passes in a moment, the stage's tokens stay real.
    await context.clock.install();
    const page = await context.newPage();
    const watch = watchPage(page, consoleOrigins());
    const exchanges: Request[] = [];
    page.on('request', (request) => {
      if (isTokenExchange(request)) exchanges.push(request);
    });
    await page.goto(`${stage().console_url}/#/accounts`);
    await signInAtProvider(page, 'ada.admin');
    await pageHeading(page, 'Accounts').waitFor();
    await goTo(page, '#/audit-log', 'Audit log');
    expect(exchanges).toHaveLength(1);

    // One minute before the hour-long token ends, the console leaves for the login.
    await context.clock.fastForward('59:05');

    await expect.poll(() => exchanges.length, { timeout: 20_000 }).toBe(2);
    await pageHeading(page, 'Audit log').waitFor();
    expect(new URL(page.url()).hash).toBe('#/audit-log');
    expect(watch.consoleErrors).toEqual([]);
  });

  it('signs in again and returns to the same page when the admin API refuses the token (401)', async () => {
    const { page, context } = await open('ada.admin', '#/audit-log', 'Audit log');
    let refused = 0;
    // A token the admin API stopped accepting (a rotated signing key, say): the first answer is a 401.
    await context.route(`${stage().admin_url}/api/v1/admin/accounts?**`, async (route) => {
      if (refused++ > 0) return route.fallback();
      await route.fulfill({
        status: 401,
        contentType: 'application/problem+json',
        headers: { 'Access-Control-Allow-Origin': stage().console_url },
        body: JSON.stringify({ code: 'Unauthorized', title: 'Unauthorized', status: 401 }),
      });
    });
    const exchanges: Request[] = [];
    page.on('request', (request) => {
      if (isTokenExchange(request)) exchanges.push(request);
    });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();

    await expect.poll(() => exchanges.length, { timeout: 20_000 }).toBe(1);
    await page.getByRole('link', { name: 'Local Partner 1' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/accounts');
  });
});
