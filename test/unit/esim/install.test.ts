import { describe, expect, it } from 'vitest';
import { installHelp, installPlatforms } from '../../../shared/domain/esim/install.ts';

const esim = { smdpAddress: 'smdp.example.com', matchingId: 'AB12C-DE34F' };
const lpa = 'LPA:1$smdp.example.com$AB12C-DE34F';

describe('install help', () => {
  it("links iOS to Apple's universal install link with the activation code URL-encoded", () => {
    const help = installHelp(esim, 'ios', 'en-US');

    expect(help.installUrl).toBe(
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24AB12C-DE34F',
    );
    expect(new URL(help.installUrl).searchParams.get('carddata')).toBe(lpa);
  });

  it("links Android to Android's universal install link with the same card data", () => {
    const help = installHelp(esim, 'android', 'en-US');

    expect(new URL(help.installUrl).origin).toBe('https://esimsetup.android.com');
    expect(new URL(help.installUrl).pathname).toBe('/esim_qrcode_provisioning');
    expect(new URL(help.installUrl).searchParams.get('carddata')).toBe(lpa);
  });

  it('gives the SM-DP+ address and the matching id for entering by hand', () => {
    expect(installHelp(esim, 'android', undefined).manual).toEqual({
      smdpAddress: 'smdp.example.com',
      activationCode: 'AB12C-DE34F',
    });
  });

  it.each(installPlatforms)('has %s steps of its own in English and Russian', (platform) => {
    const english = installHelp(esim, platform, 'en-US').steps;
    const russian = installHelp(esim, platform, 'ru-RU').steps;

    expect(english.length).toBeGreaterThanOrEqual(3);
    expect(russian).toHaveLength(english.length);
    expect(russian.join(' ')).toMatch(/[а-яё]/i);
    expect(english.join(' ')).not.toMatch(/[а-яё]/i);
    expect(english.join(' ')).toContain(platform === 'ios' ? 'Mobile Service' : 'Network & internet');
  });

  it('steps differ between the platforms', () => {
    expect(installHelp(esim, 'ios', 'en-US').steps).not.toEqual(installHelp(esim, 'android', 'en-US').steps);
  });

  it('answers in Russian for ru (q-values honoured) and English when the language is absent or unsupported', () => {
    const russian = installHelp(esim, 'ios', 'ru-RU').steps;
    const english = installHelp(esim, 'ios', 'en-US').steps;

    expect(installHelp(esim, 'ios', 'de-DE, ru;q=0.8').steps).toEqual(russian);
    expect(installHelp(esim, 'ios', 'ru;q=0.5, en-US').steps).toEqual(english);
    expect(installHelp(esim, 'ios', 'fr-FR').steps).toEqual(english);
    expect(installHelp(esim, 'ios', undefined).steps).toEqual(english);
  });
});
