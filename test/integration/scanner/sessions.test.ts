import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { stage } from '../../support/api.ts';
import {
  drainProblems,
  launchChromium,
  noProblems,
  type PageWatch,
  runAxe,
  seriousOrCritical,
  watchPage,
} from '../../support/chromium.ts';
import { writeQrVideo } from '../../support/fake-camera.ts';
import { asOperator } from '../admin/operator.ts';
import { bookingPath, call, confirmedBooking, partner } from '../booking/helpers.ts';
import { atTheDoor, type DeviceBody, doorOf, enrollmentCode, newVenue } from '../venues/support.ts';
import { type OwnScanner, ownScanner } from './own-scanner.ts';

/*
 * The scanner app (docs/venues.md, The scanner app) through a shift at the door: in Russian from the
 * browser's language, the choice kept across a reload; and a device disabled by an employee while it
 * is scanning, the app served with an auth and a venue host of the test's own on a clock it moves
 * (own-scanner.ts). Each on a venue and a browser context of its own, so neither depends on
 * scanner.test.ts.
 */

let browser: Browser;
let files: string;
let video: string;

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'scanner-sessions-'));
  video = join(files, 'pass.y4m');
  await writeQrVideo(video, 'no pass shown yet');
  browser = await launchChromium([
    // As in scanner.test.ts: the stage's certificate comes from its own CA.
    '--ignore-certificate-errors',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

async function qrOf(bookingId: string): Promise<string> {
  const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
  if (typeof pass.body.qr !== 'string') throw new Error(`No QR: ${JSON.stringify(pass.body)}`);
  return pass.body.qr;
}

/** Chromium's own line for a request made while the context is offline: the state under test, not a fault. */
const offlineLoad = /net::ERR_INTERNET_DISCONNECTED/;

/** Whether the app has kept the venue's items in IndexedDB (a string: the test's types know no DOM). */
const storedItemsScript = `new Promise((resolve, reject) => {
  const opened = indexedDB.open('scanner');
  opened.onerror = () => reject(opened.error);
  opened.onsuccess = () => {
    const read = opened.result.transaction('settings').objectStore('settings').get('items');
    read.onerror = () => reject(read.error);
    read.onsuccess = () => resolve(read.result !== undefined);
  };
})`;

const partnerPass = async (bookingId: string) =>
  (await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'))).body;

/**
 * A fresh page of the scanner app in a context of its own (`locale`: the browser's language), from
 * the stage's site unless `app` names another.
 */
async function scannerPage(
  locale: string,
  app: Pick<OwnScanner, 'scanner_url' | 'auth_url' | 'venue_url'> = stage(),
): Promise<{ context: BrowserContext; page: Page; watch: PageWatch }> {
  const { scanner_url, auth_url, venue_url } = app;
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    locale,
    viewport: { width: 800, height: 1280 },
  });
  await context.grantPermissions(['camera'], { origin: scanner_url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const watch = watchPage(page, [scanner_url, auth_url, venue_url]);
  await page.goto(scanner_url);
  return { context, page, watch };
}

describe('the scanner in Russian', () => {
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    ({ context, page, watch } = await scannerPage('ru-RU'));
  });
  afterAll(() => context?.close());

  it('starts in the browser’s language, scans a pass, shows its guests and a refusal in Russian, and keeps the chosen language across a reload', async () => {
    await page.getByRole('heading', { level: 1, name: 'Сканер пропусков' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru');

    const venue = await newVenue('Russian door');
    await page.getByLabel('Код подключения').fill(await enrollmentCode(venue.venue_id));
    await page.getByLabel('Название устройства').fill('Планшет у входа');
    await page.getByRole('button', { name: 'Подключить' }).click();
    await page.getByText('Устройство: Планшет у входа').waitFor();

    const bookingId = await confirmedBooking('lounges');
    const qr = await qrOf(bookingId);
    await writeQrVideo(video, qr);
    await page.getByRole('button', { name: 'Включить камеру' }).click();
    await page.getByRole('heading', { level: 3, name: 'Гости' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.guest-list li').allInnerTexts()).toEqual([
      'Ada Lovelace (взрослый, основной)',
      'Byron Lovelace (ребёнок)',
    ]);
    await page.getByLabel('Пропустить гостей').selectOption('2');
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
    await page.getByRole('button', { name: 'Пропустить', exact: true }).click();
    await page.getByText('Пропущено: 2').waitFor();
    expect(await partnerPass(bookingId)).toMatchObject({ status: 'Used', used_guests_count: 2 });

    // The same pass again: refused, in Russian.
    await page.getByRole('button', { name: 'Следующий пропуск' }).click();
    await page.getByLabel('Код пропуска (ввести или вставить)').fill(qr);
    await page.getByRole('button', { name: 'Проверить' }).click();
    const refusal = page.getByTestId('result').locator('[data-refusal]');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-refusal')).toBe('PassAlreadyUsed');
    expect(await refusal.innerText()).toBe('Пропуск уже использован.');
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    // A choice made on the device outlives a reload, and beats the browser's language.
    await page.getByLabel('Язык').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Pass scanner' }).waitFor();
    await page.reload();
    await page.getByText('Device: Планшет у входа').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Pass scanner' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByLabel('Language').selectOption('ru');
    await page.getByRole('heading', { level: 1, name: 'Сканер пропусков' }).waitFor();
    await page.reload();
    await page.getByText('Устройство: Планшет у входа').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Сканер пропусков' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(drainProblems(watch)).toEqual(noProblems);
  });
});

describe('a scanner whose device is disabled mid-session', () => {
  /** How long the stage trusts what it read of a device (PRINCIPAL_STATUS_TTL_SECONDS in global-setup.ts). */
  const standingBoundMs = 2_000;
  const clock = TestClock.running();
  let restoreClock: () => void;
  let app: OwnScanner;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    restoreClock = useClock(clock);
    app = await ownScanner(clock);
    ({ context, page, watch } = await scannerPage('en-GB', app));
  });
  afterAll(async () => {
    await context?.close();
    await app?.close();
    restoreClock?.();
  });

  const checkTyped = async (code: string) => {
    await page.getByLabel('Pass code (type or paste)').fill(code);
    await page.getByRole('button', { name: 'Check pass' }).click();
  };

  it('says the device was disabled and must be enrolled again, records no redemption, and enrolls again with a new code', async () => {
    const venue = await newVenue('Door of a disabled tablet');
    await page.getByLabel('Enrollment code').fill(await enrollmentCode(venue.venue_id));
    await page.getByLabel('Device name').fill('Door 3 tablet');
    await page.getByRole('button', { name: 'Enroll' }).click();
    await page.getByText('Device: Door 3 tablet').waitFor();

    const bookingId = await confirmedBooking('lounges');
    const qr = await qrOf(bookingId);
    await checkTyped(qr);
    await page.getByText('Ada Lovelace (Adult, lead)').waitFor();

    // An employee disables the tablet while its staff look at the guests.
    const devices = await asOperator<{ data: DeviceBody[] }>(
      'GET',
      `/v2/admin/venues/${venue.venue_id}/devices`,
    );
    const [device] = devices.body.data;
    const disabled = await asOperator<DeviceBody>(
      'POST',
      `/v2/admin/venues/${venue.venue_id}/devices/${device?.device_id}/disable`,
    );
    expect([disabled.status, disabled.body.status]).toEqual([200, 'Disabled']);
    // Past the bound the stage keeps a device's standing for (2 s here, 60 s deployed).
    clock.advance(standingBoundMs);

    await page.getByRole('button', { name: 'Admit' }).click();

    const refusal = page.getByTestId('result').locator('[data-refusal]');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-refusal')).toBe('Unauthorized');
    expect(await refusal.innerText()).toBe(
      'This device was disabled and can no longer check passes. Ask your venue administrator for a new enrollment code and enroll it again.',
    );
    // Refused, not queued: nothing waits to be sent, and the pass is still unused.
    await page.getByText('Waiting to sync: 0').waitFor();
    expect(await partnerPass(bookingId)).toMatchObject({ status: 'Active' });
    const otherDoor = await doorOf(venue.venue_id);
    const recorded = await atTheDoor(otherDoor, 'GET', '/v2/venue/redemptions?limit=100');
    expect([recorded.status, recorded.body.data]).toEqual([200, []]);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    // The way out: the old enrollment is forgotten, a new code enrolls a new key, scanning works again.
    await page.getByRole('button', { name: 'Enroll again' }).click();
    await page.getByRole('heading', { level: 2, name: 'Enroll this device' }).waitFor();
    await page.getByLabel('Enrollment code').fill(await enrollmentCode(venue.venue_id));
    await page.getByLabel('Device name').fill('Door 3 tablet, enrolled again');
    await page.getByRole('button', { name: 'Enroll' }).click();
    await page.getByText('Device: Door 3 tablet, enrolled again').waitFor();
    await checkTyped(qr);
    await page.getByText('Ada Lovelace (Adult, lead)').waitFor();
    await page.getByRole('button', { name: 'Admit' }).click();
    await page.getByText('Admitted: 2').waitFor();
    expect(await partnerPass(bookingId)).toMatchObject({ status: 'Used', used_guests_count: 2 });
    expect(drainProblems(watch)).toEqual(noProblems);
  });

  it('keeps an admission queued offline when the device is disabled before it is sent, says why, and sends it once enrolled again', async () => {
    const own = await scannerPage('en-GB', app);
    const door = own.page;
    try {
      const venue = await newVenue('Door of a tablet disabled offline');
      await door.getByLabel('Enrollment code').fill(await enrollmentCode(venue.venue_id));
      await door.getByLabel('Device name').fill('Door 4 tablet');
      await door.getByRole('button', { name: 'Enroll' }).click();
      await door.getByText('Device: Door 4 tablet').waitFor();
      // Online once: the pass keys and the venue's items are kept for offline checks.
      await expect.poll(() => door.evaluate(storedItemsScript), { timeout: 10_000 }).toBe(true);

      const bookingId = await confirmedBooking('lounges');
      await own.context.setOffline(true);
      await door.getByText('Offline: passes are checked on this device').waitFor();
      await door.getByLabel('Pass code (type or paste)').fill(await qrOf(bookingId));
      await door.getByRole('button', { name: 'Check pass' }).click();
      await door.getByText('2 guest(s) on this pass').waitFor();
      await door.getByRole('button', { name: 'Admit' }).click();
      await door.getByText('Waiting to sync: 1').waitFor();

      const devices = await asOperator<{ data: DeviceBody[] }>(
        'GET',
        `/v2/admin/venues/${venue.venue_id}/devices`,
      );
      const path = `/v2/admin/venues/${venue.venue_id}/devices/${devices.body.data[0]?.device_id}/disable`;
      expect((await asOperator('POST', path)).status).toBe(200);
      clock.advance(standingBoundMs);
      await own.context.setOffline(false);

      // The queue meets the 401: the entry stays, and the staff are told why it does not drain.
      await door
        .getByRole('alert')
        .getByText('This device was disabled and can no longer check passes.', { exact: false })
        .waitFor();
      await door.getByText('Waiting to sync: 1').waitFor();
      expect(await partnerPass(bookingId)).toMatchObject({ status: 'Active' });

      // Enrolled again (from the refusal a scan now gets), the new device sends the queued admission.
      await door.getByRole('button', { name: 'Next pass' }).click();
      await door.getByLabel('Pass code (type or paste)').fill(await qrOf(bookingId));
      await door.getByRole('button', { name: 'Check pass' }).click();
      await door.getByRole('button', { name: 'Enroll again' }).click();
      await door.getByLabel('Enrollment code').fill(await enrollmentCode(venue.venue_id));
      await door.getByLabel('Device name').fill('Door 4 tablet, enrolled again');
      await door.getByRole('button', { name: 'Enroll' }).click();
      await door.getByText('Device: Door 4 tablet, enrolled again').waitFor();
      await door.getByText('Waiting to sync: 0').waitFor();
      expect(await partnerPass(bookingId)).toMatchObject({ status: 'Used', used_guests_count: 2 });
      expect(await door.getByRole('alert').innerText()).not.toContain('This device was disabled');
      expect(seriousOrCritical(await runAxe(door))).toEqual([]);
      const problems = drainProblems(own.watch);
      problems.consoleErrors = problems.consoleErrors.filter((message) => !offlineLoad.test(message));
      expect(problems).toEqual(noProblems);
    } finally {
      await own.context.close();
    }
  });
});
