import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../../shared/domain/errors.ts';
import { stage } from '../../support/api.ts';
import {
  type AxeViolation,
  launchChromium,
  type PageWatch,
  runAxe,
  seriousOrCritical,
  watchPage,
} from '../../support/chromium.ts';

/* The API reference as the local stage serves it at docs_url, rendered in headless Chromium. */

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
  webhooks: Record<string, unknown>;
}

let browser: Browser;
let page: Page;
let watch: PageWatch;
let document: OpenApiDocument;
let pageText: string;
let violations: AxeViolation[];

/** Scalar renders sections as they scroll into view: scroll to the end so every operation is in the DOM (~15 s). */
async function scrollThrough(target: Page): Promise<void> {
  for (let step = 0; step < 400; step++) {
    const atEnd = await target.evaluate<boolean>(
      'window.scrollBy(0, 1500), window.innerHeight + window.scrollY >= document.body.scrollHeight - 5',
    );
    await target.waitForTimeout(30);
    if (atEnd && step > 3) break;
  }
}

// The whole document renders and axe scans all of it: minutes on a busy 2-core machine.
beforeAll(async () => {
  browser = await launchChromium();
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  page = await context.newPage();
  watch = watchPage(page, [stage().docs_url]);
  const documentAnswer = page.waitForResponse(`${stage().docs_url}/openapi.json`);
  await page.goto(`${stage().docs_url}/`, { waitUntil: 'networkidle' });
  document = (await (await documentAnswer).json()) as OpenApiDocument;
  await page.getByRole('heading', { name: 'Error codes' }).first().waitFor();
  await scrollThrough(page);
  pageText = await page.locator('body').innerText();
  violations = await runAxe(page);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('the API reference page', () => {
  it('shows the operation id of every operation in the OpenAPI document', () => {
    const operationIds = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) =>
        operation.operationId ? [operation.operationId] : [],
      ),
    );

    expect(operationIds.length).toBeGreaterThan(40);
    expect(operationIds.filter((id) => !pageText.includes(id))).toEqual([]);
  });

  it('lists every error code with its HTTP status in an Error codes chapter', async () => {
    await expect(page.getByRole('heading', { name: 'Error codes' }).first().isVisible()).resolves.toBe(true);

    expect(errorCodes.filter((code) => !pageText.includes(code))).toEqual([]);
    expect(pageText).toMatch(/ValidationError\s+422/);
    expect(pageText).toMatch(/RateLimitExceeded\s+429/);
  });

  it('shows a Webhooks section with every webhook event of the document', async () => {
    const webhookNames = Object.keys(document.webhooks);

    expect(webhookNames.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Webhooks' }).first().isVisible()).resolves.toBe(true);
    expect(webhookNames.filter((name) => !pageText.includes(name))).toEqual([]);
  });

  it('logs no error in the browser console', () => {
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.failedLoads).toEqual([]);
  });

  it('makes no request outside its own origin', () => {
    expect(watch.foreignRequests).toEqual([]);
  });

  it('has no serious or critical axe-core accessibility violation', () => {
    expect(seriousOrCritical(violations)).toEqual([]);
  });
});
