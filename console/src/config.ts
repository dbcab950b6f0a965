/**
 * Run-time configuration: config.json beside index.html, written per stage (the local stage and the
 * CDN deploy), so one build serves every stage.
 */
export interface ConsoleConfig {
  /** The auth host: employee login and the token endpoint. */
  authUrl: string;
  /** The admin API host (`/api/v1/admin/*`). */
  adminUrl: string;
  /** The console's OAuth client id, sent with the code exchange. */
  clientId: string;
  /** Where the login returns; must equal an entry of the auth host's whitelist exactly. */
  redirectUri: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const fields = {
  authUrl: 'auth_url',
  adminUrl: 'admin_url',
  clientId: 'client_id',
  redirectUri: 'redirect_uri',
} as const satisfies Record<keyof ConsoleConfig, string>;

function requireString(source: Record<string, unknown>, key: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`config.json: "${key}" must be a non-empty string`);
  }
  return value.trim();
}

function requireHttpUrl(source: Record<string, unknown>, key: string): string {
  const value = requireString(source, key);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`config.json: "${key}" is not a URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new ConfigError(`config.json: "${key}" must be an https URL (http only on loopback)`);
  }
  return value;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Validates the parsed config.json; base URLs lose a trailing slash so paths join cleanly. */
export function parseConfig(raw: unknown): ConsoleConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ConfigError('config.json must hold a JSON object');
  }
  const source = raw as Record<string, unknown>;
  return {
    authUrl: requireHttpUrl(source, fields.authUrl).replace(/\/+$/, ''),
    adminUrl: requireHttpUrl(source, fields.adminUrl).replace(/\/+$/, ''),
    clientId: requireString(source, fields.clientId),
    redirectUri: requireHttpUrl(source, fields.redirectUri),
  };
}

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ConsoleConfig> {
  const response = await fetchImpl(new URL('config.json', document.baseURI), { cache: 'no-store' });
  if (!response.ok) {
    throw new ConfigError(`config.json could not be loaded (HTTP ${response.status})`);
  }
  return parseConfig(await response.json());
}
