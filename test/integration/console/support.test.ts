import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  drainProblems,
  launchChromium,
  noProblems,
  type PageWatch,
  runAxe,
  seriousOrCritical,
} from '../../support/chromium.ts';
import { enabledControls, goTo, openConsoleAs, untilLoaded } from '../../support/console.ts';
import { asAdmin, asSupport } from '../../support/employees.ts';
import { type AccountWithWebhook, accountWithWebhook, newIccids } from './fixtures.ts';

/*
 * A support employee (sam.support, role support) in the console against the run's local stage: the
 * same pages and data as an admin, and not one enabled control that would change anything.
 */

let browser: Browser;
let page: Page;
let watch: PageWatch;
let account: AccountWithWebhook;

beforeAll(async () => {
  [browser, account] = await Promise.all([launchChromium(), accountWithWebhook('Console support')]);
  const managed = await asAdmin('POST', `/api/v1/admin/accounts/${account.accountId}/managers`, {
    body: { employee_id: 'sam.support' },
  });
  const pool = await asAdmin('POST', `/api/v1/admin/accounts/${account.accountId}/esim-pool`, {
    body: { iccids: newIccids(2) },
  });
  expect([managed.status, pool.status]).toEqual([201, 201]);
  ({ page, watch } = await openConsoleAs(browser, 'sam.support', '#/accounts', 'Accounts'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await account?.receiver.stop();
});

afterEach(() => {
  // Whatever a test did, the page logged no error of its own, nothing failed on a server and no
  // request left the stage.
  expect(drainProblems(watch)).toEqual(noProblems);
});

/** Controls that only read, filter or copy: everything else must be disabled for support. */
const readControls = [
  /^input: Search loaded accounts by name, id or status$/,
  /^input: Search [\w -]+ by name or id$/,
  /^input: (Actor id|Target id|Action|Since \(your local time\))$/,
  /^button: (Apply filters|Clear filters|Try again|Load more [\w -]+)$/,
  /^button: (Older|Newer|Newest) (deliveries|records)$/,
  /^button: Copy /,
  /^input: Kind of line$/,
  /^button: (Show lines|Download CSV) of \d{4}-\d{2}$/,
  /^input: (HTTP status|Operation|Request id|Received (since|until) \(your local time\))$/,
  /^button: (Show requests|Details of .+)$/,
];

const writeControls = (controls: string[]) =>
  controls.filter((control) => !readControls.some((pattern) => pattern.test(control)));

describe('the console for a support employee', () => {
  it('lists the accounts with the create form shown but disabled', async () => {
    await goTo(page, '#/accounts', 'Accounts');
    await page.getByRole('link', { name: account.name }).waitFor();

    await expect(page.getByRole('button', { name: 'Create account' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Account name').isDisabled()).resolves.toBe(true);
    const controls = await enabledControls(page);
    expect(controls).toContain('input: Search loaded accounts by name, id or status');
    expect(writeControls(controls)).toEqual([]);
  });

  it("shows an account's applications, pool, managers and deliveries with every write control disabled", async () => {
    await goTo(page, `#/accounts/${account.accountId}`, account.name);
    await page
      .getByRole('region', { name: 'Deliveries table' })
      .getByRole('row', { name: new RegExp(account.deliveryId) })
      .waitFor();
    await page.getByRole('row', { name: /sam\.support/ }).waitFor();
    await page.getByRole('button', { name: /^Rotate secret of / }).waitFor();

    for (const name of [
      'Disable account',
      'Create application',
      'Set plan',
      'Load ICCIDs',
      'Link reseller',
      'Assign manager',
      `Redeliver ${account.deliveryId}`,
    ])
      await expect(page.getByRole('button', { name, exact: true }).isDisabled(), name).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^Rotate secret of / }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('combobox', { name: 'Plan' }).isDisabled()).resolves.toBe(true);
    expect(writeControls(await enabledControls(page))).toEqual([]);
    await expect(
      page.getByText('Read-only: your role can view but not change anything.').isVisible(),
    ).resolves.toBe(true);
  });

  it('reads the audit log and filters it', async () => {
    await goTo(page, '#/audit-log', 'Audit log');
    await page.getByLabel('Target id').fill(account.accountId);
    await page.getByRole('button', { name: 'Apply filters' }).click();

    // Polled until every row is the account's: the unfiltered page stays on screen until the filtered one loads.
    const table = page.getByRole('region', { name: 'Audit records table' });
    await expect
      .poll(async () => [...new Set(await table.locator('tbody td:nth-child(4) code').allTextContents())])
      .toEqual([account.accountId]);
    await table.getByText('addAccountManager').waitFor();
    expect(writeControls(await enabledControls(page))).toEqual([]);
  });

  it.each([
    ['a catalog list', '#/catalog/lounges', 'Catalog: Lounges'],
    ['the new item form', '#/catalog/hubs/new', 'New hub'],
    ['the images page', '#/catalog/images', 'Catalog: images'],
    ['the draft and publish page', '#/catalog/publish', 'Catalog: draft and publish'],
  ])('reads %s with every write control disabled', async (_name, route, heading) => {
    await goTo(page, route, heading);
    await untilLoaded(page);

    expect(writeControls(await enabledControls(page))).toEqual([]);
    await expect(page.getByRole('link', { name: /^New / }).count()).resolves.toBe(0);
  });

  it("reads a lounge's form with every field disabled", async () => {
    const lounges = await asSupport<{ data: { id: string; name: { 'en-US': string } }[] }>(
      'GET',
      '/api/v1/admin/catalog/lounges?limit=1',
    );
    const lounge = lounges.body.data[0];
    if (!lounge) throw new Error('No lounge in the draft');
    await goTo(page, `#/catalog/lounges/${lounge.id}`, `Lounge: ${lounge.name['en-US']}`);
    await page.getByLabel('Name (en-US)', { exact: true }).waitFor();

    await expect(page.getByLabel('Name (en-US)', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Deactivate lounge' }).isDisabled()).resolves.toBe(true);
    expect(writeControls(await enabledControls(page))).toEqual([]);
  });

  it('finds no serious or critical axe-core violation on the read-only account page', async () => {
    await goTo(page, `#/accounts/${account.accountId}`, account.name);
    await page
      .getByRole('region', { name: 'Deliveries table' })
      .getByRole('row', { name: new RegExp(account.deliveryId) })
      .waitFor();
    await untilLoaded(page);

    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });
});
