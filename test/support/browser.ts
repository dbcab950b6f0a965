import { type Agent, request } from 'undici';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  attributes: string[];
}

export interface Page {
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Every Set-Cookie line of the response, as sent. */
  setCookies: string[];
  body: string;
}

/**
 * Just enough of a browser for a login: a cookie jar with path scoping (the provider scopes its
 * interaction cookies to one path each), and redirects followed by hand so a test sees where each
 * one leads and can stop at the service's callback.
 */
export class HeadlessBrowser {
  private readonly jar = new Map<string, StoredCookie>();

  constructor(private readonly dispatcher: Agent) {}

  private cookieHeader(url: URL): string | undefined {
    const cookies = [...this.jar.values()].filter((cookie) => url.pathname.startsWith(cookie.path));
    return cookies.length === 0
      ? undefined
      : cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }

  private remember(lines: string[], url: URL): void {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? url.pathname;
      const key = `${name};${path}`;
      const expired = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now()),
      );
      if (expired || value === '') this.jar.delete(key);
      else this.jar.set(key, { name, value, path, attributes });
    }
  }

  async open(address: string, form?: URLSearchParams): Promise<Page> {
    const url = new URL(address);
    const cookie = this.cookieHeader(url);
    const response = await request(url, {
      method: form ? 'POST' : 'GET',
      dispatcher: this.dispatcher,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        accept: 'text/html',
      },
      ...(form ? { body: form.toString() } : {}),
    });
    const raw = response.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    this.remember(setCookies, url);
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : (value ?? ''),
      ]),
    );
    return {
      url: url.href,
      status: response.statusCode,
      headers,
      setCookies,
      body: await response.body.text(),
    };
  }

  /**
   * Follows redirects from `page` while they stay on `origin`; answers the page it stops at and the
   * address of the first redirect that leaves (the service's callback), if any.
   */
  async follow(page: Page, origin: string): Promise<{ page: Page; leftTo: string | null; visited: Page[] }> {
    const visited: Page[] = [page];
    let current = page;
    for (let hops = 0; hops < 10; hops++) {
      if (current.status < 300 || current.status >= 400 || !current.headers.location)
        return { page: current, leftTo: null, visited };
      const next = new URL(current.headers.location, current.url);
      if (next.origin !== origin) return { page: current, leftTo: next.href, visited };
      current = await this.open(next.href);
      visited.push(current);
    }
    throw new Error('Too many redirects');
  }
}
