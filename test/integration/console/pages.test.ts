import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCsr, generateKeyPair } from '../../../shared/pki/certificates.ts';
import { stage } from '../../support/api.ts';
import {
  drainProblems,
  launchChromium,
  noProblems,
  type PageWatch,
  runAxe,
  seriousOrCritical,
} from '../../support/chromium.ts';
import { goTo, openConsoleAs, pageHeading, untilLoaded } from '../../support/console.ts';
import { asAdmin } from '../../support/employees.ts';
import { eventually } from '../webhooks/helpers.ts';
import {
  type AccountWithWebhook,
  accountWithWebhook,
  closeFixtures,
  newIccids,
  tokenStatus,
} from './fixtures.ts';

/*
 * Every page of the console as an admin uses it, in headless Chromium against the run's local stage:
 * real data from the admin API, real writes, checked through the API and the token endpoint. One
 * browser and one signed-in page for the file; pages change by hash, as a person navigates.
 */

let browser: Browser;
let page: Page;
let watch: PageWatch;
let account: AccountWithWebhook;
let files: string;

beforeAll(async () => {
  [browser, account, files] = await Promise.all([
    launchChromium(),
    accountWithWebhook('Console pages'),
    mkdtemp(join(tmpdir(), 'console-pages-')),
  ]);
  ({ page, watch } = await openConsoleAs(browser, 'ada.admin', '#/accounts', 'Accounts'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await account?.receiver.stop();
  await closeFixtures();
  if (files) await rm(files, { recursive: true, force: true });
});

afterEach(() => {
  // Whatever a test did, the page logged no error of its own, nothing failed on a server and no
  // request left the stage.
  expect(drainProblems(watch)).toEqual(noProblems);
});

const accountRoute = () => `#/accounts/${account.accountId}`;

async function openAccount(): Promise<void> {
  await goTo(page, '#/accounts', 'Accounts');
  await goTo(page, accountRoute(), account.name);
}

async function confirm(button: string, confirmLabel: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirmLabel, exact: true }).click();
}

const section = (id: string) => page.locator(`section[aria-labelledby="${id}"]`);
const termValue = (scope: ReturnType<typeof section>, term: string) =>
  scope
    .locator('.key-values div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd');

describe('the accounts page', () => {
  it('lists the accounts of the stage and narrows them with the search', async () => {
    await goTo(page, '#/accounts', 'Accounts');
    await page.getByRole('link', { name: 'Local Partner 2', exact: true }).waitFor();
    const search = page.getByLabel('Search loaded accounts by name, id or status');
    const links = page.getByRole('region', { name: 'Accounts table' }).getByRole('link');

    await search.fill(account.accountId);
    await expect.poll(() => links.allTextContents()).toEqual([account.name]);

    await search.fill('local operator');
    await expect.poll(() => links.allTextContents()).toEqual(['Local Operator']);
    await search.fill('');
  });

  it('creates an account from a CSR file and hands out its client certificate', async () => {
    await goTo(page, '#/accounts', 'Accounts');
    const name = `Console CSR ${Date.now()}`;
    const csrFile = join(files, 'partner.csr');
    await writeFile(csrFile, await createCsr(await generateKeyPair(), name));

    await page.getByLabel('Account name').fill(name);
    await page.getByLabel('Certificate signing request file (PEM)').setInputFiles(csrFile);
    await expect
      .poll(() => page.getByLabel('Certificate signing request (PEM text)').inputValue())
      .toContain('BEGIN CERTIFICATE REQUEST');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: `Account ${name} created` }).waitFor();
    const certificate = new X509Certificate(await page.getByLabel('Client certificate (PEM)').inputValue());
    const accountId = /CN=([\w-]+)/.exec(certificate.subject)?.[1] ?? '';
    const ca = new X509Certificate(await readFile(stage().ca_cert));
    expect(certificate.verify(ca.publicKey)).toBe(true);
    await page.getByRole('button', { name: 'Copy certificate' }).click();
    await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(
      certificate.toString().trim(),
    );
    const created = await asAdmin<{ name: string; status: string }>(
      'GET',
      `/api/v1/admin/accounts/${accountId}`,
    );
    expect(created.body).toMatchObject({ name, status: 'Active' });
    await page.getByRole('link', { name }).first().waitFor();
  });

  it("shows the API's validation message at the field it names", async () => {
    await goTo(page, '#/accounts', 'Accounts');
    await page.getByLabel('Account name').fill('Console bad CSR');
    await page.getByLabel('Certificate signing request (PEM text)').fill('not a certificate request');

    await page.getByRole('button', { name: 'Create account' }).click();

    const field = page.getByLabel('Certificate signing request (PEM text)');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const message = await page.locator('#account-csr-error').textContent();
    expect(message?.length).toBeGreaterThan(0);
    await page.getByLabel('Certificate signing request (PEM text)').fill('');
    await page.getByLabel('Account name').fill('');
  });
});

describe('an account page', () => {
  it('shows the account, its client certificate and its plan', async () => {
    await openAccount();
    const stored = await asAdmin<{
      plan: string;
      certificate: { serial_number: string; fingerprint_sha256: string };
    }>('GET', `/api/v1/admin/accounts/${account.accountId}`);
    const summary = section('summary');

    await expect(termValue(summary, 'Account id').textContent()).resolves.toBe(account.accountId);
    await expect(termValue(summary, 'Serial number').textContent()).resolves.toBe(
      stored.body.certificate.serial_number,
    );
    await expect(termValue(summary, 'SHA-256 fingerprint').textContent()).resolves.toBe(
      stored.body.certificate.fingerprint_sha256,
    );
    await expect(section('plan').getByText(`Current plan: ${stored.body.plan}.`).count()).resolves.toBe(1);
  });

  it('disables the account after a confirmation, and enables it again', async () => {
    await openAccount();
    const status = async () =>
      (await asAdmin<{ status: string }>('GET', `/api/v1/admin/accounts/${account.accountId}`)).body.status;

    await confirm('Disable account', 'Disable');
    await termValue(section('summary'), 'Status').getByText('Disabled').waitFor();
    expect(await status()).toBe('Disabled');

    await confirm('Enable account', 'Enable');
    await termValue(section('summary'), 'Status').getByText('Active').waitFor();
    expect(await status()).toBe('Active');
  });

  it('changes the plan', async () => {
    await openAccount();

    await page.getByRole('combobox', { name: 'Plan' }).selectOption('premium');
    await page.getByRole('button', { name: 'Set plan' }).click();

    await section('plan').getByText('Current plan: premium.').waitFor();
    const stored = await asAdmin<{ plan: string }>('GET', `/api/v1/admin/accounts/${account.accountId}`);
    expect(stored.body.plan).toBe('premium');
  });
});

describe('the applications of an account', () => {
  const appName = `Console app ${Date.now()}`;
  let clientId = '';
  let firstSecret = '';

  it('creates an application and shows its secret once, with a copy button', async () => {
    await openAccount();
    await page.getByLabel('Application name').fill(appName);
    await page.getByRole('checkbox', { name: 'catalog.lounges:read' }).check();

    await page.getByRole('button', { name: 'Create application' }).click();

    const secretField = page.getByRole('textbox', { name: 'Client secret' });
    await secretField.waitFor();
    firstSecret = await secretField.inputValue();
    clientId = (await section('applications').locator('#new-secret + p code').textContent()) ?? '';
    await page.getByRole('button', { name: 'Copy client secret' }).click();
    await page.getByText('Copied.').waitFor();
    await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(firstSecret);
    expect(await tokenStatus(clientId, firstSecret)).toBe(200);
    await page.getByRole('row', { name: new RegExp(appName) }).waitFor();

    await page.getByRole('button', { name: 'I have copied it: hide the secret' }).click();
    await openAccount();
    await page.getByRole('row', { name: new RegExp(appName) }).waitFor();
    await expect(secretField.count()).resolves.toBe(0);
    await expect(page.locator('body').innerText()).resolves.not.toContain(firstSecret);
  });

  it('rotates the secret: the new one is shown once and the old one stops working', async () => {
    await openAccount();

    await confirm(`Rotate secret of ${appName}`, 'Rotate');

    const secretField = page.getByRole('textbox', { name: 'Client secret' });
    await secretField.waitFor();
    const secondSecret = await secretField.inputValue();
    expect(secondSecret).not.toBe(firstSecret);
    expect(await tokenStatus(clientId, secondSecret)).toBe(200);
    expect(await tokenStatus(clientId, firstSecret)).toBe(401);
  });

  it('disables the application, which gets no more tokens', async () => {
    await openAccount();
    const row = page.getByRole('row', { name: new RegExp(appName) });

    await confirm(`Disable ${appName}`, 'Disable');

    await row.getByText('Disabled').waitFor();
    await expect(row.getByRole('button', { name: `Disable ${appName}` }).count()).resolves.toBe(0);
    const rotated = await asAdmin<{ status: string }>(
      'GET',
      `/api/v1/admin/accounts/${account.accountId}/applications/${clientId}`,
    );
    expect(rotated.body.status).toBe('Disabled');
  });

  it('enables the application again, which gets tokens again', async () => {
    await openAccount();
    const row = page.getByRole('row', { name: new RegExp(appName) });

    await confirm(`Enable ${appName}`, 'Enable');

    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: `Disable ${appName}` }).waitFor();
    expect(
      (await asAdmin('GET', `/api/v1/admin/accounts/${account.accountId}/applications/${clientId}`)).body,
    ).toMatchObject({ status: 'Active' });
  });
});

describe('the certificates of an account', () => {
  let serial = '';
  const certificates = async () =>
    (
      await asAdmin<{ items: { serial_number: string; status: string }[] }>(
        'GET',
        `/api/v1/admin/accounts/${account.accountId}/certificates`,
      )
    ).body.items;

  it("shows the API's refusal of a CSR that is not one at the field", async () => {
    await openAccount();
    const field = section('certificates').getByLabel('Certificate signing request (PEM text)');
    await field.fill('not a certificate request');

    await page.getByRole('button', { name: 'Add certificate' }).click();

    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect((await page.locator('#certificate-csr-error').textContent())?.length).toBeGreaterThan(0);
    await field.fill('');
  });

  it('adds a certificate from a pasted CSR, shows its PEM once with copy and download, and lists it', async () => {
    await openAccount();
    const before = await certificates();
    await section('certificates')
      .getByLabel('Certificate signing request (PEM text)')
      .fill(await createCsr(await generateKeyPair(), 'rollover'));

    await page.getByRole('button', { name: 'Add certificate' }).click();

    const pem = page.getByRole('textbox', { name: 'Client certificate (PEM)' });
    await pem.waitFor();
    const certificate = new X509Certificate(await pem.inputValue());
    expect(certificate.verify(new X509Certificate(await readFile(stage().ca_cert)).publicKey)).toBe(true);
    serial =
      /Certificate ([0-9a-f]+) added/.exec(
        (await page.locator('#issued-certificate').textContent()) ?? '',
      )?.[1] ?? '';
    await page
      .getByRole('row', { name: new RegExp(serial) })
      .getByText('Active')
      .waitFor();
    await page.getByRole('button', { name: 'Copy certificate' }).click();
    await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(
      await pem.inputValue(),
    );
    await expect(
      page.getByRole('link', { name: 'Download certificate' }).getAttribute('download'),
    ).resolves.toBe(`${serial}.pem`);
    expect((await certificates()).map((item) => item.serial_number)).toEqual([
      serial,
      ...before.map((item) => item.serial_number),
    ]);

    await page.getByRole('button', { name: 'Hide the certificate' }).click();
    await expect(pem.count()).resolves.toBe(0);
  });

  it('revokes a certificate with the keyboard after a confirmation', async () => {
    await openAccount();
    const row = page.getByRole('row', { name: new RegExp(serial) });

    await row.getByRole('button', { name: `Revoke certificate ${serial}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The account’s other certificates keep working.').waitFor();
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).focus();
    await page.keyboard.press('Enter');

    await row.getByText('Revoked').waitFor();
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    expect((await certificates()).find((item) => item.serial_number === serial)?.status).toBe('Revoked');
  });
});

describe('the eSIM pool of an account', () => {
  it('loads ICCIDs from an uploaded file and shows the new counts', async () => {
    await openAccount();
    const esim = section('esim');
    await termValue(esim, 'Available ICCIDs').getByText('0', { exact: true }).waitFor();
    const iccids = newIccids(3);
    const iccidFile = join(files, 'iccids.csv');
    await writeFile(iccidFile, `${iccids.join('\n')}\n${iccids[0]}\n`);

    await page.getByLabel('ICCID file (text or CSV)').setInputFiles(iccidFile);
    await esim.getByText('3 ICCIDs ready, 1 duplicates dropped.').waitFor();
    await page.getByRole('button', { name: 'Load ICCIDs' }).click();

    await termValue(esim, 'Added').getByText('3', { exact: true }).waitFor();
    await termValue(esim, 'Available ICCIDs').getByText('3', { exact: true }).waitFor();
    await expect(termValue(esim, 'Issued eSIMs').textContent()).resolves.toBe('0');
    const pool = await asAdmin<{ available: number; issued: number }>(
      'GET',
      `/api/v1/admin/accounts/${account.accountId}/esim-pool`,
    );
    expect(pool.body).toMatchObject({ available: 3, issued: 0 });
  });

  it("refuses a list with an invalid ICCID, with the API's message at the list", async () => {
    await openAccount();

    await page.getByLabel('ICCIDs to load').fill(`${newIccids(1)[0]}\n8900000000000000001`);
    await page.getByRole('button', { name: 'Load ICCIDs' }).click();

    const list = page.getByLabel('ICCIDs to load');
    await expect.poll(() => list.getAttribute('aria-invalid')).toBe('true');
    await expect(page.locator('#iccid-list-error').textContent()).resolves.toContain('8900000000000000001');
  });
});

describe('the contract of an account', () => {
  it('creates the account its own contract, after showing the API refusing a bad id at its field', async () => {
    await openAccount();
    const contract = section('contract');
    await contract.getByText('the default contract applies').waitFor();
    const fastTrack = await asAdmin<{ data: { id: string }[] }>(
      'GET',
      '/api/v1/admin/catalog/fast-tracks?limit=1',
    );
    const fastTrackId = fastTrack.body.data[0]?.id ?? '';

    await contract.getByLabel('All lounges, present and future').check();
    await contract.getByLabel('Fast-tracks: ids, one per line').fill(fastTrackId);
    await contract.getByLabel('eSIM tariffs: ids, one per line').fill('not-a-tariff-id');
    await contract.getByRole('button', { name: 'Create contract' }).click();

    const tariffs = contract.getByLabel('eSIM tariffs: ids, one per line');
    await expect.poll(() => tariffs.getAttribute('aria-invalid')).toBe('true');
    await contract.getByLabel('All eSIM tariffs, present and future').check();
    await contract.getByRole('button', { name: 'Create contract' }).click();
    await contract.getByRole('button', { name: 'Replace contract' }).waitFor();
    const stored = await asAdmin('GET', `/api/v1/admin/accounts/${account.accountId}/contract`);
    expect(stored.body).toMatchObject({ lounges: 'all', fast_tracks: [fastTrackId], tariffs: 'all' });
  });

  it('replaces the contract', async () => {
    await openAccount();
    const contract = section('contract');
    await contract.getByRole('button', { name: 'Replace contract' }).waitFor();

    await contract.getByLabel('All lounges, present and future').uncheck();
    await contract.getByLabel('Lounges: ids, one per line').fill('');
    await contract.getByRole('button', { name: 'Replace contract' }).click();

    await expect
      .poll(
        async () =>
          (await asAdmin('GET', `/api/v1/admin/accounts/${account.accountId}/contract`)).body.lounges,
      )
      .toEqual([]);
  });
});

describe('the managers of an account', () => {
  it('assigns an employee, lists who assigned them, and shows the conflict of a second assignment', async () => {
    await openAccount();
    const managers = section('managers');

    await page.getByLabel('Employee id').fill('sam.support');
    await page.getByRole('button', { name: 'Assign manager' }).click();

    const row = managers.getByRole('row', { name: /sam\.support/ });
    await row.waitFor();
    await expect(row.getByRole('cell').last().textContent()).resolves.toBe('ada.admin');

    await page.getByLabel('Employee id').fill('sam.support');
    await page.getByRole('button', { name: 'Assign manager' }).click();
    await managers
      .getByRole('alert')
      .getByText(/AlreadyCompanyMember/)
      .waitFor();
  });
});

describe('the webhooks of an account', () => {
  it('shows the subscription and its deliveries, and redelivers one to the receiver', async () => {
    await openAccount();
    const webhooks = section('webhooks');
    await webhooks.getByText(account.receiver.url).waitFor();
    const row = webhooks.getByRole('row', { name: new RegExp(account.deliveryId) });
    await row.getByText('webhook.ping').waitFor();
    await row.getByText('Succeeded').waitFor();
    expect(account.receiver.of(account.deliveryId)).toHaveLength(1);

    await row.getByRole('button', { name: `Redeliver ${account.deliveryId}` }).click();

    await row.getByText('Queued.').waitFor();
    await eventually(() => expect(account.receiver.of(account.deliveryId)).toHaveLength(2));
  });
});

describe('the audit log', () => {
  it('filters by target, action and actor', async () => {
    await goTo(page, '#/audit-log', 'Audit log');
    const table = page.getByRole('region', { name: 'Audit records table' });

    await page.getByLabel('Target id').fill(account.accountId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // Polled: the unfiltered page may still be on screen while the filtered one loads.
    await expect
      .poll(() => table.locator('tbody th code').allTextContents())
      .toEqual(
        expect.arrayContaining(['employeeChangeAccountPlan', 'employeeDisableAccount', 'enableAccount']),
      );

    await page.getByLabel('Action').fill('employeeChangeAccountPlan');
    await page.getByLabel('Actor id').fill('ada.admin');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await expect(table.locator('tbody tr').textContent()).resolves.toContain('ada.admin');

    await page.getByLabel('Actor id').fill('sam.support');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('0 records on this page.').waitFor();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Target id').inputValue()).resolves.toBe('');
  });

  it('filters by time: nothing happened after a moment in the future', async () => {
    await goTo(page, '#/audit-log', 'Audit log');

    await page.getByLabel('Since (your local time)').fill('2999-01-01T00:00');
    await page.getByRole('button', { name: 'Apply filters' }).click();

    await page.getByText('0 records on this page.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });
});

describe('the accessibility of every page', () => {
  it.each([
    ['the accounts page', () => '#/accounts', () => 'Accounts'],
    ['an account page with applications, a pool, managers and deliveries', accountRoute, () => account.name],
    ['the audit log', () => '#/audit-log', () => 'Audit log'],
    ['a page that does not exist', () => '#/no-such-page', () => 'Page not found'],
  ])('finds no serious or critical axe-core violation on %s', async (_name, route, heading) => {
    await goTo(page, route(), heading());
    await page.waitForLoadState('networkidle');
    await untilLoaded(page);

    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });

  it('finds none on a confirmation dialog either, whose focus starts inside it', async () => {
    await openAccount();

    await page.getByRole('button', { name: 'Disable account', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();

    await expect(
      page.evaluate<boolean>('document.querySelector("dialog[open]").contains(document.activeElement)'),
    ).resolves.toBe(true);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.count()).resolves.toBe(0);
  });

  it('moves focus to the heading of each new page', async () => {
    await goTo(page, '#/audit-log', 'Audit log');

    await expect.poll(() => page.evaluate<string>('document.activeElement.textContent')).toBe('Audit log');
    await expect(pageHeading(page, 'Audit log').isVisible()).resolves.toBe(true);
  });
});
