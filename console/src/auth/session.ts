import type { EmployeeSession } from './token.ts';

/**
 * The one place the access token lives: this module's memory. Never localStorage, sessionStorage or a
 * cookie, so a reload or a new tab means a new login (silent while the identity provider's own
 * session lasts) and nothing outside this page's JavaScript can read the token.
 */
let current: EmployeeSession | undefined;
const listeners = new Set<() => void>();

export function getSession(): EmployeeSession | undefined {
  return current;
}

export function setSession(session: EmployeeSession | undefined): void {
  current = session;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
