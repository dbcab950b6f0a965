export type Platform = 'ios' | 'android';
export type Language = 'en-US' | 'ru-RU';

/** The phone's platform from its user agent; anything else (a computer) starts on iPhone, with the switch. */
export function platformOf(userAgent: string): Platform {
  if (/android/i.test(userAgent)) return 'android';
  return 'ios';
}

/** Russian when the browser's first language is Russian; English otherwise. */
export function languageOf(languages: readonly string[]): Language {
  return languages[0]?.toLowerCase().split('-')[0] === 'ru' ? 'ru-RU' : 'en-US';
}

/** The share link's token from the page's fragment (`#t=<token>`); null when there is none. */
export function tokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : null;
}
