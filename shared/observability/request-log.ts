import type { RequestLogLine } from '../schemas/requests.ts';

/**
 * Writes one request log line to standard output, which Lambda sends to the function's log group;
 * a subscription filter on `kind = request` hands it to the request-log function (docs/support.md,
 * Request log). No network, no await: the partner's request never waits for the log. `kind` is the
 * first key, so a reader can tell the line from others by its first characters.
 */
export function writeRequestLine(line: RequestLogLine): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The CloudWatch Logs filter pattern that selects request lines (a JSON pattern on `kind`). */
export const requestLineFilterPattern = '{ $.kind = "request" }';

/** How every request line starts: the local stage's capture and the subscription filter rely on it. */
export const requestLinePrefix = '{"kind":"request",';
