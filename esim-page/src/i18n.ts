import type { Language, Platform } from './platform.ts';

export interface Texts {
  title: (partner: string) => string;
  language: string;
  platform: string;
  platformNames: Record<Platform, string>;
  install: string;
  installHint: Record<Platform, string>;
  qrTitle: string;
  qrLabel: string;
  qrHint: string;
  steps: string;
  manual: string;
  smdpAddress: string;
  activationCode: string;
  dataLeft: string;
  noData: string;
  remaining: (remainingMb: string, dataMb: string, until: string) => string;
  linkUntil: (date: string) => string;
  loading: string;
  invalidTitle: string;
  invalidText: string;
  expiredTitle: string;
  expiredText: string;
  failedTitle: string;
  failedText: string;
}

export const texts: Record<Language, Texts> = {
  'en-US': {
    title: (partner) => `Your eSIM from ${partner}`,
    language: 'Language',
    platform: 'Your phone',
    platformNames: { ios: 'iPhone', android: 'Android' },
    install: 'Install eSIM',
    installHint: {
      ios: 'Opens the iPhone eSIM setup (iOS 17.4 or later).',
      android: 'Opens the Android eSIM setup (Android 10 or later).',
    },
    qrTitle: 'QR code',
    qrLabel: 'QR code of your eSIM',
    qrHint: 'Installing on another phone? Scan this code with it.',
    steps: 'How to install',
    manual: 'Enter it by hand',
    smdpAddress: 'SM-DP+ address',
    activationCode: 'Activation code',
    dataLeft: 'Data left',
    noData: 'No packages on this eSIM.',
    remaining: (remaining, total, until) => `${remaining} of ${total} left, until ${until}`,
    linkUntil: (date) => `This link works until ${date}.`,
    loading: 'Loading your eSIM…',
    invalidTitle: 'This link does not work',
    invalidText: 'The link is incomplete or was changed. Ask the company that sent it for a new one.',
    expiredTitle: 'This link has expired',
    expiredText: 'Links work for 30 days. Ask the company that sent it for a new one.',
    failedTitle: 'Something went wrong',
    failedText: 'Your eSIM could not be loaded. Check your connection and reload the page.',
  },
  'ru-RU': {
    title: (partner) => `Ваша eSIM от ${partner}`,
    language: 'Язык',
    platform: 'Ваш телефон',
    platformNames: { ios: 'iPhone', android: 'Android' },
    install: 'Установить eSIM',
    installHint: {
      ios: 'Откроет настройку eSIM на iPhone (iOS 17.4 и новее).',
      android: 'Откроет настройку eSIM на Android (Android 10 и новее).',
    },
    qrTitle: 'QR-код',
    qrLabel: 'QR-код вашей eSIM',
    qrHint: 'Устанавливаете на другой телефон? Отсканируйте им этот код.',
    steps: 'Как установить',
    manual: 'Ввести вручную',
    smdpAddress: 'Адрес SM-DP+',
    activationCode: 'Код активации',
    dataLeft: 'Остаток трафика',
    noData: 'На этой eSIM нет пакетов.',
    remaining: (remaining, total, until) => `Осталось ${remaining} из ${total}, до ${until}`,
    linkUntil: (date) => `Ссылка действует до ${date}.`,
    loading: 'Загружаем вашу eSIM…',
    invalidTitle: 'Ссылка не работает',
    invalidText: 'Ссылка неполная или изменена. Попросите новую у компании, которая её прислала.',
    expiredTitle: 'Срок действия ссылки истёк',
    expiredText: 'Ссылка действует 30 дней. Попросите новую у компании, которая её прислала.',
    failedTitle: 'Что-то пошло не так',
    failedText: 'Не удалось загрузить eSIM. Проверьте подключение и обновите страницу.',
  },
};

export function megabytes(mb: number, language: Language): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return mb >= 1024
    ? `${format.format(mb / 1024)} ${language === 'ru-RU' ? 'ГБ' : 'GB'}`
    : `${format.format(mb)} ${language === 'ru-RU' ? 'МБ' : 'MB'}`;
}

export function date(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}
