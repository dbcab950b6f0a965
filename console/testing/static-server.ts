import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a built directory on 127.0.0.1 (a free port) for browser tests, with optional response
 * headers (a stage's Content-Security-Policy) and extra files served beside the directory's own.
 * Directory paths answer their index.html.
 */
export async function serveDirectory(
  root: string,
  options: { headers?: Record<string, string>; files?: (origin: string) => Record<string, string> } = {},
): Promise<StaticServer> {
  let extraFiles: Record<string, string> = {};
  const headers = options.headers ?? {};
  const server: Server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const extra = extraFiles[pathname];
    if (extra !== undefined) {
      response.writeHead(200, {
        'Content-Type': contentTypes[extname(pathname)] ?? 'text/plain',
        'Cache-Control': 'no-store',
        ...headers,
      });
      response.end(extra);
      return;
    }
    let file = normalize(join(root, pathname));
    if (file !== root && !file.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
        ...headers,
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  // Files written for this server only (a stage's config.json), which need the origin it got.
  extraFiles = options.files?.(origin) ?? {};
  return {
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
