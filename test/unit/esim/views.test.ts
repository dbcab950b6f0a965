import { describe, expect, it } from 'vitest';
import { newPackage } from '../../../shared/domain/esim/lifecycle.ts';
import type { Esim } from '../../../shared/domain/esim/model.ts';
import { shareLinkExpiry, shareLinks, verifyShareToken } from '../../../shared/domain/esim/share-link.ts';
import { esimSummaryView, esimView, packageView } from '../../../shared/http/views/esim.ts';
import { esimSchema, esimSummarySchema } from '../../../shared/schemas/esim.ts';
import { accountId, now, smdpAddress } from './fakes.ts';

const pkg = newPackage(
  {
    packageId: '019a0000-0000-7000-8000-00000000000a',
    packageTemplateId: 'd512d42b-de6f-5a7d-9145-b7f10a7d248f',
    dataMb: 1024,
    activePeriod: 7,
    validityPeriod: 30,
  },
  now,
);

const esim: Esim = {
  iccid: '8988299000000000016',
  accountId,
  orderId: '019a0000-0000-7000-8000-000000000001',
  smdpAddress,
  matchingId: '4K7QX-2M9PB-ZT3NC-8RWHD',
  coverage: ['RU'],
  packages: [{ ...pkg, usedMb: 24, status: 'Active' }],
  version: 3,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
};

describe('the eSIM record', () => {
  it('carries everything a phone needs to install it, and matches its schema', async () => {
    const record = await esimView(esim, now, () => null);

    expect(record.activation).toMatchObject({
      lpa: `LPA:1$${smdpAddress}$4K7QX-2M9PB-ZT3NC-8RWHD`,
      smdp_address: smdpAddress,
      matching_id: '4K7QX-2M9PB-ZT3NC-8RWHD',
      ios_install_url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(`LPA:1$${smdpAddress}$4K7QX-2M9PB-ZT3NC-8RWHD`)}`,
    });
    expect(record.activation.qr_svg).toMatch(/^<svg/);
    expect(record.activation.share_url).toBeNull();
    expect(record).toMatchObject({ iccid: esim.iccid, status: 'Active', order_id: esim.orderId });
    expect(esimSchema.safeParse(record).success).toBe(true);
  });

  it('leaves the rendered QR code out of list items', () => {
    const summary = esimSummaryView(esim, now, () => null);

    expect(summary.activation).not.toHaveProperty('qr_svg');
    expect(esimSummarySchema.safeParse(summary).success).toBe(true);
  });
});

describe('the share link', () => {
  it('is a signed link to the page with the token in its fragment, valid at least 30 days', () => {
    const key = Buffer.alloc(32, 7);
    const summary = esimSummaryView(
      esim,
      now,
      shareLinks({ key, esimPageUrl: 'https://esim.partner-travel.example.com/' }),
    );
    const url = new URL(summary.activation.share_url ?? '');

    expect(url.origin + url.pathname).toBe('https://esim.partner-travel.example.com/');
    expect(url.search).toBe('');
    const token = new URLSearchParams(url.hash.slice(1)).get('t') ?? '';
    expect(verifyShareToken(key, token, now)).toEqual({
      valid: true,
      claims: {
        accountId: esim.accountId,
        iccid: esim.iccid,
        expiresAt: shareLinkExpiry(now),
      },
    });
    expect(esimSummarySchema.safeParse(summary).success).toBe(true);
  });
});

describe('the package record', () => {
  it('reports usage and what remains', () => {
    expect(packageView(esim.packages[0] ?? pkg, now)).toEqual({
      package_id: pkg.packageId,
      package_template_id: pkg.packageTemplateId,
      status: 'Active',
      data_mb: 1024,
      used_mb: 24,
      remaining_mb: 1000,
      usage_as_of: now.toISOString(),
      active_period: 7,
      validity_period: 30,
      activated_at: null,
      expires_at: pkg.expiresAt,
      created_at: now.toISOString(),
    });
  });

  it('shows Expired once expires_at has passed, before the sweep records it', () => {
    const after = new Date(Date.parse(pkg.expiresAt) + 1);

    expect(packageView(pkg, after).status).toBe('Expired');
  });
});
