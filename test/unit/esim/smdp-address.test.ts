import { afterEach, describe, expect, it, vi } from 'vitest';
import { esimSmdpAddress } from '../../../shared/config/esim.ts';
import { resetModuleCaches } from '../../../shared/config/reset.ts';

/** The variables `config()` requires, for a function of `stage`. */
function stubStage(stage: string, smdpAddress?: string): void {
  const environment: Record<string, string> = {
    STAGE: stage,
    MAIN_TABLE_NAME: 'main',
    IDEMPOTENCY_TABLE_NAME: 'idempotency',
    AUDIT_TABLE_NAME: 'audit',
    TOKEN_ISSUER: 'https://auth.example.com',
    PARTNER_AUDIENCE: 'https://api.example.com',
    ADMIN_AUDIENCE: 'https://api.example.com/api/v1/admin',
    API_BASE_URL: 'https://api.example.com',
    AUTH_BASE_URL: 'https://auth.example.com',
    ADMIN_BASE_URL: 'https://admin.example.com',
    VENUE_BASE_URL: 'https://venue.example.com',
    ESIM_SMDP_ADDRESS: smdpAddress ?? '',
  };
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  resetModuleCaches();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetModuleCaches();
});

describe('the SM-DP+ address of activation codes', () => {
  it('is the configured host name', () => {
    stubStage('prod', 'smdp.supplier.example.net');
    expect(esimSmdpAddress()).toBe('smdp.supplier.example.net');
  });

  it('defaults to a placeholder of the stage outside prod', () => {
    stubStage('preview');
    expect(esimSmdpAddress()).toBe('smdp.preview.partner-travel.example.com');
  });

  it('is required in prod, so no eSIM names a made-up server', () => {
    stubStage('prod');
    expect(() => esimSmdpAddress()).toThrow('ESIM_SMDP_ADDRESS must be set in prod');
  });

  it('refuses a value that is not a host name', () => {
    stubStage('stage', 'https://smdp.example.net/path');
    expect(() => esimSmdpAddress()).toThrow('ESIM_SMDP_ADDRESS is not a host name');
  });

  it('follows a changed environment after the module caches reset', () => {
    stubStage('stage', 'smdp.one.example.net');
    expect(esimSmdpAddress()).toBe('smdp.one.example.net');

    vi.stubEnv('ESIM_SMDP_ADDRESS', 'smdp.two.example.net');
    resetModuleCaches();

    expect(esimSmdpAddress()).toBe('smdp.two.example.net');
  });
});
