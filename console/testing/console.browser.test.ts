import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type PageWatch, runAxe, seriousOrCritical, watchPage } from './browser.ts';
import {
  account,
  accountId,
  application,
  auditRecord,
  delivery,
  lounge,
  otherAccount,
  webhook,
} from './fixtures.ts';
import { adminOrigin, authOrigin, MockBackend } from './mock-backend.ts';
import { type StaticServer, serveDirectory } from './static-server.ts';

/*
 * The built console in headless Chromium against a stand-in auth host and admin API (answered by
 * Playwright routes): the login with PKCE, the pages, role gating, validation messages at fields and
 * accessibility. The same flows against the real local stage live in the integration tests.
 */

let outDir: string;
let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let backend: MockBackend;
let watch: PageWatch;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'console-'));
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  server = await serveDirectory(outDir, {
    files: (origin) => ({
      '/config.json': JSON.stringify({
        auth_url: authOrigin,
        admin_url: adminOrigin,
        client_id: 'console',
        redirect_uri: `${origin}/`,
      }),
    }),
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function open(route: string, roles: string[] = ['admin']): Promise<void> {
  context = await browser.newContext();
  backend = new MockBackend(server.origin);
  backend.login.roles = roles;
  backend.on(({ method, path }) => {
    const base = `/api/v1/admin/accounts/${accountId}`;
    if (method === 'GET' && path === '/api/v1/admin/accounts') {
      return { status: 200, body: { data: [account, otherAccount], next_cursor: null } };
    }
    if (method === 'GET' && path === base) return { status: 200, body: account };
    if (method === 'GET' && path === `${base}/applications`) {
      return { status: 200, body: { data: [application], next_cursor: null } };
    }
    if (method === 'GET' && path === `${base}/esim-pool`)
      return { status: 200, body: { available: 12, assigned: 3 } };
    if (method === 'GET' && path === `${base}/contract`) {
      return { status: 200, body: { lounges: 'all', fast_tracks: [], tariffs: ['t1'] } };
    }
    if (method === 'GET' && path === `${base}/webhooks`)
      return { status: 200, body: { data: [webhook], next_cursor: null } };
    if (method === 'GET' && path === `${base}/webhooks/${webhook.id}/deliveries`) {
      return { status: 200, body: { data: [delivery], next_cursor: null } };
    }
    if (method === 'GET' && path === '/api/v1/admin/catalog/lounges') {
      return { status: 200, body: { data: [lounge], next_cursor: null } };
    }
    if (method === 'GET' && path === '/api/v1/admin/catalog/lounges/lounge-1')
      return { status: 200, body: lounge };
    if (method === 'GET' && path === '/api/v1/admin/audit-log') {
      return { status: 200, body: { data: [auditRecord], next_cursor: null } };
    }
    if (method === 'GET' && path === '/api/v1/admin/catalog/diff') {
      return {
        status: 200,
        body: { changes: [{ kind: 'lounges', id: 'lounge-1', change: 'changed', fields: ['name'] }] },
      };
    }
    return undefined;
  });
  await backend.install(context);
  page = await context.newPage();
  watch = watchPage(page, [server.origin, authOrigin, adminOrigin]);
  await page.goto(`${server.origin}/${route}`);
}

afterEach(async () => {
  await context?.close();
});

const heading = (name: string) => page.getByRole('heading', { level: 1, name });

describe('the console login', () => {
  it('sends the employee through the login with PKCE and back to the page asked for', async () => {
    await open('#/audit-log');

    await heading('Audit log').waitFor();
    const [login] = backend.logins;
    expect(backend.logins).toHaveLength(1);
    expect(login?.redirectUri).toBe(`${server.origin}/`);
    expect(login?.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe('#/audit-log');
    // The heading renders before the page's first admin call reaches the stand-in API.
    await expect.poll(() => backend.calls.length).toBeGreaterThan(0);
    expect(backend.calls[0]?.authorization).toMatch(/^Bearer ey/);
  });

  it('keeps the token out of every storage a script could read later', async () => {
    await open('#/accounts');
    await heading('Accounts').waitFor();

    const stored = await page.evaluate<string>(
      'JSON.stringify([Object.keys(localStorage), Object.keys(sessionStorage), document.cookie])',
    );

    expect(stored).toBe('[[],[],""]');
  });

  it('refuses a login answer whose state this tab did not send', async () => {
    await open('#/accounts');
    await heading('Accounts').waitFor();

    await page.goto(`${server.origin}/?code=stolen&state=forged.state`);

    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not started in this tab');
  });

  it('signs in again and returns to the same page when the admin API answers 401', async () => {
    await open(`#/accounts/${accountId}`);
    await heading('Acme Travel').waitFor();
    let first = true;
    backend.on(({ path }) => {
      if (path === '/api/v1/admin/accounts' && first) {
        first = false;
        return { status: 401, body: { code: 'Unauthorized', title: 'Unauthorized', status: 401 } };
      }
      return undefined;
    });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();

    // The heading shows at once; the 401, the login round trip and the reload of the list follow.
    await expect.poll(() => backend.logins.length).toBe(2);
    await page.getByRole('link', { name: 'Globex Journeys' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/accounts');
  });

  it('signs out: the token is forgotten and no page of data stays on screen', async () => {
    await open('#/accounts');
    await heading('Accounts').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    await expect(page.getByText('Acme Travel').count()).resolves.toBe(0);
  });
});

describe('the console pages', () => {
  it('lists accounts and filters them by the search', async () => {
    await open('#/accounts');
    await page.getByRole('link', { name: 'Globex Journeys' }).waitFor();

    await page.getByLabel('Search loaded accounts by name, id or status').fill('acme');

    await expect(page.getByRole('link', { name: 'Globex Journeys' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Acme Travel' }).count()).resolves.toBe(1);
  });

  it('shows a new application secret once, with a copy button', async () => {
    await open(`#/accounts/${accountId}`);
    backend.on(({ method, path }) =>
      method === 'POST' && path === `/api/v1/admin/accounts/${accountId}/applications`
        ? {
            status: 201,
            body: { ...application, client_id: 'pts_new', name: 'Reports', client_secret: 'ptss_shown_once' },
          }
        : undefined,
    );
    await page.getByLabel('Application name').fill('Reports');
    await page.getByRole('checkbox', { name: 'catalog.lounges:read' }).check();

    await page.getByRole('button', { name: 'Create application' }).click();

    await expect(page.getByRole('textbox', { name: 'Client secret' }).inputValue()).resolves.toBe(
      'ptss_shown_once',
    );
    await expect(page.getByRole('button', { name: 'Copy client secret' }).isVisible()).resolves.toBe(true);
    const create = backend.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      name: 'Reports',
      allowed_scopes: ['catalog.lounges:read'],
    });
  });

  it('shows the validation messages of a 422 at the fields they name', async () => {
    await open('#/catalog/lounges/lounge-1');
    backend.on(({ method }) =>
      method === 'PUT'
        ? {
            status: 422,
            body: {
              code: 'ValidationError',
              title: 'Validation failed',
              status: 422,
              detail: 'The request has 2 problems',
              details: {
                errors: [
                  { path: 'body.name.en-US', message: 'Must not be empty' },
                  { path: 'body.brand_new_field', message: 'Required' },
                ],
              },
            },
          }
        : undefined,
    );
    const name = page.getByLabel('Name (en-US)');
    await name.fill('');

    await page.getByRole('button', { name: 'Save to draft' }).click();

    await page.getByText('Must not be empty').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain(
      'The request has 2 problems',
    );
    await expect(page.getByText('body.brand_new_field').isVisible()).resolves.toBe(true);
  });

  it('shows the problem detail when a page cannot load', async () => {
    await open('#/catalog/hubs');

    await page.getByRole('alert').waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Resource not found');
    await expect(page.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
  });

  it('gives a support employee the same pages with every write control disabled', async () => {
    await open(`#/accounts/${accountId}`, ['support']);
    await heading('Acme Travel').waitFor();
    await page.getByRole('button', { name: 'Redeliver' }).waitFor();
    await page.getByRole('button', { name: 'Rotate secret of Booking backend' }).waitFor();
    await page.getByRole('button', { name: 'Replace contract' }).waitFor();

    const enabledWrites = await page
      .getByRole('button', {
        name: /Disable|Enable|Rotate|Create|Set plan|Load ICCIDs|Link reseller|Replace contract|Assign manager|Redeliver/,
      })
      .evaluateAll((buttons) => buttons.filter((button) => !button.hasAttribute('disabled')).length);

    expect(enabledWrites).toBe(0);
    await expect(
      page.getByText('Read-only: your role can view but not change anything.').isVisible(),
    ).resolves.toBe(true);
  });
});

describe('the console accessibility', () => {
  it.each([
    ['accounts', '#/accounts', 'Accounts'],
    ['an account', `#/accounts/${accountId}`, 'Acme Travel'],
    ['a catalog item', '#/catalog/lounges/lounge-1', 'Lounge: Blue Lounge'],
    ['the draft and publish page', '#/catalog/publish', 'Catalog: draft and publish'],
    ['the audit log', '#/audit-log', 'Audit log'],
  ])('has no serious or critical axe-core violation on %s', async (_name, route, title) => {
    await open(route);
    await heading(title).waitFor();
    await page.waitForLoadState('networkidle');

    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });

  it('moves focus to the page heading after navigation and shows a visible focus ring', async () => {
    await open('#/accounts');
    await heading('Accounts').waitFor();

    await expect(page.evaluate<string>('document.activeElement.textContent')).resolves.toBe('Accounts');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate<string>('getComputedStyle(document.activeElement).outlineStyle');

    expect(outline).not.toBe('none');
  });

  it('offers a skip link as the first stop of the keyboard, shown when focused', async () => {
    await open('#/accounts');
    await heading('Accounts').waitFor();
    const firstStop = await page.evaluate<string>(
      `document.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])').textContent`,
    );
    const skip = page.getByRole('button', { name: 'Skip to content' });

    await skip.focus();
    const box = await skip.boundingBox();
    await page.keyboard.press('Enter');

    expect(firstStop).toContain('Skip to content');
    expect(box?.y).toBeGreaterThanOrEqual(0);
    await expect(page.evaluate<string>('document.activeElement.id')).resolves.toBe('main');
  });
});
