import { describe, expect, it } from 'vitest';
import {
  LoginCallbackRefusedError,
  LoginRequestRefusedError,
  NoRoleError,
} from '../../../shared/domain/employees/errors.ts';
import { ApiError } from '../../../shared/domain/errors.ts';
import { errorPage, htmlErrorResponse } from '../../../shared/http/html-pages.ts';

const consoleReturn = { redirectUri: 'https://console.example/callback', appState: 'xyz' };

describe('the pages of the browser-facing routes', () => {
  it('answer a refused login request and a refused callback with 400', () => {
    expect(errorPage(new LoginRequestRefusedError('redirect_uri', 'Not a console address.'))).toEqual({
      status: 400,
      title: 'The sign-in request is not valid',
      message: 'Not a console address.',
    });
    expect(errorPage(new LoginCallbackRefusedError('state_used', 'Used already.')).status).toBe(400);
  });

  it('answer an employee without a role with 403', () => {
    expect(errorPage(new NoRoleError('nico', consoleReturn))).toMatchObject({
      status: 403,
      title: 'No access',
    });
  });

  it('keep the status of other refusals and hide the message of a failure', () => {
    expect(errorPage(new ApiError('ValidationError', 'bad query')).status).toBe(422);
    expect(errorPage(new Error('database password is hunter2'))).toEqual({
      status: 500,
      title: 'Something went wrong',
      message: expect.not.stringContaining('hunter2'),
    });
  });

  it('escape what they show, carry the request id, and are never cached', () => {
    const response = htmlErrorResponse(new LoginRequestRefusedError('state', '<script>x</script>'), 'req-9');

    expect(response.statusCode).toBe(400);
    expect(response.headers).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Request-ID': 'req-9',
    });
    expect(response.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('<code>req-9</code>');
  });
});
