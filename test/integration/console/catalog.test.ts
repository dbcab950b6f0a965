import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePorts, type RunningStage, startStage } from '../../../infra/local/stage.ts';
import { stageClient } from '../../support/api.ts';
import {
  drainProblems,
  launchChromium,
  noProblems,
  type PageWatch,
  runAxe,
  seriousOrCritical,
} from '../../support/chromium.ts';
import { goTo, openConsoleAs, untilLoaded } from '../../support/console.ts';
import { employeeLoginClient } from '../../support/employee-login.ts';

/*
 * The catalog pages of the console in headless Chromium, as an admin edits, reviews and publishes the
 * catalog. A stage of the file's own: publishing changes what every partner of a stage sees, which
 * the other files on the run's shared stage must not meet.
 */

let stateDir: string;
let own: RunningStage;
const stageJson = () => own.stageJson;
const client = stageClient(stageJson);
const login = employeeLoginClient(stageJson);
let browser: Browser;
let page: Page;
let watch: PageWatch;

/** A real PNG of the repository (the README's screenshot), as an employee would pick a file. */
const pngFile = fileURLToPath(new URL('../../../docs/console-screenshot.png', import.meta.url));

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'pts-console-catalog-'));
  [own, browser] = await Promise.all([
    startStage({
      stateDir,
      ...freePorts,
      persistent: false,
      env: { LOG_LEVEL: 'SILENT' },
      log: () => undefined,
    }),
    launchChromium(),
  ]);
  ({ page, watch } = await openConsoleAs(
    browser,
    'ada.admin',
    '#/catalog/lounges',
    'Catalog: Lounges',
    stageJson(),
  ));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await login.close();
  await client.close();
  await own?.stop();
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

afterEach(() => {
  // Whatever a test did, the page logged no error of its own, nothing failed on a server and no
  // request left the stage.
  expect(drainProblems(watch)).toEqual(noProblems);
});

type Json = Record<string, unknown>;

/** The admin API of this file's stage, as ada.admin. */
async function asAdmin<T = Json>(method: string, path: string, body?: unknown) {
  const token = await login.tokenOf('ada.admin', async (form) => {
    const answer = await client.request('POST', '/oauth/v2/token', { host: 'auth', form });
    return String(answer.body.access_token);
  });
  return client.request<T>(method, path, {
    host: 'admin',
    cert: null,
    token,
    headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : {},
    ...(body === undefined ? {} : { body }),
  });
}

const table = (name: string) => page.getByRole('region', { name });
const field = (label: string) => page.getByLabel(label, { exact: true });

async function firstItem(path: string): Promise<{ id: string; name: { 'en-US': string } }> {
  const list = await asAdmin<{ data: { id: string; name: { 'en-US': string } }[] }>('GET', `${path}?limit=1`);
  const [item] = list.body.data;
  if (!item) throw new Error(`${path} is empty`);
  return item;
}

describe('the catalog lists', () => {
  it.each([
    ['lounges', 'Lounges'],
    ['fast-tracks', 'Fast-tracks'],
    ['tariffs', 'eSIM tariffs'],
    ['hubs', 'Hubs'],
    ['amenities', 'Amenities'],
  ])('list the %s of the draft and find one by its name', async (kind, plural) => {
    await goTo(page, `#/catalog/${kind}`, `Catalog: ${plural}`);
    const rows = table(`${plural} table`).locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const first = await firstItem(`/api/v1/admin/catalog/${kind}`);

    await page.getByLabel(`Search ${plural.toLowerCase()} by name or id`).fill(first.id);

    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().getByRole('link').textContent()).resolves.toBe(first.name['en-US']);
    await page.getByLabel(`Search ${plural.toLowerCase()} by name or id`).fill('');
  });
});

describe('editing the draft', () => {
  let lounge: { id: string; name: { 'en-US': string } };
  const newName = `Console Lounge ${Date.now()}`;

  beforeAll(async () => {
    lounge = await firstItem('/api/v1/admin/catalog/lounges');
  });

  it("shows the API's validation messages at the fields they name", async () => {
    await goTo(page, `#/catalog/lounges/${lounge.id}`, `Lounge: ${lounge.name['en-US']}`);

    await field('Name (ru-RU)').fill('   ');
    await field('Hub id').fill('not-a-hub');
    await page.getByRole('button', { name: 'Save to draft' }).click();

    await expect.poll(() => field('Name (ru-RU)').getAttribute('aria-invalid')).toBe('true');
    await expect(field('Hub id').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#item-name-ru-RU-error').textContent()).resolves.toMatch(/blank/);
    await expect(page.locator('#item-hub_id-error').textContent()).resolves.not.toBe('');
    const stored = await asAdmin<{ name: Json }>('GET', `/api/v1/admin/catalog/lounges/${lounge.id}`);
    expect(stored.body.name).toEqual(lounge.name);
  });

  it('saves a changed name to the draft', async () => {
    await goTo(page, `#/catalog/lounges/${lounge.id}`, `Lounge: ${lounge.name['en-US']}`);

    await field('Name (en-US)').fill(newName);
    await page.getByRole('button', { name: 'Save to draft' }).click();

    await page.getByRole('heading', { level: 1, name: `Lounge: ${newName}` }).waitFor();
    const stored = await asAdmin<{ name: Json }>('GET', `/api/v1/admin/catalog/lounges/${lounge.id}`);
    expect(stored.body.name).toMatchObject({ 'en-US': newName });
  });

  it('edits the rack prices, showing an amount the currency cannot hold at its field', async () => {
    const current = await asAdmin<{ name: { 'en-US': string } }>(
      'GET',
      `/api/v1/admin/catalog/lounges/${lounge.id}`,
    );
    await goTo(page, `#/catalog/lounges/${lounge.id}`, `Lounge: ${current.body.name['en-US']}`);

    await field('Prices › Currency').fill('EUR');
    await field('Prices › Adult').fill('45.00');
    await field('Prices › Child').fill('22.505');
    await field('Prices › Infant').fill('0.00');
    await page.getByRole('button', { name: 'Save to draft' }).click();

    await expect.poll(() => field('Prices › Child').getAttribute('aria-invalid')).toBe('true');
    await expect(page.locator('#item-prices-child-error').textContent()).resolves.toMatch(/decimal places/);
    expect(await field('Prices › Adult').getAttribute('aria-invalid')).toBeNull();

    await field('Prices › Child').fill('22.50');
    await page.getByRole('button', { name: 'Save to draft' }).click();

    await expect
      .poll(
        async () =>
          (await asAdmin<{ prices?: Json }>('GET', `/api/v1/admin/catalog/lounges/${lounge.id}`)).body.prices,
      )
      .toEqual({ currency: 'EUR', adult: '45.00', child: '22.50', infant: '0.00' });
  });

  it('uploads an image and shows it on the lounge with its id', async () => {
    await goTo(page, '#/catalog/images', 'Catalog: images');
    await field('Image file').setInputFiles(pngFile);
    await page.getByRole('img', { name: 'Preview of the chosen file' }).waitFor();

    await page.getByRole('button', { name: 'Upload image' }).click();

    const uploaded = table('Uploaded images table').locator('tbody tr');
    await uploaded.first().waitFor();
    const imageId = (await uploaded.first().locator('code').textContent()) ?? '';
    await expect(uploaded.first().textContent()).resolves.toContain('image/png');
    await goTo(page, `#/catalog/lounges/${lounge.id}`, `Lounge: ${newName}`);
    await field('Images').fill(JSON.stringify([{ image_id: imageId, sort: 1, enabled: true }]));
    await page.getByRole('button', { name: 'Save to draft' }).click();
    await expect
      .poll(
        async () =>
          (await asAdmin<{ images: Json[] }>('GET', `/api/v1/admin/catalog/lounges/${lounge.id}`)).body
            .images,
      )
      .toEqual([{ image_id: imageId, sort: 1, enabled: true }]);
  });

  it('creates an amenity from the empty form, and shows the conflict of a second one with its name', async () => {
    const name = `Console amenity ${Date.now()}`;
    await goTo(page, '#/catalog/amenities/new', 'New amenity');
    await field('Name (en-US)').fill(name);
    await field('Name (ru-RU)').fill(`${name} ru`);

    await page.getByRole('button', { name: 'Create amenity' }).click();

    await page.getByRole('heading', { level: 1, name: `Amenity: ${name}` }).waitFor();
    await goTo(page, '#/catalog/amenities/new', 'New amenity');
    await field('Name (en-US)').fill(name);
    await field('Name (ru-RU)').fill(`${name} ru`);
    await page.getByRole('button', { name: 'Create amenity' }).click();
    await page
      .getByRole('alert')
      .getByText(/CatalogResourceConflict/)
      .waitFor();
  });

  it('deactivates a tariff after a confirmation', async () => {
    const tariff = await firstItem('/api/v1/admin/catalog/tariffs');
    await goTo(page, `#/catalog/tariffs/${tariff.id}`, `eSIM tariff: ${tariff.name['en-US']}`);

    await page.getByRole('button', { name: 'Deactivate eSIM tariff', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();

    await page.getByText('Inactive', { exact: true }).waitFor();
    const stored = await asAdmin<{ is_active: boolean }>('GET', `/api/v1/admin/catalog/tariffs/${tariff.id}`);
    expect(stored.body.is_active).toBe(false);
  });
});

describe("an account's contract terms", () => {
  it('sets a discount and a billing basis, and shows a percentage above 100 at its field', async () => {
    const accounts = await asAdmin<{ data: { account_id: string; name: string; kind?: string }[] }>(
      'GET',
      '/api/v1/admin/accounts?limit=50',
    );
    const account = accounts.body.data.find((each) => each.kind !== 'operator') ?? accounts.body.data[0];
    if (!account) throw new Error('the stage has no account');
    await goTo(page, `#/accounts/${account.account_id}`, account.name);
    const contract = page.getByRole('region', { name: 'Contract' });

    await contract.getByLabel('Discount (%)', { exact: true }).fill('150');
    await contract.getByLabel('Billing basis', { exact: true }).selectOption('per_pass');
    await contract.getByRole('button', { name: /contract$/ }).click();

    const discount = contract.getByLabel('Discount (%)', { exact: true });
    await expect.poll(() => discount.getAttribute('aria-invalid')).toBe('true');
    await expect(page.locator('#contract-discount_percent-error').textContent()).resolves.toMatch(
      /percentage/,
    );

    await discount.fill('12.5');
    await contract.getByRole('button', { name: /contract$/ }).click();

    await expect
      .poll(
        async () =>
          (
            await asAdmin<{ discount_percent?: number; billing_basis?: string }>(
              'GET',
              `/api/v1/admin/accounts/${account.account_id}/contract`,
            )
          ).body,
      )
      .toMatchObject({ discount_percent: 12.5, billing_basis: 'per_pass', free_cancellation_hours: 24 });
    await expect.poll(() => discount.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('reviewing and publishing the draft', () => {
  it('shows every change with its fields before and after, publishes, and partners see the result', async () => {
    const lounge = await firstItem('/api/v1/admin/catalog/lounges');
    await goTo(page, '#/catalog/publish', 'Catalog: draft and publish');
    const changes = table('Draft changes table');
    const row = changes.getByRole('row', { name: new RegExp(lounge.id) });
    await row.waitFor();

    await expect(row.textContent()).resolves.toContain('changed');
    await expect(
      row.getByRole('listitem').filter({ hasText: 'name.en-US' }).textContent(),
    ).resolves.toContain(`→ ${lounge.name['en-US']}`);
    await expect(
      changes.getByRole('row', { name: /^Amenity: Console amenity/ }).textContent(),
    ).resolves.toContain('added');
    await expect(changes.getByRole('row', { name: /^eSIM tariff: / }).textContent()).resolves.toContain(
      'deactivated',
    );

    await page.getByRole('button', { name: 'Publish the draft', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();

    await page.getByText('Published.', { exact: true }).waitFor();
    await page.getByText('The draft equals the published catalog.').waitFor();
    const partner = client.api(0);
    const seen = await partner.request<{ name: unknown }>('GET', `/v2/catalog/lounges/${lounge.id}`, {
      token: await partner.token(),
      headers: { 'accept-language': 'en-US' },
    });
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body.name)).toContain(lounge.name['en-US']);
  });

  it('says there is nothing to publish when partners already see the draft', async () => {
    await goTo(page, '#/catalog/publish', 'Catalog: draft and publish');
    await page.getByText('The draft equals the published catalog.').waitFor();

    await page.getByRole('button', { name: 'Publish the draft', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();

    await page.getByText('Nothing to publish: no change since the last version.').waitFor();
  });
});

describe('the accessibility of the catalog pages', () => {
  it.each([
    ['a list', () => '#/catalog/hubs', () => 'Catalog: Hubs'],
    ['the new lounge form', () => '#/catalog/lounges/new', () => 'New lounge'],
    ['the images page', () => '#/catalog/images', () => 'Catalog: images'],
    ['the draft and publish page', () => '#/catalog/publish', () => 'Catalog: draft and publish'],
  ])('finds no serious or critical axe-core violation on %s', async (_name, route, heading) => {
    await goTo(page, route(), heading());
    await page.waitForLoadState('networkidle');
    await untilLoaded(page);

    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });

  it('finds none on an item form either', async () => {
    const lounge = await firstItem('/api/v1/admin/catalog/lounges');
    await goTo(page, `#/catalog/lounges/${lounge.id}`, `Lounge: ${lounge.name['en-US']}`);
    await untilLoaded(page);

    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });
});
