export interface BasicCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * RFC 6749 section 2.3.1: `Basic base64(urlencode(client_id) ":" urlencode(client_secret))`, both parts
 * form-urlencoded before encoding. Returns undefined when the header is not Basic; throws on a Basic
 * header that cannot be read.
 */
export function parseBasicCredentials(authorization: string | undefined): BasicCredentials | undefined {
  if (authorization === undefined) return undefined;
  const match = /^Basic[ ]+([A-Za-z0-9+/=._~-]*)\s*$/i.exec(authorization.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new MalformedBasicCredentialsError();
  const formDecode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      throw new MalformedBasicCredentialsError();
    }
  };
  return {
    clientId: formDecode(decoded.slice(0, colon)),
    clientSecret: formDecode(decoded.slice(colon + 1)),
  };
}

export class MalformedBasicCredentialsError extends Error {
  constructor() {
    super('The Basic credentials must be base64 of "client_id:client_secret", each part form-urlencoded.');
    this.name = 'MalformedBasicCredentialsError';
  }
}
