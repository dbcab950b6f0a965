import { createHash } from 'node:crypto';
import type { BrowserContext, Route } from 'playwright-core';

/**
 * A stand-in for the auth host and the admin API, answered inside the browser (Playwright routes), for
 * console tests that need no running stage. It checks the login the way the auth host must: exact
 * redirect_uri, S256, and a code exchange whose verifier matches the challenge.
 */
export const authOrigin = 'https://auth.console-test.example';
export const adminOrigin = 'https://admin.console-test.example';

export interface MockLogin {
  roles: string[];
  /** Seconds the issued token lives. */
  expiresIn: number;
}

export interface RecordedLogin {
  challenge: string;
  state: string;
  redirectUri: string;
  verifier?: string;
}

export interface AdminCall {
  method: string;
  path: string;
  search: string;
  authorization: string | undefined;
  body: string | null;
}

export type AdminHandler = (call: AdminCall) => { status: number; body?: unknown } | undefined;

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function fakeEmployeeToken(roles: string[], sub = 'emp-1'): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64Url({ alg: 'ES256', typ: 'at+jwt' })}.${base64Url({
    sub,
    roles,
    scopes: roles.includes('admin') ? ['identity.account:*'] : ['identity.account:read'],
    iat: now,
    exp: now + 3600,
  })}.c2lnbmF0dXJl`;
}

export class MockBackend {
  readonly logins: RecordedLogin[] = [];
  readonly calls: AdminCall[] = [];
  login: MockLogin = { roles: ['admin'], expiresIn: 3600 };
  private readonly handlers: AdminHandler[] = [];

  constructor(private readonly consoleOrigin: string) {}

  on(handler: AdminHandler): void {
    this.handlers.unshift(handler);
  }

  async install(context: BrowserContext): Promise<void> {
    await context.route(`${authOrigin}/**`, (route) => this.auth(route));
    await context.route(`${adminOrigin}/**`, (route) => this.admin(route));
  }

  private cors(): Record<string, string> {
    return {
      'Access-Control-Allow-Origin': this.consoleOrigin,
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
      'Access-Control-Expose-Headers': 'X-Request-ID',
    };
  }

  private async auth(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/auth/idp/login') {
      const login: RecordedLogin = {
        challenge: url.searchParams.get('code_challenge') ?? '',
        state: url.searchParams.get('state') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
      };
      this.logins.push(login);
      const valid =
        login.redirectUri === `${this.consoleOrigin}/` &&
        url.searchParams.get('code_challenge_method') === 'S256';
      if (!valid) return route.fulfill({ status: 400, body: 'bad login request' });
      const back = new URL(login.redirectUri);
      back.searchParams.set('code', `code-${this.logins.length}`);
      back.searchParams.set('state', login.state);
      return route.fulfill({ status: 302, headers: { Location: back.toString() } });
    }
    if (url.pathname === '/oauth/v2/token' && request.method() === 'POST') {
      const form = new URLSearchParams(request.postData() ?? '');
      const login = this.logins.at(-1);
      const verifier = form.get('code_verifier') ?? '';
      const matches =
        login !== undefined &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('code') === `code-${this.logins.length}` &&
        form.get('redirect_uri') === login.redirectUri &&
        createHash('sha256').update(verifier).digest('base64url') === login.challenge;
      if (login) login.verifier = verifier;
      return route.fulfill({
        status: matches ? 200 : 400,
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...this.cors() },
        body: JSON.stringify(
          matches
            ? {
                access_token: fakeEmployeeToken(this.login.roles),
                token_type: 'Bearer',
                expires_in: this.login.expiresIn,
              }
            : { error: 'invalid_grant', error_description: 'The code or the verifier does not match' },
        ),
      });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  }

  private async admin(route: Route): Promise<void> {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: this.cors() });
    const url = new URL(request.url());
    const call: AdminCall = {
      method: request.method(),
      path: url.pathname,
      search: url.search,
      authorization: (await request.allHeaders()).authorization,
      body: request.postData(),
    };
    this.calls.push(call);
    for (const handler of this.handlers) {
      const answer = handler(call);
      if (answer) {
        return route.fulfill({
          status: answer.status,
          headers: {
            'Content-Type': answer.status >= 400 ? 'application/problem+json' : 'application/json',
            'X-Request-ID': `req-${this.calls.length}`,
            ...this.cors(),
          },
          body: answer.body === undefined ? '' : JSON.stringify(answer.body),
        });
      }
    }
    return route.fulfill({
      status: 404,
      headers: { 'Content-Type': 'application/problem+json', ...this.cors() },
      body: JSON.stringify({
        code: 'ResourceNotFound',
        title: 'Resource not found',
        status: 404,
        instance: call.path,
        request_id: 'req-none',
      }),
    });
  }
}
