import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyEnvironment } from '../../../infra/local/config.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';
import { stagedWriteCommitter } from '../../../shared/db/commit-staged.ts';
import { accountStore } from '../../../shared/db/entities/account.ts';
import { partnerCertificateStore } from '../../../shared/db/entities/partner-certificate.ts';
import { DynamoUnitOfWork } from '../../../shared/db/transaction.ts';
import { addCertificate } from '../../../shared/domain/accounts/certificates.ts';
import { partnerCertificateSigner } from '../../../shared/pki/partner-ca.ts';
import { TestClock } from '../../../shared/util/clock.ts';
import { endpoints } from '../../support/api.ts';
import {
  drainProblems,
  launchChromium,
  noProblems,
  type PageWatch,
  runAxe,
  seriousOrCritical,
} from '../../support/chromium.ts';
import { enabledControls, goTo, openConsoleAs, untilLoaded } from '../../support/console.ts';
import { asSupport } from '../../support/employees.ts';
import { onboardAccount, partnerKeyAndCsr } from '../admin/operator.ts';
import {
  bookingBody,
  bookingPath,
  call,
  confirmedBooking,
  create,
  type Json,
  partner,
  passUsed,
  waitForIssue,
} from '../booking/helpers.ts';
import { esimPartner } from '../esim/helpers.ts';
import { asIfIssuedHoursAgo, atTheDoor, doorOf, hoursAgo } from '../venues/support.ts';

/*
 * The support pages of the console (docs/support.md, docs/console.md) in headless Chromium against the
 * run's local stage: an admin finds a booking by its traveller's last name and cancels it on the
 * partner's behalf, suspends and resumes an eSIM, reads an account's request log and the home page;
 * a support employee reads the same with no enabled action.
 */

let browser: Browser;
let admin: { page: Page; watch: PageWatch };
let support: { page: Page; watch: PageWatch };

beforeAll(async () => {
  browser = await launchChromium();
  admin = await openConsoleAs(browser, 'ada.admin', '#/bookings', 'Bookings');
  support = await openConsoleAs(browser, 'sam.support', '#/bookings', 'Bookings');
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

afterEach(() => {
  // Whatever a test did, neither page logged an error of its own, nothing failed on a server and no
  // request left the stage.
  expect(drainProblems(admin.watch)).toEqual(noProblems);
  expect(drainProblems(support.watch)).toEqual(noProblems);
});

/** Controls that only read, search, filter or open: everything else must be disabled for support. */
const readControls = [
  /^input: (Booking id|Account id|Email|Last name|Transport number|Status|Service|Created (from|to) \(your local time\))$/,
  /^input: (HTTP status|Operation|Request id|Received (since|until) \(your local time\))$/,
  /^button: (Open booking|Search bookings|Clear search|List eSIMs|Show requests|Check again|Try again|Load more [\w -]+)$/,
  /^button: Details of /,
];
const writeControls = (controls: string[]) =>
  controls.filter((control) => !readControls.some((pattern) => pattern.test(control)));

const uniqueName = () =>
  `Doe${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)
    .padEnd(8, 'x')}`;

async function bookingOf(lastName: string): Promise<string> {
  const created = await create('lounges', { body: bookingBody('lounges', { last_name: lastName }) });
  expect(created.status).toBe(202);
  const bookingId = created.body.booking_id as string;
  await waitForIssue('lounges', bookingId);
  return bookingId;
}

async function confirmIn(page: Page, button: string, confirmLabel: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirmLabel, exact: true }).click();
}

describe('the Bookings page', () => {
  it('shows the API refusing a search that names no account or traveller field', async () => {
    const { page } = admin;
    await goTo(page, '#/bookings', 'Bookings');
    await page.getByLabel('Status').selectOption('Issued');
    await page.getByRole('button', { name: 'Search bookings' }).click();

    await page.getByRole('alert').getByText('HTTP 422', { exact: false }).waitFor();
  });

  it("finds a booking by its last name in odd case and spacing, opens its story and cancels it on the partner's behalf", async () => {
    const { page } = admin;
    const lastName = uniqueName();
    const bookingId = await bookingOf(lastName);
    await goTo(page, '#/bookings', 'Bookings');
    await page.getByLabel('Last name').fill(`  ${lastName.toUpperCase()} `);

    // The search index is eventually consistent: searched again until the booking is listed.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Search bookings' }).click();
          await untilLoaded(page);
          return page.getByRole('link', { name: bookingId }).count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await page.getByRole('link', { name: bookingId }).click();
    await page.getByRole('heading', { level: 1, name: `Booking ${bookingId}` }).waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await page.getByRole('region', { name: 'Status changes table' }).getByText('→ Issued').waitFor();
    await page.getByText('No redemption: the pass was not scanned.').waitFor();
    await page.getByText('No ledger line: nothing about this booking was charged or credited.').waitFor();
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await page.getByLabel('Reason').fill('The guest missed the flight; partner asked by phone');
    await page.getByLabel('Waive the cancellation fee').check();
    await confirmIn(page, 'Cancel booking', 'Cancel the booking');

    await page.getByRole('region', { name: 'Status changes table' }).getByText('(fee waived)').waitFor();
    const read = await call(partner, 'GET', bookingPath('lounges', bookingId));
    expect(read.body.status).toBe('Canceled');
  });

  it('shows support the story, its ledger lines included, with no enabled action', async () => {
    const { page } = support;
    const lastName = uniqueName();
    const bookingId = await bookingOf(lastName);
    expect((await call(partner, 'POST', bookingPath('lounges', bookingId, 'confirm'))).status).toBe(200);
    expect((await passUsed(bookingId, 1)).status).toBe(200);
    const [visit] = (await asSupport<Json>('GET', `/api/v1/admin/bookings/${bookingId}`)).body
      .ledger_lines as Json[];
    expect(visit).toMatchObject({ kind: 'visit', booking_id: bookingId });
    await goTo(page, '#/bookings', 'Bookings');
    expect(writeControls(await enabledControls(page))).toEqual([]);
    await page.getByLabel('Booking id').fill(` ${bookingId} `);
    await page.getByRole('button', { name: 'Open booking' }).click();
    await page.getByRole('heading', { level: 1, name: `Booking ${bookingId}` }).waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await untilLoaded(page);

    const lines = page.getByRole('region', { name: 'Ledger lines table' });
    await lines.getByRole('rowheader', { name: 'visit' }).waitFor();
    await lines.getByText(`${visit?.currency} ${visit?.amount}`).waitFor();
    await expect(page.getByRole('button', { name: 'Cancel booking' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Reason').isDisabled()).resolves.toBe(true);
    expect(writeControls(await enabledControls(page))).toEqual([]);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });
});

describe('the eSIMs page', () => {
  it('lists an account’s eSIMs and suspends and resumes one as admin; support sees no action', async () => {
    const owner = await esimPartner(2);
    const iccid = (await owner.issued()).iccid as string;
    const { page } = admin;
    await goTo(page, '#/esims', 'eSIMs');
    await page.getByLabel('Account id').fill(owner.accountId);
    await page.getByRole('button', { name: 'List eSIMs' }).click();
    await page.getByRole('link', { name: iccid }).click();
    await page.getByRole('heading', { level: 1, name: `eSIM ${iccid}` }).waitFor();
    await page.getByRole('region', { name: 'Packages table' }).waitFor();
    await page
      .getByRole('region', { name: 'Ledger lines table' })
      .getByRole('rowheader', { name: 'esim', exact: true })
      .waitFor();
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await page.getByLabel('Reason').fill('Lost phone');
    await confirmIn(page, 'Suspend eSIM', 'Suspend');
    await page.getByRole('button', { name: 'Resume eSIM' }).waitFor();
    await page.getByRole('region', { name: 'eSIM status changes table' }).getByText('Lost phone').waitFor();
    expect((await owner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`)).body.status).toBe('Suspended');

    await page.getByLabel('Reason').fill('Phone found');
    await confirmIn(page, 'Resume eSIM', 'Resume');
    await page.getByRole('button', { name: 'Suspend eSIM' }).waitFor();
    expect((await owner.call('GET', `/v2/b2b/fulfilment/esims/${iccid}`)).body.status).toBe('NotActive');

    await goTo(support.page, `#/esims/${iccid}`, `eSIM ${iccid}`);
    await support.page.getByRole('region', { name: 'Packages table' }).waitFor();
    await untilLoaded(support.page);
    await expect(support.page.getByRole('button', { name: 'Suspend eSIM' }).isDisabled()).resolves.toBe(true);
    expect(writeControls(await enabledControls(support.page))).toEqual([]);
  });
});

describe("an account's Activity", () => {
  it('lists a request the partner just made, its details and, failed, a link to the audit records', async () => {
    const refused = await call(partner, 'GET', bookingPath('lounges', randomUUID()));
    expect(refused.status).toBe(404);
    const requestId = refused.headers['x-request-id'] as string;
    const { page } = admin;
    await goTo(page, `#/accounts/${partner.accountId}`, /.+/);
    await page.getByRole('heading', { name: 'Activity' }).waitFor();

    // The log is visible within 10 s: read again until the request is listed.
    const details = page.getByRole('button', { name: `Details of ${requestId}` });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Show requests' }).click();
          await untilLoaded(page);
          return details.count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await details.click();
    await page.getByRole('heading', { name: `Request ${requestId}` }).waitFor();
    await page.getByText('BookingNotFound').first().waitFor();
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await page.getByRole('link', { name: 'Audit records of this account from then on' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await expect(page.getByLabel('Target id').inputValue()).resolves.toBe(partner.accountId);
    await expect(page.getByLabel('Since (your local time)').inputValue()).resolves.toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
  });
});

describe('the home page', () => {
  it('shows a disputed redemption that needs attention, linking its booking', async () => {
    const door = await doorOf();
    const bookingId = await confirmedBooking('lounges');
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
    await asIfIssuedHoursAgo(bookingId, 3);
    expect((await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'))).status).toBe(200);
    const redeemed = await atTheDoor(door, 'POST', '/v2/venue/redemptions', {
      body: { qr: pass.body.qr, admitted_guests: 2, scanned_at: hoursAgo(2) },
    });
    expect(redeemed.body.status).toBe('Disputed');

    for (const { page } of [admin, support]) {
      await goTo(page, '#/', 'Needs attention');
      await page.getByRole('heading', { name: 'Failing webhook subscriptions' }).waitFor();
      const link = page.getByRole('region', { name: 'Disputed redemptions to settle' }).getByRole('link', {
        name: bookingId,
      });
      await link.waitFor();
      await untilLoaded(page);
      expect(seriousOrCritical(await runAxe(page))).toEqual([]);
      expect(writeControls(await enabledControls(page))).toEqual([]);
    }

    await admin.page
      .getByRole('region', { name: 'Disputed redemptions to settle' })
      .getByRole('link', { name: bookingId })
      .click();
    await admin.page.getByRole('heading', { level: 1, name: `Booking ${bookingId}` }).waitFor();
    await admin.page.getByRole('region', { name: 'Redemptions table' }).getByText('Disputed').waitFor();
  }, 60_000);

  it('lists a certificate expiring within 30 days, linking its account', async () => {
    const name = `Expiring ${randomUUID()}`;
    const { account } = await onboardAccount(name);
    // The stage's partner CA signs a second certificate as if 340 days ago: its year ends in 25 days.
    applyEnvironment(endpoints().environment);
    resetModuleCaches();
    const issuedAt = TestClock.stoppedAt(new Date(Date.now() - 340 * 86_400_000)).now();
    const uow = new DynamoUnitOfWork();
    const expiring = await addCertificate(
      {
        accounts: accountStore,
        partnerCertificates: partnerCertificateStore,
        certificates: partnerCertificateSigner,
      },
      { accountId: account.account_id, csrPem: (await partnerKeyAndCsr()).csrPem },
      uow,
      issuedAt,
    );
    await stagedWriteCommitter.commit(uow.writes);

    for (const { page } of [admin, support]) {
      await goTo(page, '#/', 'Needs attention');
      const expiringList = page.getByRole('region', { name: 'Certificates expiring within 30 days' });
      await expiringList.getByText(expiring.serialNumber).waitFor();
      await expiringList.getByRole('link', { name: `${name}: certificates` }).waitFor();
      await expect(expiringList.getByText(account.certificate.serial_number).count()).resolves.toBe(0);
      await untilLoaded(page);
      expect(seriousOrCritical(await runAxe(page))).toEqual([]);
    }

    await support.page
      .getByRole('region', { name: 'Certificates expiring within 30 days' })
      .getByRole('link', { name: `${name}: certificates` })
      .click();
    await support.page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(support.page.url()).hash).toBe(`#/accounts/${account.account_id}`);
  }, 60_000);
});
