import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReference } from '../../../console/reference/build.ts';
import {
  type AxeViolation,
  launchChromium,
  type PageWatch,
  runAxe,
  seriousOrCritical,
  watchPage,
} from '../../../console/testing/browser.ts';
import { type StaticServer, serveDirectory } from '../../../console/testing/static-server.ts';
import { errorCodes } from '../../../shared/domain/errors.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
  webhooks: Record<string, unknown>;
}

let outDir: string;
let server: StaticServer;
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

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'reference-'));
  await buildReference(outDir);
  document = JSON.parse(await readFile(join(outDir, 'openapi.json'), 'utf8')) as OpenApiDocument;
  server = await serveDirectory(outDir);
  browser = await launchChromium();
  page = await browser.newPage();
  watch = watchPage(page, [server.origin]);
  await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Error codes' }).first().waitFor();
  await scrollThrough(page);
  pageText = await page.locator('body').innerText();
  violations = await runAxe(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
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
  });

  it('makes no request outside its own origin', () => {
    expect(watch.foreignRequests).toEqual([]);
  });

  it('has no serious or critical axe-core accessibility violation', () => {
    expect(seriousOrCritical(violations)).toEqual([]);
  });
});
