import { type Locale, negotiateLocale } from '../catalog/locale.ts';
import { androidInstallUrl, iosInstallUrl, lpaActivationCode } from './activation.ts';
import type { Esim } from './model.ts';

export const installPlatforms = ['ios', 'android'] as const;
export type InstallPlatform = (typeof installPlatforms)[number];

/** How a traveller installs an eSIM on one platform: the one-tap link, the steps, the manual details. */
export interface InstallHelp {
  platform: InstallPlatform;
  installUrl: string;
  steps: string[];
  manual: { smdpAddress: string; activationCode: string };
}

/*
 * Written for a traveller, not an engineer: the menus are named as the phones name them (iOS 17+ and
 * stock Android 13+; manufacturers rename Android's, hence "or similar").
 */
const installSteps: Record<InstallPlatform, Record<Locale, string[]>> = {
  ios: {
    'en-US': [
      'Connect to Wi-Fi and keep this phone unlocked.',
      'Tap "Install eSIM" (iOS 17.4 or later) and follow the prompts. Or open Settings > Mobile Service > Add eSIM > Use QR Code and scan the QR code from another screen.',
      'No QR code or link? Choose "Enter Details Manually" and type the SM-DP+ address and the activation code.',
      'Give the new line a label, then turn on Data Roaming for it in Settings > Mobile Service when you arrive.',
    ],
    'ru-RU': [
      'Подключитесь к Wi-Fi и не блокируйте телефон.',
      'Нажмите «Установить eSIM» (iOS 17.4 и новее) и следуйте подсказкам. Или откройте Настройки > Сотовая связь > Добавить eSIM > Использовать QR-код и отсканируйте QR-код с другого экрана.',
      'Нет QR-кода или ссылки? Выберите «Ввести данные вручную» и введите адрес SM-DP+ и код активации.',
      'Назовите новую линию, а по прибытии включите для неё роуминг данных в Настройки > Сотовая связь.',
    ],
  },
  android: {
    'en-US': [
      'Connect to Wi-Fi and keep this phone unlocked.',
      'Tap "Install eSIM" (Android 10 or later) and follow the prompts. Or open Settings > Network & internet > SIMs > Add eSIM (or similar) and scan the QR code from another screen.',
      'No QR code or link? Choose "Need help?" > "Enter it manually" and type the SM-DP+ address and the activation code, or the whole code starting LPA:1$.',
      'Turn the new eSIM on, then turn on Roaming for it when you arrive.',
    ],
    'ru-RU': [
      'Подключитесь к Wi-Fi и не блокируйте телефон.',
      'Нажмите «Установить eSIM» (Android 10 и новее) и следуйте подсказкам. Или откройте Настройки > Сеть и интернет > SIM-карты > Добавить eSIM (название может отличаться) и отсканируйте QR-код с другого экрана.',
      'Нет QR-кода или ссылки? Выберите «Нужна помощь?» > «Ввести вручную» и введите адрес SM-DP+ и код активации или весь код, начинающийся с LPA:1$.',
      'Включите новую eSIM, а по прибытии включите для неё роуминг.',
    ],
  },
};

/** Every platform's steps in every language: the traveller's page switches between them itself. */
export const allInstallSteps: Readonly<Record<InstallPlatform, Readonly<Record<Locale, readonly string[]>>>> =
  installSteps;

export const installUrls: Record<InstallPlatform, (lpa: string) => string> = {
  ios: iosInstallUrl,
  android: androidInstallUrl,
};

/** Install help for `esim` on `platform`, its steps in the Accept-Language's language (en-US by default). */
export function installHelp(
  esim: Pick<Esim, 'smdpAddress' | 'matchingId'>,
  platform: InstallPlatform,
  acceptLanguage: string | undefined,
): InstallHelp {
  const lpa = lpaActivationCode(esim.smdpAddress, esim.matchingId);
  return {
    platform,
    installUrl: installUrls[platform](lpa),
    steps: installSteps[platform][negotiateLocale(acceptLanguage)],
    manual: { smdpAddress: esim.smdpAddress, activationCode: esim.matchingId },
  };
}
