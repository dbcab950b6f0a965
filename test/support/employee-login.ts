import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'undici';
import type { StageJson } from '../../infra/local/stage.ts';
import { HeadlessBrowser, type Page } from './browser.ts';

/**
 * The admin console's side of the employee login, against a running stage's real listeners: the login
 * operation on auth_url, the identity provider's sign-in form, the callback, and the token exchange.
 * Every step is a real HTTPS request; the browser keeps the provider's cookies.
 */
export interface LoginAttempt {
  verifier: string;
  challenge: string;
  appState: string;
  redirectUri: string;
}

export const s256 = (value: string) => createHash('sha256').update(value, 'ascii').digest('base64url');

export function newAttempt(stage: StageJson): LoginAttempt {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: s256(verifier),
    appState: randomBytes(8).toString('hex'),
    redirectUri: stage.employee_login.redirect_uri,
  };
}

export function loginUrl(stage: StageJson, parameters: Record<string, string>): string {
  return `${stage.auth_url}/api/v1/auth/idp/login?${new URLSearchParams(parameters)}`;
}

export function loginParameters(attempt: LoginAttempt): Record<string, string> {
  return {
    redirect_uri: attempt.redirectUri,
    code_challenge: attempt.challenge,
    code_challenge_method: 'S256',
    state: attempt.appState,
  };
}

export function employeeOf(stage: StageJson, username: string) {
  const found = stage.idp.employees.find((employee) => employee.username === username);
  if (!found) throw new Error(`No seeded employee ${username}`);
  return found;
}

export interface SignedIn {
  browser: HeadlessBrowser;
  /** The provider's redirect to the service's callback. */
  callbackUrl: string;
}

export function employeeLoginClient(stageJson: () => StageJson) {
  let agent: Agent | undefined;
  const dispatcher = () => {
    agent ??= new Agent({ connect: { ca: readFileSync(stageJson().ca_cert, 'utf8') } });
    return agent;
  };

  /** The console opens the login operation: 302 to the provider, or a refusal page. */
  async function openLogin(parameters: Record<string, string>, browser = new HeadlessBrowser(dispatcher())) {
    return { browser, page: await browser.open(loginUrl(stageJson(), parameters)) };
  }

  /** At the provider: the sign-in form, filled and posted; answers where the provider sends the browser. */
  async function signIn(browser: HeadlessBrowser, providerUrl: string, username: string, password: string) {
    const issuer = stageJson().idp.issuer;
    const { page } = await browser.follow(await browser.open(providerUrl), issuer);
    const action = /<form method="post" action="([^"]+\/login)">/.exec(page.body)?.[1];
    if (!action) throw new Error(`No sign-in form: ${page.status} ${page.body}`);
    const posted = await browser.open(
      new URL(action, page.url).href,
      new URLSearchParams({ username, password }),
    );
    const { leftTo, page: last } = await browser.follow(posted, issuer);
    if (!leftTo) throw new Error(`The provider did not send the browser back: ${last.status} ${last.body}`);
    return leftTo;
  }

  /** Cancels at the provider's sign-in page instead. */
  async function cancelAtProvider(browser: HeadlessBrowser, providerUrl: string) {
    const issuer = stageJson().idp.issuer;
    const { page } = await browser.follow(await browser.open(providerUrl), issuer);
    const abort = /<form method="post" action="([^"]+\/abort)">/.exec(page.body)?.[1];
    if (!abort) throw new Error(`No cancel button: ${page.body}`);
    const { leftTo } = await browser.follow(
      await browser.open(new URL(abort, page.url).href, new URLSearchParams()),
      issuer,
    );
    if (!leftTo) throw new Error('The provider did not send the browser back');
    return leftTo;
  }

  /** Starts a login and signs in: the callback address the provider sent the browser to. */
  async function throughProvider(username: string, attempt = newAttempt(stageJson())): Promise<SignedIn> {
    const { browser, page } = await openLogin(loginParameters(attempt));
    if (page.status !== 302 || !page.headers.location)
      throw new Error(`The login did not redirect: ${page.status} ${page.body}`);
    const password = employeeOf(stageJson(), username).password;
    return { browser, callbackUrl: await signIn(browser, page.headers.location, username, password) };
  }

  /** The callback on auth_url: 302 to the console, or a refusal page. */
  async function callback(browser: HeadlessBrowser, callbackUrl: string): Promise<Page> {
    return browser.open(callbackUrl);
  }

  /** A whole login up to the console's one-time code. */
  async function codeFor(username: string, attempt = newAttempt(stageJson())) {
    const { browser, callbackUrl } = await throughProvider(username, attempt);
    const page = await callback(browser, callbackUrl);
    const location = page.headers.location;
    if (page.status !== 302 || !location)
      throw new Error(`No redirect to the console: ${page.status} ${page.body}`);
    const back = new URL(location);
    return { attempt, callbackUrl, page, back, code: back.searchParams.get('code') ?? '' };
  }

  const tokens = new Map<string, string>();

  /** An employee token through the whole login, cached per employee. */
  async function tokenOf(username: string, exchange: (form: Record<string, string>) => Promise<string>) {
    const cached = tokens.get(username);
    if (cached) return cached;
    const { attempt, code } = await codeFor(username);
    const token = await exchange({
      grant_type: 'authorization_code',
      code,
      code_verifier: attempt.verifier,
      redirect_uri: attempt.redirectUri,
      client_id: stageJson().employee_login.client_id,
    });
    tokens.set(username, token);
    return token;
  }

  async function close() {
    await agent?.close();
    agent = undefined;
  }

  return { openLogin, signIn, cancelAtProvider, throughProvider, callback, codeFor, tokenOf, close };
}
