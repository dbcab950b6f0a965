import { describe, expect, it } from 'vitest';
import { browserLanguage, dictionaries } from './i18n.ts';

describe('the scanner’s language', () => {
  it('follows the browser’s first language it speaks, English otherwise', () => {
    expect(browserLanguage(['ru-RU', 'en-US'])).toBe('ru');
    expect(browserLanguage(['de-DE', 'RU'])).toBe('ru');
    expect(browserLanguage(['en-GB', 'ru'])).toBe('en');
    expect(browserLanguage(['de-DE'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('has every word in both languages', () => {
    expect(Object.keys(dictionaries.ru).sort()).toEqual(Object.keys(dictionaries.en).sort());
    expect(Object.keys(dictionaries.ru.refusal).sort()).toEqual(Object.keys(dictionaries.en.refusal).sort());
    expect(Object.keys(dictionaries.ru.guestTypes).sort()).toEqual(['Adult', 'Child', 'Infant']);
  });
});
