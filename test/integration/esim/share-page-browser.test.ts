import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stage } from '../../support/api.ts';
import {
  drainProblems,
  launchChromium,
  noProblems,
  type PageWatch,
  runAxe,
  watchPage,
} from '../../support/chromium.ts';
import { type EsimPartner, esimPartner, type Json } from './helpers.ts';

/*
 * The traveller's eSIM page (docs/esim.md, Install help) in headless Chromium at a phone's viewport,
 * opened from a real share link of the run's stage: per platform (user agent) and language.
 */

const userAgents = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;
const installHosts = { ios: 'esimsetup.apple.com', android: 'esimsetup.android.com' } as const;
const texts = {
  'en-US': {
    install: 'Install eSIM',
    title: 'Your eSIM from',
    dataLeft: 'Data left',
    invalid: 'This link does not work',
  },
  'ru-RU': {
    install: 'Установить eSIM',
    title: 'Ваша eSIM от',
    dataLeft: 'Остаток трафика',
    invalid: 'Ссылка не работает',
  },
} as const;

let browser: Browser;
let partner: EsimPartner;
let shareUrl: string;
let lpa: string;
const open: { context: BrowserContext; watch: PageWatch }[] = [];

beforeAll(async () => {
  partner = await esimPartner(1);
  const esim = await partner.issued();
  await partner.usage(String(esim.iccid), 24);
  const activation = esim.activation as Json;
  shareUrl = String(activation.share_url);
  lpa = String(activation.lpa);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  for (const { context, watch } of open.splice(0)) {
    expect(drainProblems(watch)).toEqual(noProblems);
    await context.close();
  }
});

async function phone(
  platform: keyof typeof userAgents,
  language: keyof typeof texts,
  url: string,
): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents[platform],
    locale: language,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  open.push({ context, watch: watchPage(page, [new URL(stage().esim_page_url).origin]) });
  await page.goto(url);
  return page;
}

describe.each(['ios', 'android'] as const)('on %s', (platform) => {
  it.each(['en-US', 'ru-RU'] as const)(
    'shows in %s the QR, the install button, the steps, the data left and the partner name; axe finds nothing',
    async (language) => {
      const t = texts[language];
      const page = await phone(platform, language, shareUrl);

      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.innerText()).toMatch(new RegExp(`^${t.title} eSIM test `));
      const install = page.getByRole('link', { name: t.install });
      const href = new URL((await install.getAttribute('href')) ?? '');
      expect(href.host).toBe(installHosts[platform]);
      expect(href.searchParams.get('carddata')).toBe(lpa);
      expect(await install.isVisible()).toBe(true);
      const qr = page.getByRole('img');
      expect(await qr.count()).toBe(1);
      expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThan(150);
      const steps = page.locator('ol.steps > li');
      expect(await steps.count()).toBe(4);
      const stepText = await steps.allInnerTexts();
      if (language === 'ru-RU') expect(stepText.join(' ')).toMatch(/[а-яё]/i);
      else expect(stepText.join(' ')).not.toMatch(/[а-яё]/i);
      expect(await page.getByRole('heading', { name: t.dataLeft }).isVisible()).toBe(true);
      expect(await page.locator('[data-remaining-mb="1000"]').count()).toBe(1);
      expect(await page.locator('html').getAttribute('lang')).toBe(language.slice(0, 2));
      expect(await runAxe(page)).toEqual([]);
    },
  );
});

describe('the switches', () => {
  it('change the platform and the language with the keyboard', async () => {
    const page = await phone('ios', 'en-US', shareUrl);
    await page.getByRole('link', { name: 'Install eSIM' }).waitFor();

    await page.getByRole('button', { name: 'Android' }).focus();
    await page.keyboard.press('Enter');
    const androidHref = await page.getByRole('link', { name: 'Install eSIM' }).getAttribute('href');
    await page.getByRole('button', { name: 'Русский' }).focus();
    await page.keyboard.press('Enter');

    expect(new URL(androidHref ?? '').host).toBe('esimsetup.android.com');
    expect(await page.getByRole('button', { name: 'Android' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('link', { name: 'Установить eSIM' }).isVisible()).toBe(true);
    expect(await page.locator(':focus').innerText()).toBe('Русский');
  });
});

describe('a link that does not work', () => {
  it.each(['en-US', 'ru-RU'] as const)(
    'shows a clear page in %s and no data when tampered with',
    async (language) => {
      const url = new URL(shareUrl);
      const token = new URLSearchParams(url.hash.slice(1)).get('t') ?? '';
      const tampered = `${token.slice(0, -2)}${token.slice(-2, -1) === 'A' ? 'B' : 'A'}${token.slice(-1)}`;
      const page = await phone('android', language, `${url.origin}/#t=${tampered}`);

      await page.getByRole('heading', { name: texts[language].invalid }).waitFor();
      const text = await page.locator('body').innerText();

      expect(text).not.toContain('LPA:1$');
      expect(text).not.toMatch(/eSIM test /);
      expect(await page.getByRole('img').count()).toBe(0);
      expect(await page.getByRole('link').count()).toBe(0);
      expect(await runAxe(page)).toEqual([]);
    },
  );

  it('shows the same page without any token', async () => {
    const page = await phone('ios', 'en-US', `${new URL(shareUrl).origin}/`);

    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
  });
});
