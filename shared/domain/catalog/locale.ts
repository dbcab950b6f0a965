/** The languages the catalog's texts are written in. */
export const locales = ['en-US', 'ru-RU'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en-US';

interface LanguageRange {
  range: string;
  q: number;
  order: number;
}

function parseAcceptLanguage(header: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  header.split(',').forEach((part, order) => {
    const [rawRange, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!rawRange || !/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(rawRange)) return;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.exec(parameter);
      if (match?.[1] !== undefined) q = Number(match[1]);
    }
    ranges.push({ range: rawRange.toLowerCase(), q, order });
  });
  return ranges;
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0];

/**
 * Picks the response locale from Accept-Language (RFC 9110 section 12.5.4): the highest q-value wins,
 * then the earlier range. A range matches a supported locale exactly or by its primary language (`ru`,
 * `ru-BY` -> ru-RU); `*` matches the default. Nothing acceptable, absent or malformed: the default.
 * Never 406: a catalog in the default language is better than none.
 */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return defaultLocale;
  const ranges = parseAcceptLanguage(header)
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { range } of ranges) {
    if (range === '*') return defaultLocale;
    const exact = locales.find((locale) => locale.toLowerCase() === range);
    if (exact) return exact;
    const sameLanguage = locales.find((locale) => primary(locale) === primary(range));
    if (sameLanguage) return sameLanguage;
  }
  return defaultLocale;
}
