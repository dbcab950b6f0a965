import { randomUUID } from 'node:crypto';
import { type ApiResponse, type RequestOptions, request, stage } from './api.ts';
import { employeeLoginClient } from './employee-login.ts';

/** The employee login against the run's shared stage (lenient role mapping). */
export const employeeLogin = employeeLoginClient(stage);

export async function exchangeCode(form: Record<string, string>): Promise<ApiResponse> {
  return request('POST', '/oauth/v2/token', { host: 'auth', form });
}

/** An employee token of a seeded employee, through the real login. */
export async function employeeToken(username: string): Promise<string> {
  return employeeLogin.tokenOf(username, async (form) => {
    const response = await exchangeCode(form);
    const token = response.body.access_token;
    if (response.status !== 200 || typeof token !== 'string')
      throw new Error(
        `No employee token for ${username}: ${response.status} ${JSON.stringify(response.body)}`,
      );
    return token;
  });
}

/** Calls of one employee on the admin API: their token, no client certificate. */
export function asEmployee(username: string) {
  return async <T = Record<string, unknown>>(
    method: string,
    path: string,
    options: Omit<RequestOptions, 'host' | 'token'> & { idempotencyKey?: string } = {},
  ): Promise<ApiResponse<T>> => {
    const { idempotencyKey, ...rest } = options;
    return request<T>(method, path, {
      ...rest,
      host: 'admin',
      cert: null,
      token: await employeeToken(username),
      headers: {
        ...rest.headers,
        ...(method === 'POST' ? { 'idempotency-key': idempotencyKey ?? randomUUID() } : {}),
      },
    });
  };
}

export const asAdmin = asEmployee('ada.admin');
export const asSupport = asEmployee('sam.support');
