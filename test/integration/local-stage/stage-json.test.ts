import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stage } from '../../support/api.ts';

describe('stage.json', () => {
  // Issues 2 and 5 fix these keys exactly; anything else the stage knows belongs in endpoints.json.
  it('has exactly the documented fields', () => {
    const { operator, partners, webhook_receiver, ...top } = stage();

    expect(Object.keys(top).sort()).toEqual(['auth_url', 'base_url', 'ca_cert']);
    expect(Object.keys(webhook_receiver).sort()).toEqual(['cert', 'key']);
    expect(Object.keys(operator).sort()).toEqual(['client_cert', 'client_id', 'client_key', 'client_secret']);
    expect(partners).toHaveLength(2);
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
    const { ca_cert, operator, partners } = stage();
    const paths = [
      ca_cert,
      ...[operator, ...partners].flatMap((client) => [client.client_cert, client.client_key]),
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

  it('serves both hosts over HTTPS on loopback', () => {
    expect(stage().base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(stage().auth_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(stage().base_url).not.toBe(stage().auth_url);
  });
});
