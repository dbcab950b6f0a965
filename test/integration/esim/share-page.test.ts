import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, useClock } from '../../../shared/util/clock.ts';
import { request, stage } from '../../support/api.ts';
import { type OwnGateway, ownGateway } from '../quotas/own-gateway.ts';
import { type EsimPartner, esimPartner, type Json } from './helpers.ts';

/**
 * The traveller's eSIM page's read (docs/esim.md, Install help) on {esim_page_url}: no certificate, no
 * token but the share link's. The expiry runs on a gateway of this test's own with a moved clock.
 */
const day = 86_400_000;
const pagePath = (token: string) => `/v2/esim-page/${token}`;
const read = (token: string) => request<Json>('GET', pagePath(token), { host: 'esim-page' });

const tokenOf = (shareUrl: unknown) =>
  new URLSearchParams(new URL(String(shareUrl)).hash.slice(1)).get('t') ?? '';
/** The token with one character of the part at `index` changed (0 the payload, 1 the signature). */
const altered = (token: string, index: 0 | 1) => {
  const parts = token.split('.') as [string, string];
  const part = parts[index];
  const last = part.slice(-2, -1) === 'A' ? 'B' : 'A';
  parts[index] = `${part.slice(0, -2)}${last}${part.slice(-1)}`;
  return parts.join('.');
};

let partner: EsimPartner;
let other: EsimPartner;
let esim: Json;
let token: string;

beforeAll(async () => {
  [partner, other] = await Promise.all([esimPartner(2), esimPartner(2)]);
  esim = await partner.issued();
  token = tokenOf((esim.activation as Json).share_url);
});

describe('the share link', () => {
  it('is on every eSIM answer: a link to the page with the token in its fragment', async () => {
    const shareUrl = new URL(String((esim.activation as Json).share_url));
    const listed = await partner.call('GET', '/v2/b2b/fulfilment/esims');
    const item = (listed.body.data as Json[]).find((candidate) => candidate.iccid === esim.iccid);

    expect(shareUrl.origin).toBe(new URL(stage().esim_page_url).origin);
    expect(shareUrl.search).toBe('');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokenOf((item?.activation as Json | undefined)?.share_url)).toMatch(/\./);
  });
});

describe('GET /v2/esim-page/{token}', () => {
  it('answers only what the page shows, without a certificate or a bearer token', async () => {
    const activation = esim.activation as Json;

    const page = await read(token);

    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(Object.keys(page.body).sort()).toEqual(
      ['expires_at', 'install_urls', 'lpa', 'manual', 'packages', 'partner_name', 'steps'].sort(),
    );
    expect(page.body.partner_name).toMatch(/^eSIM test /);
    expect(page.body.lpa).toBe(activation.lpa);
    expect(page.body.manual).toEqual({
      smdp_address: activation.smdp_address,
      activation_code: activation.matching_id,
    });
    const urls = page.body.install_urls as Record<string, string>;
    expect(new URL(urls.ios ?? '').searchParams.get('carddata')).toBe(activation.lpa);
    expect(new URL(urls.android ?? '').host).toBe('esimsetup.android.com');
    const steps = page.body.steps as Record<string, Record<string, string[]>>;
    expect(steps.ios?.['ru-RU']?.join(' ')).toMatch(/[а-яё]/i);
    expect(steps.android?.['en-US']?.length).toBeGreaterThan(0);
    const [pkg] = page.body.packages as Json[];
    expect(pkg).toMatchObject({ status: 'NotActive', data_mb: 1024, remaining_mb: 1024 });
    expect(Date.parse(String(page.body.expires_at)) - Date.now()).toBeGreaterThan(29 * day);
    expect(JSON.stringify(page.body)).not.toContain(String(esim.iccid));
    expect(JSON.stringify(page.body)).not.toContain(partner.accountId);
  });

  it('shows the data left once usage is reported', async () => {
    await partner.usage(String(esim.iccid), 24);

    const page = await read(token);

    expect((page.body.packages as Json[])[0]).toMatchObject({ data_mb: 1024, remaining_mb: 1000 });
  });

  it.each([
    ['a changed signature', () => altered(token, 1)],
    ['a changed payload', () => altered(token, 0)],
    ['no signature', () => token.split('.')[0] ?? ''],
    ['not a token', () => 'not-a-token'],
  ])('answers %s with 404 ResourceNotFound and no data', async (_name, make) => {
    const refused = await read(make());

    expect([refused.status, refused.body.code]).toEqual([404, 'ResourceNotFound']);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(JSON.stringify(refused.body)).not.toContain('LPA:1$');
  });

  it("cannot reach another account's eSIM by editing the token", async () => {
    const others = await other.issued();
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Json;
    const edited = Buffer.from(JSON.stringify({ ...claims, a: other.accountId, i: others.iccid })).toString(
      'base64url',
    );

    const refused = await read(`${edited}.${signature}`);
    const ownLink = await read(tokenOf((others.activation as Json).share_url));

    expect([refused.status, refused.body.code]).toEqual([404, 'ResourceNotFound']);
    expect(JSON.stringify(refused.body)).not.toContain(String((others.activation as Json).lpa));
    expect(ownLink.status).toBe(200);
    expect(ownLink.body.lpa).toBe((others.activation as Json).lpa);
  });
});

describe('an expired share link', () => {
  const clock = TestClock.running();
  let page: OwnGateway;
  let restoreClock: () => void;

  beforeAll(async () => {
    restoreClock = useClock(clock);
    page = await ownGateway({ host: 'esim-page', clock });
  });
  afterAll(async () => {
    await page.close();
    restoreClock();
  });

  it('opens the page until its 30 days (to the end of that UTC day) are up, then answers 410 EsimShareLinkExpired with no data', async () => {
    const call = () => page.client.request<Json>('GET', pagePath(token), { host: 'esim-page' });
    const before = await call();
    clock.advance(31 * day);

    const after = await call();

    expect(before.status).toBe(200);
    expect([after.status, after.body.code]).toEqual([410, 'EsimShareLinkExpired']);
    expect(JSON.stringify(after.body)).not.toContain('LPA:1$');
  });
});

describe('{esim_page_url}', () => {
  it('serves the page itself with its strict Content-Security-Policy', async () => {
    const html = await request<string>('GET', '/', { host: 'esim-page' });

    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(html.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
