import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { request, stage, token } from '../../support/api.ts';

describe('stage.json', () => {
  // Issues 2, 5, 11 and 14 fix these keys exactly; anything else the stage knows belongs in endpoints.json.
  it('has exactly the documented fields', () => {
    const { operator, partners, webhook_receiver, smdp_client, employee_login, idp, venues, wallet, ...top } =
      stage();

    expect(Object.keys(top).sort()).toEqual([
      'admin_url',
      'auth_url',
      'base_url',
      'ca_cert',
      'console_url',
      'docs_url',
      'es2plus_url',
      'esim_page_url',
      'scanner_url',
      'smdp_ca_cert',
      'venue_url',
    ]);
    expect(Object.keys(employee_login).sort()).toEqual(['client_id', 'redirect_uri']);
    expect(Object.keys(idp).sort()).toEqual(['employees', 'issuer']);
    for (const employee of idp.employees)
      expect(Object.keys(employee).sort()).toEqual(['groups', 'password', 'role', 'username']);
    expect(Object.keys(webhook_receiver).sort()).toEqual(['cert', 'key']);
    expect(Object.keys(smdp_client).sort()).toEqual(['cert', 'key']);
    expect(Object.keys(wallet).sort()).toEqual([
      'apple_root_cert',
      'google_issuer_id',
      'google_public_key',
      'pass_type_identifier',
      'team_identifier',
    ]);
    expect(Object.keys(operator).sort()).toEqual(['client_cert', 'client_id', 'client_key', 'client_secret']);
    expect(partners).toHaveLength(2);
    expect(venues).toHaveLength(1);
    for (const venue of venues)
      expect(Object.keys(venue).sort()).toEqual([
        'enrollment_code',
        'fast_tracks',
        'lounges',
        'name',
        'venue_id',
      ]);
    for (const partner of partners) {
      expect(Object.keys(partner).sort()).toEqual([
        'account_id',
        'client_cert',
        'client_id',
        'client_key',
        'client_secret',
      ]);
    }
  });

  it('points at absolute paths of files that exist', () => {
    const { ca_cert, operator, partners, wallet } = stage();
    const paths = [
      ca_cert,
      ...[operator, ...partners].flatMap((client) => [client.client_cert, client.client_key]),
      wallet.apple_root_cert,
      wallet.google_public_key,
    ];

    for (const path of paths) {
      expect(isAbsolute(path)).toBe(true);
      expect(existsSync(path)).toBe(true);
    }
  });

  it('gives each partner a certificate from the stage CA whose subject names its account', () => {
    const ca = new X509Certificate(readFileSync(stage().ca_cert));

    for (const partner of stage().partners) {
      const certificate = new X509Certificate(readFileSync(partner.client_cert));
      expect(certificate.verify(ca.publicKey)).toBe(true);
      expect(certificate.subject).toContain(`CN=${partner.account_id}`);
    }
    expect(new Set(stage().partners.map((partner) => partner.account_id)).size).toBe(2);
  });

  it('serves every host, the identity provider, the console and the reference over HTTPS on loopback, each on its own port', () => {
    const { base_url, auth_url, admin_url, venue_url, console_url, docs_url, scanner_url, idp } = stage();
    const urls = [base_url, auth_url, admin_url, venue_url, console_url, docs_url, scanner_url, idp.issuer];

    for (const url of urls) expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('names a redirect_uri on the console, and the three seeded employees with their roles (lenient mapping)', () => {
    const { console_url, employee_login, idp } = stage();

    expect(employee_login.redirect_uri).toBe(`${console_url}/callback`);
    expect(idp.employees.map(({ username, groups, role }) => ({ username, groups, role }))).toEqual([
      { username: 'ada.admin', groups: ['pts-admins'], role: 'admin' },
      { username: 'sam.support', groups: ['pts-support'], role: 'support' },
      // In no mapped group: admin under lenient mapping (LOCAL_EMPLOYEE_ROLES=strict: null).
      { username: 'nico.nogroup', groups: ['pts-finance'], role: 'admin' },
    ]);
    for (const employee of idp.employees) expect(employee.password.length).toBeGreaterThanOrEqual(16);
  });

  it('names a seeded venue operating every seeded lounge and fast-track, with an unused enrollment code', async () => {
    const [venue] = stage().venues;
    const lounges = await request<{ data: { id: string }[] }>('GET', '/v2/catalog/lounges?limit=1000', {
      cert: 0,
      token: await token(0),
    });

    expect(venue?.enrollment_code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect(venue?.lounges.length).toBeGreaterThan(0);
    expect(venue?.fast_tracks.length).toBeGreaterThan(0);
    for (const lounge of lounges.body.data) expect(venue?.lounges).toContain(lounge.id);
  });
});
