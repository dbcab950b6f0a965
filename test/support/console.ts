import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { StageJson } from '../../infra/local/stage.ts';
import { stage } from './api.ts';
import { type PageWatch, watchPage } from './chromium.ts';
import { employeeOf } from './employee-login.ts';

/**
 * The employee console of the run's local stage in headless Chromium: a browser context that trusts
 * the stage's own CA, the real login through the identity provider's form, and helpers to move
 * between the console's pages without reloading (the token lives in the page's memory only). The
 * stage is the run's shared one unless a file passes its own.
 */
export interface ConsoleSession {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
}

/** The origins a console page may reach: itself, the auth and admin hosts, the identity provider. */
export function consoleOrigins(target: StageJson = stage()): string[] {
  const { console_url, auth_url, admin_url, idp } = target;
  return [console_url, auth_url, admin_url, idp.issuer];
}

export async function newConsoleContext(
  browser: Browser,
  target: StageJson = stage(),
): Promise<BrowserContext> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  // The copy buttons write to the clipboard; a test reads it back.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: target.console_url });
  return context;
}

/** At the identity provider's sign-in page: the seeded employee's username and password, submitted. */
export async function signInAtProvider(
  page: Page,
  username: string,
  target: StageJson = stage(),
): Promise<void> {
  const { password } = employeeOf(target, username);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The h1 of a console page. */
export const pageHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

/**
 * Opens `route` (`#/accounts`) in a fresh context: the console sends the browser to the login, the
 * employee signs in at the provider, and the console comes back to the route with a token in memory.
 */
export async function openConsoleAs(
  browser: Browser,
  username: string,
  route: string,
  heading: string | RegExp,
  target: StageJson = stage(),
): Promise<ConsoleSession> {
  const context = await newConsoleContext(browser, target);
  const page = await context.newPage();
  // Shorter than a test's own timeout, so a stuck step fails with the locator it waited for.
  page.setDefaultTimeout(15_000);
  const watch = watchPage(page, consoleOrigins(target));
  await page.goto(`${target.console_url}/${route}`);
  await signInAtProvider(page, username, target);
  await pageHeading(page, heading).waitFor();
  return { context, page, watch };
}

/**
 * Another page of the console in the same document (a hash change: no reload, the token stays). The
 * page shown already is left first, so it starts afresh (no half-edited form stays).
 */
export async function goTo(page: Page, route: string, heading: string | RegExp): Promise<void> {
  if (new URL(page.url()).hash === route) {
    await page.evaluate(`window.location.hash = '#/leaving'`);
    await pageHeading(page, 'Page not found').waitFor();
  }
  await page.evaluate(`window.location.hash = ${JSON.stringify(route)}`);
  await pageHeading(page, heading).waitFor();
}

/** What a page script could read of the storage: keys of both storages and the cookies. */
export function readableStorage(page: Page): Promise<string> {
  return page.evaluate<string>(
    'JSON.stringify([Object.keys(localStorage), Object.keys(sessionStorage), document.cookie])',
  );
}

/** Waits until nothing on the page is still loading: no region or button marked aria-busy. */
export async function untilLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** Every visible, enabled form control of the page's main area, as `kind: label`. */
export async function enabledControls(target: Page): Promise<string[]> {
  // Runs in the page (an expression: the project's types have no DOM): each control's label or text.
  const labels: unknown = await target.evaluate(`[...document.querySelectorAll(
    'main button, main input, main select, main textarea'
  )]
    .filter((control) => !control.matches(':disabled') && control.checkVisibility())
    .map((control) => {
      const label = control.labels?.[0]?.textContent ?? control.getAttribute('aria-label') ?? control.textContent ?? '';
      const kind = control.tagName === 'BUTTON' ? 'button' : 'input';
      return kind + ': ' + label.replace(/\\s+/g, ' ').trim();
    })`);
  if (!Array.isArray(labels)) throw new Error('No list of controls');
  return labels as string[];
}
