import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * {console_url} on the local stage until the employee console is built: one HTTPS page, whatever the
 * path, that says so. The login's redirect lands here (`<console_url>/callback?code&state`), so a
 * person trying the login by hand sees where it ended; tests read the redirect, not this page.
 */
export interface ConsoleHost {
  url: string;
  port: number;
  close(): Promise<void>;
}

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Employee console (local stage)</title>
</head>
<body>
<main>
<h1>Employee console</h1>
<p>The employee console is not built yet. The sign-in ended here with a one-time code in the address;
exchange it at the token endpoint (grant_type=authorization_code) with the code_verifier of the login.</p>
</main>
</body>
</html>
`;

export async function startConsolePlaceholder(options: {
  port: number;
  tls: { key: string; cert: string };
}): Promise<ConsoleHost> {
  const server: Server = createServer({ ...options.tls, minVersion: 'TLSv1.2' }, (_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(page);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
