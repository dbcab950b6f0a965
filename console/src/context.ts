import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AdminApi } from './api/admin.ts';
import type { EmployeeSession } from './auth/token.ts';
import type { ConsoleConfig } from './config.ts';

export interface ConsoleContext {
  config: ConsoleConfig;
  api: AdminApi;
  session: EmployeeSession;
  /** Whether write controls are enabled (the admin role). */
  canWrite: boolean;
  /** Says something in the page's polite live region (async results screen readers should hear). */
  announce(message: string): void;
  signIn(returnRoute?: string): void;
  signOut(): void;
}

export const consoleContext = createContext<ConsoleContext | undefined>(undefined);

export function useConsole(): ConsoleContext {
  const value = useContext(consoleContext);
  if (!value) throw new Error('useConsole outside the console context');
  return value;
}
