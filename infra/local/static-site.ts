import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { extname, join, relative, sep } from 'node:path';
import { cacheControlFor } from '../../console/hosting.ts';
import { type LocalListener, listenLocally } from './listen.ts';

/**
 * A static site of the local stage over HTTPS, standing in for CloudFront in front of a private S3
 * bucket: the files of a build, loaded into memory at start (a later build does not change a running
 * stage), the response headers the distribution's policy sets, ETags, and a request-path rule (the
 * console's SPA fallback). Only GET and HEAD, as the distribution allows.
 */
export interface SiteFile {
  body: Buffer;
  contentType: string;
  etag: string;
}

export type StaticSite = LocalListener;

export interface StaticSiteOptions {
  port: number;
  tls: { key: string; cert: string };
  files: ReadonlyMap<string, SiteFile>;
  /** The response headers of every answer; undefined until the site can serve (503 before). */
  headers: () => Record<string, string> | undefined;
  /** Maps a request path to the file that answers it (default: itself, `/` -> `/index.html`). */
  requestPath?: (path: string) => string;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function siteFile(body: Buffer | string, name: string): SiteFile {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    body: bytes,
    contentType: contentTypes[extname(name)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  };
}

/** Every file under `dir` by URL path; dotfiles and the `exclude`d top-level directories left out. */
export async function loadSiteFiles(
  dir: string,
  { exclude = [] }: { exclude?: readonly string[] } = {},
): Promise<Map<string, SiteFile>> {
  const files = new Map<string, SiteFile>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep);
    if (path.some((part) => part.startsWith('.')) || exclude.includes(path[0] ?? '')) continue;
    files.set(`/${path.join('/')}`, siteFile(await readFile(join(entry.parentPath, entry.name)), entry.name));
  }
  return files;
}

const defaultRequestPath = (path: string) => (path.endsWith('/') ? `${path}index.html` : path);

export async function startStaticSite(options: StaticSiteOptions): Promise<StaticSite> {
  const server: Server = createServer({ ...options.tls, minVersion: 'TLSv1.2' }, staticSiteListener(options));
  return listenLocally(server, options.port);
}

/** The site's answers as a request listener, for a listener that serves an API beside the files. */
export function staticSiteListener(
  options: Omit<StaticSiteOptions, 'port' | 'tls'>,
): (request: IncomingMessage, response: ServerResponse) => void {
  const requestPath = options.requestPath ?? defaultRequestPath;

  return function answer(request: IncomingMessage, response: ServerResponse): void {
    const headers = options.headers();
    if (!headers) {
      response.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' }).end('starting');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', ...headers }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'https://localhost').pathname);
    } catch {
      response.writeHead(400, { 'Content-Type': 'text/plain', ...headers }).end('bad path');
      return;
    }
    const path = requestPath(pathname);
    const file = options.files.get(path);
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain', ...headers }).end('not found');
      return;
    }
    const common = { ...headers, ETag: file.etag, 'Cache-Control': cacheControlFor(path) };
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304, common).end();
      return;
    }
    response.writeHead(200, {
      ...common,
      'Content-Type': file.contentType,
      'Content-Length': String(file.body.length),
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  };
}
