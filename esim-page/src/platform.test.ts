import { describe, expect, it } from 'vitest';
import { languageOf, platformOf, tokenOf } from './platform.ts';

describe('the eSIM page', () => {
  it('picks the platform from the user agent', () => {
    expect(
      platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'),
    ).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile')).toBe(
      'android',
    );
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('ios');
  });

  it('speaks Russian when the browser does first, English otherwise', () => {
    expect(languageOf(['ru-RU', 'en'])).toBe('ru-RU');
    expect(languageOf(['ru'])).toBe('ru-RU');
    expect(languageOf(['en-GB', 'ru'])).toBe('en-US');
    expect(languageOf([])).toBe('en-US');
  });

  it('reads the token from the fragment only when it has the token shape', () => {
    expect(tokenOf('#t=abc_-1.sig-_2')).toBe('abc_-1.sig-_2');
    expect(tokenOf('#t=no-dot')).toBeNull();
    expect(tokenOf('#t=a.b<script>')).toBeNull();
    expect(tokenOf('')).toBeNull();
  });
});
