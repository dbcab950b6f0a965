import type { ScannerConfig } from './api.ts';

/** config.json beside index.html names the stage's hosts (scanner/hosting.ts); cached by the service worker. */
export async function loadConfig(): Promise<ScannerConfig> {
  const response = await fetch('./config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const raw = (await response.json()) as { auth_url?: unknown; venue_url?: unknown };
  if (typeof raw.auth_url !== 'string' || typeof raw.venue_url !== 'string') {
    throw new Error('config.json names no auth_url and venue_url');
  }
  const trim = (url: string) => url.replace(/\/+$/, '');
  return { authUrl: trim(raw.auth_url), venueUrl: trim(raw.venue_url) };
}
