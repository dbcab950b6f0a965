import { randomUUID } from 'node:crypto';

const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo the caller's X-Request-ID when it is a plain token; anything else could forge log lines. */
export function resolveRequestId(header: string | undefined): string {
  return header && acceptable.test(header) ? header : randomUUID();
}
