import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { csvFileName, totalsText } from '../../../console/src/pages/billing/billing.ts';
import { periodOf } from '../../../shared/domain/billing/model.ts';
import { stage } from '../../support/api.ts';
import {
  drainProblems,
  launchChromium,
  noProblems,
  type PageWatch,
  runAxe,
  seriousOrCritical,
} from '../../support/chromium.ts';
import { enabledControls, goTo, openConsoleAs, untilLoaded } from '../../support/console.ts';
import { asAdmin, asSupport, employeeLogin } from '../../support/employees.ts';
import { type EsimPartner, esimPartner, type Json } from '../esim/helpers.ts';

/*
 * An account's Billing section and the Finance page (docs/billing.md, docs/console.md) in headless
 * Chromium against the run's local stage: an account with an esim line (an order confirmed through the
 * partner API) and an adjustment (the admin API), read, filtered and downloaded as CSV; adjustments
 * written through the form; support reading without the form; the month's export of every account.
 */

const period = periodOf(new Date());

interface Statement {
  period: string;
  status: string;
  totals: { currency: string; amount: string; line_count: number }[];
  closed_at: string | null;
}

let browser: Browser;
let admin: { page: Page; watch: PageWatch };
let support: { page: Page; watch: PageWatch };
let partner: EsimPartner;
let accountName: string;
let iccid: string;

const billingPath = () => `/api/v1/admin/accounts/${partner.accountId}/billing`;

async function linesOfApi(kind?: string): Promise<Json[]> {
  const query = kind ? `?kind=${kind}` : '';
  const lines = await asSupport<{ data: Json[] }>(
    'GET',
    `${billingPath()}/statements/${period}/lines${query}`,
  );
  expect(lines.status).toBe(200);
  return lines.body.data;
}

async function statementOfApi(): Promise<Statement> {
  const statement = await asSupport<Statement>('GET', `${billingPath()}/statements/${period}`);
  expect(statement.status).toBe(200);
  return statement.body;
}

/** Clicks `button` and answers the file Chromium saved, with its suggested name. */
async function downloadOf(page: Page, buttonName: string): Promise<{ name: string; text: string }> {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const download = await saved;
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

const linesTable = (page: Page) => page.getByRole('region', { name: `Lines of ${period} table` });
const statementsTable = (page: Page) => page.getByRole('region', { name: 'Statements table' });

async function openBilling(page: Page): Promise<void> {
  await goTo(page, `#/accounts/${partner.accountId}`, accountName);
  await statementsTable(page)
    .getByRole('row', { name: new RegExp(period) })
    .waitFor();
  await linesTable(page).waitFor();
  await untilLoaded(page);
}

beforeAll(async () => {
  [browser, partner] = await Promise.all([
    launchChromium(),
    esimPartner(2, ['esim:write', 'esim:read', 'billing:read']),
  ]);
  iccid = (await partner.issued()).iccid as string;
  const adjusted = await asAdmin('POST', `${billingPath()}/adjustments`, {
    body: { amount: '-3.00', currency: 'EUR', description: 'Goodwill, late lounge' },
  });
  const account = await asAdmin<{ name: string }>('GET', `/api/v1/admin/accounts/${partner.accountId}`);
  expect([adjusted.status, account.status]).toEqual([201, 200]);
  accountName = account.body.name;
  [admin, support] = await Promise.all([
    openConsoleAs(browser, 'ada.admin', '#/accounts', 'Accounts'),
    openConsoleAs(browser, 'sam.support', '#/accounts', 'Accounts'),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await employeeLogin.close();
});

afterEach(() => {
  // Whatever a test did, no page logged an error of its own, nothing failed on a server and no
  // request left the stage.
  expect(drainProblems(admin.watch)).toEqual(noProblems);
  expect(drainProblems(support.watch)).toEqual(noProblems);
});

describe("an account's Billing section", () => {
  it('lists the statements with their totals and the newest month’s lines, filtered by kind', async () => {
    const { page } = admin;
    await openBilling(page);

    const statement = await statementOfApi();
    const row = statementsTable(page).getByRole('row', { name: new RegExp(period) });
    await expect(row.textContent()).resolves.toContain(totalsText(statement.totals));
    await expect(row.textContent()).resolves.toContain('Open');
    const rows = linesTable(page).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.nth(0).textContent()).resolves.toMatch(new RegExp(`esim.*iccid: ${iccid}`));
    await expect(rows.nth(1).textContent()).resolves.toContain('Goodwill, late lounge');
    await expect(rows.nth(1).textContent()).resolves.toContain('EUR -3.00');

    await page.getByLabel('Kind of line').selectOption('esim');
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.nth(0).textContent()).resolves.toContain(iccid);
    await page.getByLabel('Kind of line').selectOption('');
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('moves focus to a statement’s lines when its button is pressed by keyboard', async () => {
    const { page } = admin;
    await openBilling(page);

    await page.getByRole('button', { name: `Show lines of ${period}` }).focus();
    await page.keyboard.press('Enter');

    await expect
      .poll(() => page.evaluate<string>('document.activeElement.textContent'))
      .toBe(`Lines of ${period}`);
  });

  it("downloads the period's lines as the API's CSV, named after the account and the month", async () => {
    const { page } = admin;
    await openBilling(page);

    const file = await downloadOf(page, `Download CSV of ${period}`);

    expect(file.name).toBe(csvFileName(accountName, partner.accountId, period));
    const api = await asSupport<string>('GET', `${billingPath()}/statements/${period}/lines`, {
      headers: { accept: 'text/csv' },
    });
    expect(file.text).toBe(api.body);
    const rows = file.text.split('\r\n');
    expect(rows[0]).toBe(
      'line_id,period,occurred_at,kind,description,amount,currency,booking_id,pass_id,redemption_id,iccid,order_id,package_id',
    );
    expect(rows.slice(1).map((csvRow) => csvRow.split(',')[3])).toEqual(['esim', 'adjustment', undefined]);
  });

  it('writes an adjustment through the form as one line, however often it is clicked', async () => {
    const { page } = admin;
    await openBilling(page);
    const before = await linesOfApi('adjustment');

    await page.getByLabel('Amount').fill('12.25');
    await page.getByLabel('Currency').fill('eur');
    await page.getByLabel('Description').fill('Lounge voucher, November');
    await page.getByRole('button', { name: 'Write adjustment' }).dblclick();

    await page.getByText(`Written: EUR 12.25 on the statement of ${period}.`).waitFor();
    const rows = linesTable(page).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await expect(rows.nth(2).textContent()).resolves.toContain('Lounge voucher, November');
    const after = await linesOfApi('adjustment');
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({
      amount: '12.25',
      currency: 'EUR',
      description: 'Lounge voucher, November',
    });
    await expect(page.getByLabel('Amount').inputValue()).resolves.toBe('');
    const statement = await statementOfApi();
    await expect(
      statementsTable(page)
        .getByRole('row', { name: new RegExp(period) })
        .textContent(),
    ).resolves.toContain(totalsText(statement.totals));
  });

  it('sends a submission whose answer was lost again under its Idempotency-Key: one line', async () => {
    const { page, watch } = admin;
    await openBilling(page);
    const before = await linesOfApi('adjustment');
    const url = `${stage().admin_url}${billingPath()}/adjustments`;
    const keys: string[] = [];
    await page.route(url, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.fallback();
      // The server writes the line, and its answer is lost on the way back.
      await route.fetch();
      await route.abort('connectionreset');
    });

    await page.getByLabel('Amount').fill('-0.50');
    await page.getByLabel('Currency').fill('EUR');
    await page.getByLabel('Description').fill('Rounding credit');
    await page.getByRole('button', { name: 'Write adjustment' }).click();
    await page.getByRole('alert').getByText('The admin API could not be reached').waitFor();
    await page.getByRole('button', { name: 'Write adjustment' }).click();

    await page.getByText(`Written: EUR -0.50 on the statement of ${period}.`).waitFor();
    await page.unroute(url);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const after = await linesOfApi('adjustment');
    expect(after.length - before.length).toBe(1);
    // Chromium logs the reset connection; nothing else may have been logged.
    expect(
      watch.consoleErrors.splice(0).filter((error) => !error.includes('net::ERR_CONNECTION_RESET')),
    ).toEqual([]);
  });

  it("shows the API's validation problem at the amount field and writes nothing", async () => {
    const { page } = admin;
    await openBilling(page);
    const before = await linesOfApi();

    await page.getByLabel('Amount').fill('1.234');
    await page.getByLabel('Currency').fill('EUR');
    await page.getByLabel('Description').fill('Too precise');
    await page.getByRole('button', { name: 'Write adjustment' }).click();

    const amount = page.getByLabel('Amount');
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await amount.getAttribute('aria-describedby'))
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(errorId).toBe('adjustment-amount-error');
    await expect(page.locator('#adjustment-amount-error').textContent()).resolves.not.toBe('');
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('422');
    expect(await linesOfApi()).toHaveLength(before.length);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });

  it('shows support the statements, lines and CSV but no adjustment form', async () => {
    const { page } = support;
    await openBilling(page);

    await expect(page.getByRole('button', { name: 'Write adjustment' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('Amount').count()).resolves.toBe(0);
    await page.getByText('Adjustments are written by admins.').waitFor();
    await expect.poll(() => linesTable(page).locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    const billingControls = (await enabledControls(page)).filter((control) =>
      /Kind of line|Show lines|Download CSV|Write adjustment|Amount|Currency|Description/.test(control),
    );
    expect(billingControls).toEqual([
      `button: Show lines of ${period}`,
      'input: Kind of line',
      `button: Download CSV of ${period}`,
    ]);
    const file = await downloadOf(page, `Download CSV of ${period}`);
    expect(file.name).toBe(csvFileName(accountName, partner.accountId, period));
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });
});

describe('the Finance page', () => {
  it("lists every account's statement of the month and downloads the month's CSV", async () => {
    const { page } = admin;
    await goTo(page, '#/finance', 'Finance');
    const table = page.getByRole('region', { name: `Statements of ${period} table` });
    const row = table.getByRole('row', { name: new RegExp(partner.accountId) });
    await row.getByRole('link', { name: accountName }).waitFor();
    const statement = await statementOfApi();
    await expect(row.textContent()).resolves.toContain(totalsText(statement.totals));
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    const file = await downloadOf(page, `Download CSV of ${period}`);

    expect(file.name).toBe(`statements-${period}.csv`);
    const rows = file.text.split('\r\n');
    expect(rows[0]).toBe('account_id,period,status,currency,amount,line_count,closed_at');
    for (const total of statement.totals)
      expect(rows).toContain(
        `${partner.accountId},${period},Open,${total.currency},${total.amount},${total.line_count},`,
      );
  });

  it('shows another month on request, and says when no account has lines in it', async () => {
    const { page } = admin;
    await goTo(page, '#/finance', 'Finance');
    await untilLoaded(page);

    await page.getByLabel('Month (UTC)').fill('2020-01');
    await page.getByRole('button', { name: 'Show statements' }).click();

    await page.getByRole('heading', { name: 'Statements of 2020-01' }).waitFor();
    await page.getByText('No account has lines in 2020-01.').waitFor();
  });

  it('is reached from the main navigation', async () => {
    const { page } = support;
    await goTo(page, '#/accounts', 'Accounts');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();

    await page.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
    await page.getByRole('region', { name: `Statements of ${period} table` }).waitFor();
  });
});
