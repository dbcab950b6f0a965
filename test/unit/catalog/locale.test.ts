import { describe, expect, it } from 'vitest';
import { negotiateLocale } from '../../../shared/domain/catalog/locale.ts';

describe('response locale negotiation', () => {
  it.each([
    ['absent', undefined, 'en-US'],
    ['empty', '', 'en-US'],
    ['exactly ru-RU', 'ru-RU', 'ru-RU'],
    ['exactly en-US', 'en-US', 'en-US'],
    ['in another letter case', 'RU-ru', 'ru-RU'],
    ['a bare primary language', 'ru', 'ru-RU'],
    ['another region of a supported language', 'ru-BY', 'ru-RU'],
    ['English of another region', 'en-GB', 'en-US'],
    ['unsupported only', 'de-DE, fr;q=0.8', 'en-US'],
    ['unsupported first, then Russian', 'de-DE, ru;q=0.5', 'ru-RU'],
    ['the wildcard', '*', 'en-US'],
    ['malformed', ';;;q=abc,,', 'en-US'],
  ])('picks the locale when the header is %s', (_case, header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('honours q-values over the order of the list', () => {
    expect(negotiateLocale('en-US;q=0.4, ru-RU;q=0.9')).toBe('ru-RU');
    expect(negotiateLocale('ru-RU;q=0.3, en-US')).toBe('en-US');
  });

  it('keeps the order of the list between equal q-values', () => {
    expect(negotiateLocale('ru-RU;q=0.8, en-US;q=0.8')).toBe('ru-RU');
  });

  it('never picks a language the client refused with q=0', () => {
    expect(negotiateLocale('ru-RU;q=0, en-US;q=0.1')).toBe('en-US');
    expect(negotiateLocale('ru;q=0')).toBe('en-US');
  });
});
