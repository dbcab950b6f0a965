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
import { writeQrVideo } from '../../support/fake-camera.ts';
import { asOperator } from '../admin/operator.ts';
import { bookingPath, call, confirmedBooking, partner } from '../booking/helpers.ts';

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
let qr: string;

/** Chromium's own line for a request made while the context is offline: the state under test, not a fault. */
const offlineLoad = /net::ERR_INTERNET_DISCONNECTED/;

beforeAll(async () => {
  const bookingId = await confirmedBooking('lounges');
  const pass = await call(partner, 'GET', bookingPath('lounges', bookingId, 'pass'));
  qr = pass.body.qr as string;
  files = await mkdtemp(join(tmpdir(), 'scanner-'));
  const video = join(files, 'pass.y4m');
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

  // POST /v2/venue/passes/verify and /v2/venue/redemptions are wired by the lead on another branch
  // (decisions.md, Venues); until they are on this one these steps cannot run against the stage.
  it.todo('online: scans a pass from the camera and shows its guests, then admits a count (201 Accepted)');
  it.todo(
    'shows each refusal: PassNotReady, PassAlreadyUsed with redeemed_at, PassCanceled, PassExpired, PassNotValidHere, 422 at body.qr',
  );
  it.todo(
    'offline: two passes scanned and admitted, back online both are recorded once with their scan time',
  );
  it.todo('a pass canceled after its offline scan is shown as Disputed when the queue is sent');
});
