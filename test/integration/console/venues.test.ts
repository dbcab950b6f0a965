import { randomUUID } from 'node:crypto';
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
import { asAdmin } from '../../support/employees.ts';
import { bookingPath, call, catalog, confirmedBooking, type Json, partner } from '../booking/helpers.ts';
import {
  asIfIssuedHoursAgo,
  atTheDoor,
  type DeviceBody,
  deviceKeys,
  doorOf,
  hoursAgo,
  registerDevice,
  type VenueBody,
} from '../venues/support.ts';

/*
 * The venue pages and the Disputed redemptions page of the console (docs/console.md), in headless
 * Chromium against the run's local stage: an admin creates a venue, changes its items, mints an
 * enrollment code that a device then registers with on the venue host, and disables that device; a
 * Disputed redemption made through the venue API is listed; a support employee sees no action.
 */

let browser: Browser;
let admin: { page: Page; watch: PageWatch };
let support: { page: Page; watch: PageWatch };
let page: Page;
let venue: VenueBody | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await openConsoleAs(browser, 'ada.admin', '#/venues', 'Venues');
  support = await openConsoleAs(browser, 'sam.support', '#/venues', 'Venues');
  page = admin.page;
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

const ofVenue = async (venueId: string) =>
  (await asAdmin<VenueBody>('GET', `/api/v1/admin/venues/${venueId}`)).body;

function theVenue(): VenueBody {
  if (!venue) throw new Error('The venue of the create test is missing');
  return venue;
}

async function confirm(button: string, confirmLabel: string, question: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(question).waitFor();
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
}

describe('the venues page', () => {
  it('shows the API refusing a venue without a name at the name field', async () => {
    await goTo(page, '#/venues', 'Venues');

    await page.getByRole('button', { name: 'Create venue' }).click();

    const field = page.getByLabel('Venue name');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('alert').getByText('HTTP 422 · ValidationError', { exact: false }).waitFor();
    await expect(page.locator('#venue-name-error').textContent()).resolves.toMatch(/.+/);
  });

  it('creates a venue with a lounge of the catalog and opens its page', async () => {
    await goTo(page, '#/venues', 'Venues');
    const name = `Console venue ${Date.now()}`;
    await page.getByLabel('Venue name').fill(name);
    const lounges = page.getByRole('group', { name: 'Lounges' });
    await lounges.getByLabel('Search lounges by name or id').fill(catalog.lounge);
    await lounges.getByRole('checkbox', { name: new RegExp(catalog.lounge) }).check();

    await page.getByRole('button', { name: 'Create venue' }).click();

    await page.getByRole('heading', { level: 1, name }).waitFor();
    const venueId = new URL(page.url()).hash.replace('#/venues/', '');
    venue = await ofVenue(venueId);
    expect(venue).toMatchObject({ name, status: 'Active', lounges: [catalog.lounge], fast_tracks: [] });
    await goTo(page, '#/venues', 'Venues');
    const row = page.getByRole('row', { name: new RegExp(venueId) });
    await row.getByRole('link', { name }).waitFor();
    await expect(row.locator('td').allTextContents()).resolves.toEqual([
      'Active',
      '1',
      '0',
      expect.any(String),
    ]);
  });

  it("replaces the venue's items", async () => {
    const { venue_id, name } = theVenue();
    await goTo(page, `#/venues/${venue_id}`, name);
    const fastTracks = page.getByRole('group', { name: 'Fast-tracks' });
    await fastTracks.getByLabel('Search fast-tracks by name or id').fill(catalog.fastTrack);
    await fastTracks.getByRole('checkbox', { name: new RegExp(catalog.fastTrack) }).check();

    await page.getByRole('button', { name: 'Save items' }).click();

    await expect.poll(async () => (await ofVenue(venue_id)).fast_tracks).toEqual([catalog.fastTrack]);
    await page.getByRole('heading', { name: 'Fast-tracks it operates' }).waitFor();
    await page.locator('section[aria-labelledby="venue-items"] li').getByText(catalog.fastTrack).waitFor();
  });

  it('mints an enrollment code shown once, which a device registers with; the device is listed and disabled', async () => {
    const { venue_id, name } = theVenue();
    await goTo(page, `#/venues/${venue_id}`, name);
    await page.getByText('No device has enrolled yet.').waitFor();

    await page.getByRole('button', { name: 'Mint an enrollment code' }).click();
    const code = await page.getByLabel('Enrollment code', { exact: true }).inputValue();
    await expect.poll(() => page.evaluate<string>('document.activeElement.id')).toBe('minted-code');
    expect(code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    await page.getByText('Single use: it enrolls one device until').waitFor();
    await page.getByRole('button', { name: 'Copy enrollment code' }).click();
    await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(code);

    const deviceName = `Door tablet ${Date.now()}`;
    const registered = await registerDevice({
      enrollment_code: code,
      name: deviceName,
      public_jwk: deviceKeys().publicJwk,
    });
    expect(registered.status).toBe(201);
    const device = registered.body as DeviceBody;

    await page.getByRole('button', { name: 'Refresh devices' }).click();
    const row = page.getByRole('row', { name: new RegExp(device.device_id) });
    await row.getByText('Active').waitFor();

    await confirm(`Disable device ${deviceName}`, 'Disable', /cut off within 60 seconds/);

    await row.getByText('Disabled').waitFor();
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    await expect.poll(() => page.evaluate<string>('document.activeElement.id')).toBe('venue-devices');
    const devices = await asAdmin<{ data: DeviceBody[] }>('GET', `/api/v1/admin/venues/${venue_id}/devices`);
    expect(devices.body.data.find((each) => each.device_id === device.device_id)?.status).toBe('Disabled');
  });

  it('finds no serious or critical axe-core violation on the venues page, a venue page and its dialog', async () => {
    const { venue_id, name } = theVenue();
    await goTo(page, '#/venues', 'Venues');
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await goTo(page, `#/venues/${venue_id}`, name);
    await page.getByRole('button', { name: 'Mint an enrollment code' }).click();
    await page.getByLabel('Enrollment code', { exact: true }).waitFor();
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await page.getByRole('button', { name: 'Disable venue', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(
      page.evaluate<boolean>('document.querySelector("dialog[open]").contains(document.activeElement)'),
    ).resolves.toBe(true);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.count()).resolves.toBe(0);
  });

  it('disables the venue after a confirmation: no more enrollment codes', async () => {
    const { venue_id, name } = theVenue();
    await goTo(page, `#/venues/${venue_id}`, name);

    await confirm('Disable venue', 'Disable', /cut off within 60 s/);

    await page.locator('section[aria-labelledby="venue-summary"]').getByText('Disabled').waitFor();
    await expect.poll(() => page.evaluate<string>('document.activeElement.id')).toBe('venue-summary');
    await expect(page.getByRole('button', { name: 'Mint an enrollment code' }).isDisabled()).resolves.toBe(
      true,
    );
    expect((await ofVenue(venue_id)).status).toBe('Disabled');
  });
});

describe('the problems the venue pages show', () => {
  it("shows the API's 404 for a venue that does not exist, with a retry, instead of a blank page", async () => {
    await goTo(page, `#/venues/${randomUUID()}`, 'Venue');

    const alert = page.getByRole('alert');
    await alert.getByText('HTTP 404 · ResourceNotFound', { exact: false }).waitFor();
    await expect(alert.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
  });

  it("shows the API's 409 when a device shown active was disabled meanwhile", async () => {
    const created = await asAdmin<VenueBody>('POST', '/api/v1/admin/venues', {
      body: { name: `Stale page ${Date.now()}`, lounges: [catalog.lounge], fast_tracks: [] },
    });
    const { venue_id, name } = created.body;
    const code = await asAdmin<Json>('POST', `/api/v1/admin/venues/${venue_id}/enrollments`);
    const device = (
      await registerDevice({
        enrollment_code: code.body.enrollment_code,
        name: 'Disabled meanwhile',
        public_jwk: deviceKeys().publicJwk,
      })
    ).body as DeviceBody;
    await goTo(page, `#/venues/${venue_id}`, name);
    const row = page.getByRole('row', { name: /Disabled meanwhile/ });
    await row.getByText('Active').waitFor();
    const disabled = await asAdmin(
      'POST',
      `/api/v1/admin/venues/${venue_id}/devices/${device.device_id}/disable`,
    );
    expect(disabled.status).toBe(200);

    await confirm('Disable device Disabled meanwhile', 'Disable', /cut off within 60 seconds/);

    await row.getByRole('alert').getByText('HTTP 409 · DeviceInvalidState', { exact: false }).waitFor();
  });
});

describe('the Disputed redemptions page', () => {
  it('lists a pass canceled between its offline scan and the sync, linking its venue', async () => {
    const door = await doorOf();
    const bookingId = await confirmedBooking('lounges');
    const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
    await asIfIssuedHoursAgo(bookingId, 3);
    expect((await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'))).status).toBe(200);
    const redeemed = await atTheDoor(door, 'POST', '/v2/venue/redemptions', {
      body: { qr: pass.body.qr, admitted_guests: 2, scanned_at: hoursAgo(2) },
    });
    expect(redeemed.body.status).toBe('Disputed');
    const passId = pass.body.pass_id as string;

    await goTo(page, '#/redemptions/disputed', 'Disputed redemptions');

    const row = page.getByRole('row', { name: new RegExp(passId) });
    await row.getByText(bookingId).waitFor();
    const account = await asAdmin<{ name: string }>('GET', `/api/v1/admin/accounts/${partner.accountId}`);
    await row.getByRole('link', { name: account.body.name, exact: true }).waitFor();
    await row.getByRole('link', { name: 'Test venue', exact: true }).waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toContain(partner.accountId);
    expect(cells[2]).toContain(door.scanner.venueId);
    expect(cells[5]).toBe('2');
    await untilLoaded(page);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await row.getByRole('link', { name: 'Test venue', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Test venue' }).waitFor();
    await expect(page.getByText(door.scanner.venueId).first().isVisible()).resolves.toBe(true);
  });
});

describe('the venue pages for a support employee', () => {
  /** Controls that only read, search, refresh, copy or hide: everything else must be disabled. */
  const readControls = [
    /^input: Search loaded venues by name or id$/,
    /^button: (Try again|Refresh devices|Load more [\w -]+)$/,
  ];
  const writeControls = (controls: string[]) =>
    controls.filter((control) => !readControls.some((pattern) => pattern.test(control)));

  it('reads the venues, a venue and the Disputed redemptions with no enabled action', async () => {
    const target = support.page;
    const { venue_id, name } = (
      await asAdmin<VenueBody>('POST', '/api/v1/admin/venues', {
        body: { name: `Support view ${Date.now()}`, lounges: [catalog.lounge], fast_tracks: [] },
      })
    ).body;
    await registerDevice({
      enrollment_code: (await asAdmin<Json>('POST', `/api/v1/admin/venues/${venue_id}/enrollments`)).body
        .enrollment_code,
      name: 'Support sees me',
      public_jwk: deviceKeys().publicJwk,
    });

    await goTo(target, '#/venues', 'Venues');
    await target.getByRole('link', { name }).waitFor();
    await expect(target.getByRole('button', { name: 'Create venue' }).isDisabled()).resolves.toBe(true);
    expect(writeControls(await enabledControls(target))).toEqual([]);

    await goTo(target, `#/venues/${venue_id}`, name);
    await target.getByRole('row', { name: /Support sees me/ }).waitFor();
    await untilLoaded(target);
    for (const button of [
      'Disable venue',
      'Mint an enrollment code',
      'Save items',
      'Disable device Support sees me',
    ])
      await expect(
        target.getByRole('button', { name: button, exact: true }).isDisabled(),
        button,
      ).resolves.toBe(true);
    expect(writeControls(await enabledControls(target))).toEqual([]);
    await target.getByText('Read-only: your role can view but not change anything.').waitFor();

    await goTo(target, '#/redemptions/disputed', 'Disputed redemptions');
    await untilLoaded(target);
    expect(writeControls(await enabledControls(target))).toEqual([]);
  });
});
