import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { asSupport } from '../../support/employees.ts';
import { writeQrVideo } from '../../support/fake-camera.ts';
import { asOperator } from '../admin/operator.ts';
import {
  bookingPath,
  call,
  catalog,
  confirmedBooking,
  eventsOf,
  issuedBooking,
  type Json,
  partner,
  passUsed,
  storedBooking,
} from '../booking/helpers.ts';
import { asIfIssuedHoursAgo, atTheDoor, doorOf, enrollmentCode } from '../venues/support.ts';

/*
 * The venues' scanner app (docs/venues.md, The scanner app) in headless Chromium against the run's
 * local stage: enrolled with the seeded venue's enrollment code from stage.json, a fake camera showing
 * a real pass QR (a Y4M video made from the pass the partner API answers), the offline check against
 * the cached pass keys and the queue, the shell started offline from the service worker.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let watch: PageWatch;
let files: string;
let video: string;
let qr: string;
let firstBookingId: string;

/** Chromium's own line for a request made while the context is offline: the state under test, not a fault. */
const offlineLoad = /net::ERR_INTERNET_DISCONNECTED/;

beforeAll(async () => {
  firstBookingId = await confirmedBooking('lounges');
  qr = await qrOf(firstBookingId);
  files = await mkdtemp(join(tmpdir(), 'scanner-'));
  video = join(files, 'pass.y4m');
  await writeQrVideo(video, qr);
  browser = await launchChromium([
    // Chromium registers no service worker from an origin whose certificate it does not trust, and
    // ignoreHTTPSErrors does not extend to that; the stage's certificate comes from its own CA.
    '--ignore-certificate-errors',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  const { scanner_url, auth_url, venue_url } = stage();
  context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 800, height: 1280 } });
  await context.grantPermissions(['camera'], { origin: scanner_url });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  watch = watchPage(page, [scanner_url, auth_url, venue_url]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

afterEach(() => {
  const problems = drainProblems(watch);
  problems.consoleErrors = problems.consoleErrors.filter((message) => !offlineLoad.test(message));
  expect(problems).toEqual(noProblems);
});

async function qrOf(bookingId: string): Promise<string> {
  const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
  if (typeof pass.body.qr !== 'string') throw new Error(`No QR: ${JSON.stringify(pass.body)}`);
  return pass.body.qr;
}

const partnerPass = async (bookingId: string) =>
  (await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'))).body;

/** Clears the last result, if one is shown, for the next scan. */
async function nextPass(): Promise<void> {
  const next = page.getByRole('button', { name: 'Next pass' });
  if (await next.isVisible()) await next.click();
}

/** Holds `code` up to the fake camera (Chromium opens the video file anew at each start) and scans it. */
async function scanWithCamera(code: string): Promise<void> {
  await nextPass();
  await writeQrVideo(video, code);
  await page.getByRole('button', { name: 'Start camera' }).click();
}

async function checkTyped(code: string): Promise<void> {
  await nextPass();
  await page.getByLabel('Pass code (type or paste)').fill(code);
  await page.getByRole('button', { name: 'Check pass' }).click();
}

async function refusalShown(): Promise<{ code: string | null; text: string }> {
  const refusal = page.getByTestId('result').locator('[data-refusal]');
  await refusal.waitFor();
  return { code: await refusal.getAttribute('data-refusal'), text: await refusal.innerText() };
}

async function goOnline(): Promise<void> {
  await context.setOffline(false);
  await page.getByText('Online', { exact: true }).waitFor();
}

async function goOffline(): Promise<void> {
  await context.setOffline(true);
  await page.getByText('Offline: passes are checked on this device').waitFor();
}

/**
 * What the app keeps in IndexedDB under `key` of its settings store, read in the page (a string, as
 * the test's own types know no DOM). A CryptoKey crosses into the test as its properties only.
 */
function storedSetting(key: string): Promise<unknown> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const opened = indexedDB.open('scanner');
    opened.onerror = () => reject(opened.error);
    opened.onsuccess = () => {
      const read = opened.result.transaction('settings').objectStore('settings').get(${JSON.stringify(key)});
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        const value = read.result;
        const key = value && value.keyPair && value.keyPair.privateKey;
        resolve(key ? { ...value, keyPair: { privateExtractable: key.extractable, privateType: key.type, algorithm: key.algorithm } } : value);
      };
    };
  })`);
}

describe('the scanner app', () => {
  it('is served with its own policy and headers, installable, and works offline once loaded', async () => {
    const response = await page.goto(stage().scanner_url);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain(
      `connect-src 'self' ${new URL(stage().auth_url).origin}`,
    );
    expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('./manifest.webmanifest');
    await page.getByRole('heading', { level: 1, name: 'Pass scanner' }).waitFor();
    // The shell, the decoder's wasm (from this origin, as WebAssembly) and config.json are precached.
    const serviceWorker = await (await context.request.get(`${stage().scanner_url}/sw.js`)).text();
    const wasmPath = serviceWorker.match(/\.\/(assets\/zxing_reader-[^"]+\.wasm)/)?.[1];
    expect(wasmPath).toBeDefined();
    expect(serviceWorker).toContain('"./config.json"');
    const wasm = await context.request.get(`${stage().scanner_url}/${wasmPath}`);
    expect(wasm.headers()['content-type']).toBe('application/wasm');
    expect(await (await context.request.get(`${stage().scanner_url}/config.json`)).json()).toEqual({
      auth_url: stage().auth_url,
      venue_url: stage().venue_url,
    });
    // The service worker precached the shell and controls the page.
    await expect
      .poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), { timeout: 15_000 })
      .toBe(true);
  });

  it('enrolls with the venue enrollment code: a non-extractable P-256 key, the device registered', async () => {
    const [venue] = stage().venues;
    if (!venue) throw new Error('The stage seeded no venue');

    await page.getByLabel('Enrollment code').fill(venue.enrollment_code.toLowerCase());
    await page.getByLabel('Device name').fill('Gate 7 tablet');
    await page.getByRole('button', { name: 'Enroll' }).click();

    await page.getByText('Device: Gate 7 tablet').waitFor();
    const enrollment = (await storedSetting('enrollment')) as Record<string, unknown>;
    expect(enrollment).toMatchObject({
      venueId: venue.venue_id,
      name: 'Gate 7 tablet',
      keyPair: {
        privateExtractable: false,
        privateType: 'private',
        algorithm: { name: 'ECDSA', namedCurve: 'P-256' },
      },
    });
    const devices = await asOperator<{ data: { device_id: string; name: string; status: string }[] }>(
      'GET',
      `/v2/admin/venues/${venue.venue_id}/devices`,
    );
    expect(devices.body.data).toContainEqual(
      expect.objectContaining({ device_id: enrollment.deviceId, name: 'Gate 7 tablet', status: 'Active' }),
    );
    // Online, it fetched what it needs offline: the pass keys and the venue's items (a DPoP call).
    await expect
      .poll(() => storedSetting('passKeys'), { timeout: 10_000 })
      .toMatchObject({ keys: expect.any(Array) });
    await expect
      .poll(() => storedSetting('items'), { timeout: 10_000 })
      .toMatchObject({
        lounges: expect.arrayContaining(venue.lounges),
      });
  });

  it('speaks Russian when asked, with the lang attribute', async () => {
    await page.getByLabel('Language').selectOption('ru');
    await page.getByRole('heading', { level: 1, name: 'Сканер пропусков' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru');

    await page.getByLabel('Язык').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Pass scanner' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('offline: reads the pass from the camera, checks it against the cached keys and queues the admission', async () => {
    await context.setOffline(true);
    await page.getByText('Offline: passes are checked on this device').waitFor();

    await page.getByRole('button', { name: 'Start camera' }).click();
    await page.getByText('2 guest(s) on this pass').waitFor({ timeout: 30_000 });
    await page.getByLabel('Guests to admit').selectOption('2');
    await page.getByRole('button', { name: 'Admit' }).click();

    await page.getByText('Admission of 2 queued').waitFor();
    await page.getByText('Waiting to sync: 1').waitFor();
    expect(await page.getByTestId('pending').getAttribute('aria-live')).toBe('polite');
  });

  it('offline: a typed code that is no pass of this service is refused as such', async () => {
    await page.getByRole('button', { name: 'Next pass' }).click();
    await page.getByLabel('Pass code (type or paste)').fill(`${qr.slice(0, -4)}AAAA`);
    await page.getByRole('button', { name: 'Check pass' }).click();

    await page.getByText('This is not a pass of this service.').waitFor();
  });

  it('starts offline from the service worker, the queue kept', async () => {
    await page.reload();

    await page.getByRole('heading', { level: 1, name: 'Pass scanner' }).waitFor();
    await page.getByText('Device: Gate 7 tablet').waitFor();
    await page.getByText('Waiting to sync: 1').waitFor();
  });

  it('has no serious or critical accessibility violation, on a tablet and on a phone', async () => {
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Check pass' }).scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Check pass' }).isVisible()).toBe(true);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });

  it('online: sends the queued admission, scans a pass from the camera and shows its guests, then admits a count (201 Accepted)', async () => {
    await goOnline();
    // The admission queued offline above is sent once the device is back online.
    await page.getByText('Waiting to sync: 0').waitFor();
    expect(await partnerPass(firstBookingId)).toMatchObject({ status: 'Used', used_guests_count: 2 });

    const bookingId = await confirmedBooking('lounges');
    await scanWithCamera(await qrOf(bookingId));
    await page.getByText('Ada Lovelace (Adult, lead)').waitFor({ timeout: 30_000 });
    await page.getByText('Byron Lovelace (Child)').waitFor();
    expect(await page.getByLabel('Guests to admit').locator('option').allInnerTexts()).toEqual(['1', '2']);
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
    await page.getByLabel('Guests to admit').selectOption('2');
    await page.getByRole('button', { name: 'Admit' }).click();

    await page.getByText('Admitted: 2').waitFor();
    expect(await partnerPass(bookingId)).toMatchObject({ status: 'Used', used_guests_count: 2 });
    await expect
      .poll(async () =>
        (await eventsOf(bookingId)).find(
          (event) => event.event === 'pass.status.changed' && (event.data as Json).status === 'Used',
        ),
      )
      .toMatchObject({ data: { used_guests_count: 2, redeemed_at: expect.any(String) } });
  });

  it('shows each refusal: PassAlreadyUsed with its time, PassCanceled, PassNotReady, PassExpired, 422 at body.qr', async () => {
    // Used at another door between this scan and Admit: the 409 names when.
    const raced = await confirmedBooking('lounges');
    const racedQr = await qrOf(raced);
    await checkTyped(racedQr);
    await page.getByText('Ada Lovelace (Adult, lead)').waitFor();
    expect((await passUsed(raced, 1)).status).toBe(200);
    await page.getByRole('button', { name: 'Admit' }).click();
    expect(await refusalShown()).toEqual({
      code: 'PassAlreadyUsed',
      text: expect.stringMatching(/^This pass was already used\. Used at \S/),
    });
    await checkTyped(racedQr);
    expect(await refusalShown()).toEqual({ code: 'PassAlreadyUsed', text: 'This pass was already used.' });

    const canceled = await confirmedBooking('lounges');
    const canceledQr = await qrOf(canceled);
    expect((await call(partner, 'POST', bookingPath('lounges', canceled, 'cancel'))).status).toBe(200);
    await checkTyped(canceledQr);
    expect(await refusalShown()).toEqual({
      code: 'PassCanceled',
      text: 'This pass was canceled. Do not admit.',
    });

    // The partner reads no QR before the confirm; the stored token is what a leaked one would be.
    const unconfirmed = await issuedBooking('lounges');
    const stored = await storedBooking(partner.accountId as string, unconfirmed);
    await checkTyped((stored?.pass as Json | undefined)?.token as string);
    expect(await refusalShown()).toEqual({
      code: 'PassNotReady',
      text: 'This pass is not confirmed yet. Do not admit.',
    });

    const early = await confirmedBooking('lounges');
    await asIfIssuedHoursAgo(early, -2);
    await checkTyped(await qrOf(early));
    expect(await refusalShown()).toEqual({
      code: 'PassExpired',
      text: 'This pass is not valid at this time.',
    });

    await checkTyped(`${qr.slice(0, -4)}AAAA`);
    expect(await refusalShown()).toEqual({ code: 'InvalidQr', text: 'This is not a pass of this service.' });
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });

  it('shows PassNotValidHere, and no guest, on a device of a venue that does not operate the lounge', async () => {
    const lanesOnly = await asOperator<{ venue_id: string }>('POST', '/v2/admin/venues', {
      body: { name: 'Lanes only', lounges: [], fast_tracks: [catalog.fastTrack] },
    });
    expect(lanesOnly.status).toBe(201);
    const otherContext = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const other = await otherContext.newPage();
      const otherWatch = watchPage(other, [stage().scanner_url, stage().auth_url, stage().venue_url]);
      await other.goto(stage().scanner_url);
      await other.getByLabel('Enrollment code').fill(await enrollmentCode(lanesOnly.body.venue_id));
      await other.getByLabel('Device name').fill('Lane 2 phone');
      await other.getByRole('button', { name: 'Enroll' }).click();
      await other.getByText('Device: Lane 2 phone').waitFor();

      await other.getByLabel('Pass code (type or paste)').fill(await qrOf(await confirmedBooking('lounges')));
      await other.getByRole('button', { name: 'Check pass' }).click();

      const refusal = other.getByTestId('result').locator('[data-refusal]');
      await refusal.waitFor();
      expect(await refusal.getAttribute('data-refusal')).toBe('PassNotValidHere');
      expect(await refusal.innerText()).toBe('This pass is not for this venue.');
      expect(await other.getByTestId('result').innerText()).not.toContain('Ada');
      expect(drainProblems(otherWatch)).toEqual(noProblems);
    } finally {
      await otherContext.close();
    }
  });

  it('offline: two passes scanned and admitted, back online both are recorded once with their scan time', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const bookings = [await confirmedBooking('lounges'), await confirmedBooking('lounges')];
    const passes = await Promise.all(
      bookings.map(async (bookingId) => ({
        bookingId,
        qr: await qrOf(bookingId),
        pass: await partnerPass(bookingId),
      })),
    );
    await nextPass();
    await goOffline();

    for (const { qr: code } of passes) {
      await scanWithCamera(code);
      await page.getByText('2 guest(s) on this pass').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Admit' }).click();
      await page.getByText('Admission of 2 queued').waitFor();
    }
    await page.getByText('Waiting to sync: 2').waitFor();
    const backOnline = new Date().toISOString();
    await goOnline();

    await page.getByText('Waiting to sync: 0').waitFor();
    // Another door of the same venue reads the venue's redemptions.
    const listed = await atTheDoor(
      await doorOf(stage().venues[0]?.venue_id),
      'GET',
      `/v2/venue/redemptions?limit=100&since=${encodeURIComponent(since)}`,
    );
    expect(listed.status).toBe(200);
    for (const { bookingId, pass } of passes) {
      expect(await partnerPass(bookingId)).toMatchObject({ status: 'Used', used_guests_count: 2 });
      const recorded = (listed.body.data as Json[]).filter((item) => item.pass_id === pass.pass_id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ status: 'Accepted', admitted_guests: 2 });
      expect(String(recorded[0]?.scanned_at) < backOnline).toBe(true);
    }
  });

  it('a pass canceled after its offline scan is shown as Disputed when the queue is sent', async () => {
    const bookingId = await confirmedBooking('lounges');
    const code = await qrOf(bookingId);
    const passId = (await partnerPass(bookingId)).pass_id;
    await nextPass();
    await goOffline();
    await scanWithCamera(code);
    await page.getByText('2 guest(s) on this pass').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Admit' }).click();
    await page.getByText('Waiting to sync: 1').waitFor();
    expect((await call(partner, 'POST', bookingPath('lounges', bookingId, 'cancel'))).status).toBe(200);

    await goOnline();

    await page.getByText('Recorded as disputed: the pass was canceled after it was scanned.').waitFor();
    await page.getByText('Waiting to sync: 0').waitFor();
    const listed = await asSupport<{ data: Json[] }>(
      'GET',
      '/api/v1/admin/redemptions?status=Disputed&limit=200',
    );
    expect(listed.body.data.find((item) => item.pass_id === passId)).toMatchObject({ status: 'Disputed' });
    expect(seriousOrCritical(await runAxe(page))).toEqual([]);
  });
});
