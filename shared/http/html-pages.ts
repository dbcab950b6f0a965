import {
  LoginCallbackRefusedError,
  LoginRequestRefusedError,
  NoRoleError,
} from '../domain/employees/errors.ts';
import { ApiError, ValidationError } from '../domain/errors.ts';
import { htmlContentType } from '../routes/types.ts';
import { statusOf } from './problem.ts';

/**
 * Pages of the operations a browser opens (employee login): a refusal there is shown to a person,
 * never sent as JSON and never redirected to an address that was not checked (docs/employees.md,
 * Refusals). Plain HTML, no script, no style, under the pipeline's `default-src 'none'` policy.
 */
export { htmlContentType };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? '',
  );

export interface HtmlPage {
  status: number;
  title: string;
  message: string;
}

export function renderPage(page: HtmlPage, requestId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} - Partner Travel Services</title>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
<p>Reference: <code>${escapeHtml(requestId)}</code></p>
</main>
</body>
</html>
`;
}

/** The page for an error on a browser-facing route: the login refusals as 400 and 403, the rest by code. */
export function errorPage(error: unknown): HtmlPage {
  if (error instanceof LoginRequestRefusedError)
    return { status: 400, title: 'The sign-in request is not valid', message: error.message };
  if (error instanceof LoginCallbackRefusedError)
    return { status: 400, title: 'The sign-in could not be completed', message: error.message };
  if (error instanceof NoRoleError) return { status: 403, title: 'No access', message: error.message };
  // A browser page has no field-level error display: a malformed query is a plain bad request.
  if (error instanceof ValidationError)
    return { status: 400, title: 'The request is not valid', message: error.message };
  if (error instanceof ApiError && statusOf(error) < 500)
    return { status: statusOf(error), title: 'The request was refused', message: error.message };
  return {
    status: 500,
    title: 'Something went wrong',
    message: 'An unexpected error occurred. Quote the reference below when contacting support.',
  };
}

export function htmlErrorResponse(
  error: unknown,
  requestId: string,
): { statusCode: number; headers: Record<string, string>; body: string } {
  const page = errorPage(error);
  return {
    statusCode: page.status,
    headers: { 'Content-Type': htmlContentType, 'Cache-Control': 'no-store', 'X-Request-ID': requestId },
    body: renderPage(page, requestId),
  };
}
