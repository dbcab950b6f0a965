import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  activationData,
  activationQrSvg,
  iosInstallUrl,
  lpaActivationCode,
  matchingIdPattern,
  newMatchingId,
} from '../../../shared/domain/esim/activation.ts';

describe('the activation code', () => {
  it('is the SGP.22 format 1 string LPA:1$<SM-DP+>$<matching id>', () => {
    expect(lpaActivationCode('smdp.example.com', 'AB12C-DE34F')).toBe('LPA:1$smdp.example.com$AB12C-DE34F');
  });

  it("goes into Apple's install link URL-encoded", () => {
    const url = iosInstallUrl('LPA:1$smdp.example.com$AB12C-DE34F');

    expect(url).toBe(
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24AB12C-DE34F',
    );
    expect(new URL(url).searchParams.get('carddata')).toBe('LPA:1$smdp.example.com$AB12C-DE34F');
  });

  it('comes with its parts and the link together', () => {
    expect(activationData('smdp.example.com', 'X1')).toEqual({
      lpa: 'LPA:1$smdp.example.com$X1',
      smdpAddress: 'smdp.example.com',
      matchingId: 'X1',
      iosInstallUrl:
        'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24X1',
    });
  });
});

describe('a matching id', () => {
  it('is four dash-separated groups of five upper-case letters and digits, without I, O or U', () => {
    for (let run = 0; run < 50; run++) {
      const id = newMatchingId();
      expect(id).toMatch(/^[0-9A-HJ-NP-TV-Z]{5}(-[0-9A-HJ-NP-TV-Z]{5}){3}$/);
      expect(id).toMatch(matchingIdPattern);
    }
  });

  it('is new every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, newMatchingId));

    expect(ids.size).toBe(1000);
  });
});

describe('the QR code', () => {
  it('is an SVG document of the activation code', async () => {
    const lpa = 'LPA:1$smdp.example.com$4K7QX-2M9PB-ZT3NC-8RWHD';

    const svg = await activationQrSvg(lpa);

    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toBe(await QRCode.toString(lpa, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    expect(svg).not.toBe(await activationQrSvg(`${lpa}X`));
  });
});
