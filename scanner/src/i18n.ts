/** The scanner's words in English and Russian; `t` picks the current language's. */
export type Language = 'en' | 'ru';

const en = {
  /** For dates and times. */
  locale: 'en',
  title: 'Pass scanner',
  language: 'Language',
  enrollTitle: 'Enroll this device',
  enrollHelp: 'Enter the enrollment code your venue administrator gave you and a name for this device.',
  enrollmentCode: 'Enrollment code',
  deviceName: 'Device name',
  enroll: 'Enroll',
  enrolling: 'Enrolling…',
  enrolledAs: 'Device',
  scanTitle: 'Scan a pass',
  startCamera: 'Start camera',
  stopCamera: 'Stop camera',
  cameraUnavailable: 'The camera is not available. Type or paste the pass code below.',
  cameraVideo: 'Camera view',
  manualCode: 'Pass code (type or paste)',
  check: 'Check pass',
  checking: 'Checking…',
  online: 'Online',
  offline: 'Offline: passes are checked on this device and admissions are queued',
  pending: (count: number) => `Waiting to sync: ${count}`,
  guests: 'Guests',
  lead: 'lead',
  guestTypes: { Adult: 'Adult', Child: 'Child', Infant: 'Infant' } as Record<string, string>,
  guestCountOnly: (count: number) => `${count} guest(s) on this pass (names are shown only online)`,
  admitCount: 'Guests to admit',
  admit: 'Admit',
  cancel: 'Next pass',
  enrollAgain: 'Enroll again',
  validUntil: 'Valid until',
  transport: 'Flight',
  admitted: (count: number) => `Admitted: ${count}`,
  queued: (count: number) => `Admission of ${count} queued; it is sent when the device is back online.`,
  disputed: 'Recorded as disputed: the pass was canceled after it was scanned. An employee will review it.',
  refusal: {
    PassNotReady: 'This pass is not confirmed yet. Do not admit.',
    PassAlreadyUsed: 'This pass was already used.',
    PassCanceled: 'This pass was canceled. Do not admit.',
    PassExpired: 'This pass is not valid at this time.',
    PassNotValidHere: 'This pass is not for this venue.',
    InvalidQr: 'This is not a pass of this service.',
    NoPassKeys: 'This device has not yet downloaded the pass keys; go online once to check passes offline.',
    Unauthorized:
      'This device was disabled and can no longer check passes. Ask your venue administrator for a new enrollment code and enroll it again.',
    EnrollmentCodeInvalid: 'This enrollment code is unknown, used or expired.',
    Other: 'Something went wrong. Try again.',
  } as Record<string, string>,
  usedAt: (at: string) => `Used at ${at}`,
  syncFailed: (pass: string, reason: string) => `A queued admission (pass ${pass}) was refused: ${reason}`,
};

type Words = typeof en;

const ru: Words = {
  locale: 'ru',
  title: 'Сканер пропусков',
  language: 'Язык',
  enrollTitle: 'Подключение устройства',
  enrollHelp: 'Введите код подключения от администратора площадки и название этого устройства.',
  enrollmentCode: 'Код подключения',
  deviceName: 'Название устройства',
  enroll: 'Подключить',
  enrolling: 'Подключение…',
  enrolledAs: 'Устройство',
  scanTitle: 'Сканирование пропуска',
  startCamera: 'Включить камеру',
  stopCamera: 'Выключить камеру',
  cameraUnavailable: 'Камера недоступна. Введите или вставьте код пропуска ниже.',
  cameraVideo: 'Изображение с камеры',
  manualCode: 'Код пропуска (ввести или вставить)',
  check: 'Проверить',
  checking: 'Проверка…',
  online: 'В сети',
  offline: 'Нет сети: пропуска проверяются на устройстве, проходы ставятся в очередь',
  pending: (count: number) => `Ожидают отправки: ${count}`,
  guests: 'Гости',
  lead: 'основной',
  guestTypes: { Adult: 'взрослый', Child: 'ребёнок', Infant: 'младенец' },
  guestCountOnly: (count: number) => `Гостей по пропуску: ${count} (имена видны только в сети)`,
  admitCount: 'Пропустить гостей',
  admit: 'Пропустить',
  cancel: 'Следующий пропуск',
  enrollAgain: 'Подключить заново',
  validUntil: 'Действует до',
  transport: 'Рейс',
  admitted: (count: number) => `Пропущено: ${count}`,
  queued: (count: number) => `Проход ${count} гост. в очереди; он будет отправлен, когда появится сеть.`,
  disputed: 'Записано как спорное: пропуск отменён после сканирования. Сотрудник проверит.',
  refusal: {
    PassNotReady: 'Пропуск ещё не подтверждён. Не пропускать.',
    PassAlreadyUsed: 'Пропуск уже использован.',
    PassCanceled: 'Пропуск отменён. Не пропускать.',
    PassExpired: 'Пропуск сейчас недействителен.',
    PassNotValidHere: 'Пропуск не для этой площадки.',
    InvalidQr: 'Это не пропуск этого сервиса.',
    NoPassKeys: 'Устройство ещё не загрузило ключи пропусков; подключитесь к сети хотя бы раз.',
    Unauthorized:
      'Это устройство отключено и больше не может проверять пропуска. Попросите у администратора площадки новый код подключения и подключите устройство заново.',
    EnrollmentCodeInvalid: 'Код подключения неизвестен, использован или истёк.',
    Other: 'Что-то пошло не так. Попробуйте ещё раз.',
  },
  usedAt: (at: string) => `Использован ${at}`,
  syncFailed: (pass: string, reason: string) => `Проход из очереди (пропуск ${pass}) отклонён: ${reason}`,
};

export const dictionaries: Record<Language, Words> = { en, ru };

/** The browser's language when the staff have not chosen one (a Russian tablet starts in Russian). */
export function browserLanguage(languages: readonly string[]): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'ru' || primary === 'en') return primary;
  }
  return 'en';
}

export function refusalText(words: Words, code: string): string {
  return words.refusal[code] ?? words.refusal.Other ?? code;
}
