import { date, megabytes, type Texts, texts } from './i18n.ts';
import { type Language, languageOf, type Platform, platformOf, tokenOf } from './platform.ts';
import { qrSvg } from './qr.ts';

/** What the page's read answers (GET /v2/esim-page/{token}; docs/esim.md, Install help). */
interface EsimPage {
  partner_name: string;
  lpa: string;
  install_urls: Record<Platform, string>;
  manual: { smdp_address: string; activation_code: string };
  steps: Record<Platform, Record<Language, string[]>>;
  packages: { status: string; data_mb: number; remaining_mb: number; expires_at: string }[];
  expires_at: string;
}

type Outcome = { kind: 'page'; page: EsimPage } | { kind: 'invalid' | 'expired' | 'failed' };

const root = document.getElementById('root') as HTMLElement;
const state = {
  language: languageOf(navigator.languages ?? [navigator.language]),
  platform: platformOf(navigator.userAgent),
  outcome: undefined as Outcome | undefined,
};

type Child = Node | string;
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function switchGroup<T extends string>(
  id: string,
  legend: string,
  options: { value: T; label: string; lang?: string }[],
  current: T,
  choose: (value: T) => void,
): HTMLElement {
  const group = element('fieldset', { class: 'switch' }, element('legend', {}, legend));
  for (const option of options) {
    const button = element(
      'button',
      {
        type: 'button',
        'aria-pressed': String(option.value === current),
        'data-focus': `${id}-${option.value}`,
        ...(option.lang ? { lang: option.lang } : {}),
      },
      option.label,
    );
    button.addEventListener('click', () => choose(option.value));
    group.append(button);
  }
  return group;
}

function render(): void {
  const t = texts[state.language];
  const focused = (document.activeElement as HTMLElement | null)?.dataset.focus;
  document.documentElement.lang = state.language === 'ru-RU' ? 'ru' : 'en';
  const outcome = state.outcome;
  const content: Node[] = [languageSwitch(t)];
  if (!outcome) {
    document.title = t.loading;
    content.push(element('p', {}, t.loading));
  } else if (outcome.kind === 'page') {
    content.push(...pageContent(outcome.page, t));
  } else {
    const messages: Record<typeof outcome.kind, { title: string; text: string }> = {
      invalid: { title: t.invalidTitle, text: t.invalidText },
      expired: { title: t.expiredTitle, text: t.expiredText },
      failed: { title: t.failedTitle, text: t.failedText },
    };
    const { title, text } = messages[outcome.kind];
    document.title = title;
    content.unshift(element('h1', {}, title));
    content.push(element('p', { 'data-outcome': outcome.kind }, text));
  }
  root.replaceChildren(...content);
  if (focused) (root.querySelector(`[data-focus="${focused}"]`) as HTMLElement | null)?.focus();
}

function languageSwitch(t: Texts): HTMLElement {
  return element(
    'div',
    { class: 'switches' },
    switchGroup(
      'language',
      t.language,
      [
        { value: 'en-US' as Language, label: 'English', lang: 'en' },
        { value: 'ru-RU' as Language, label: 'Русский', lang: 'ru' },
      ],
      state.language,
      (language) => {
        state.language = language;
        render();
      },
    ),
  );
}

function pageContent(page: EsimPage, t: Texts): Node[] {
  const title = t.title(page.partner_name);
  document.title = title;
  const platformSwitch = switchGroup(
    'platform',
    t.platform,
    (['ios', 'android'] as const).map((value) => ({ value, label: t.platformNames[value] })),
    state.platform,
    (platform) => {
      state.platform = platform;
      render();
    },
  );
  const install = element(
    'section',
    { 'aria-labelledby': 'install-title' },
    element('h2', { id: 'install-title' }, t.platformNames[state.platform]),
    platformSwitch,
    element(
      'a',
      { class: 'install', href: page.install_urls[state.platform], 'data-platform': state.platform },
      t.install,
    ),
    element('p', { class: 'hint' }, t.installHint[state.platform]),
  );
  const qr = qrSvg(page.lpa, t.qrLabel);
  qr.classList.add('qr');
  const qrSection = element(
    'section',
    { 'aria-labelledby': 'qr-title' },
    element('h2', { id: 'qr-title' }, t.qrTitle),
    qr,
    element('p', { class: 'hint' }, t.qrHint),
  );
  const steps = element(
    'section',
    { 'aria-labelledby': 'steps-title' },
    element('h2', { id: 'steps-title' }, t.steps),
    element(
      'ol',
      { class: 'steps' },
      ...page.steps[state.platform][state.language].map((step) => element('li', {}, step)),
    ),
    element('h3', {}, t.manual),
    element(
      'dl',
      {},
      element('dt', {}, t.smdpAddress),
      element('dd', { 'data-field': 'smdp-address' }, page.manual.smdp_address),
      element('dt', {}, t.activationCode),
      element('dd', { 'data-field': 'activation-code' }, page.manual.activation_code),
    ),
  );
  const running = page.packages.filter((pkg) => pkg.status !== 'Expired');
  const data = element(
    'section',
    { 'aria-labelledby': 'data-title' },
    element('h2', { id: 'data-title' }, t.dataLeft),
    running.length === 0
      ? element('p', {}, t.noData)
      : element(
          'ul',
          { class: 'packages' },
          ...running.map((pkg) =>
            element(
              'li',
              { 'data-remaining-mb': String(pkg.remaining_mb) },
              t.remaining(
                megabytes(pkg.remaining_mb, state.language),
                megabytes(pkg.data_mb, state.language),
                date(pkg.expires_at, state.language),
              ),
            ),
          ),
        ),
  );
  return [
    element('h1', {}, title),
    install,
    qrSection,
    steps,
    data,
    element('footer', {}, t.linkUntil(date(page.expires_at, state.language))),
  ];
}

async function load(token: string | null): Promise<Outcome> {
  if (!token) return { kind: 'invalid' };
  try {
    const response = await fetch(`/v2/esim-page/${token}`, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    if (response.ok) return { kind: 'page', page: (await response.json()) as EsimPage };
    if (response.status === 410) return { kind: 'expired' };
    if (response.status === 404 || response.status === 422) return { kind: 'invalid' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

render();
state.outcome = await load(tokenOf(location.hash));
render();
