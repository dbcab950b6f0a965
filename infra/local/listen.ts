import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';

/** An HTTPS listener of the local stage: its URL, its port (chosen free when asked for 0), and how to stop it. */
export interface LocalListener {
  url: string;
  port: number;
  /** Stops listening and ends kept-alive connections too, so a stop never waits on an idle client. */
  close(): Promise<void>;
}

/** Starts `server` on `host:port` (loopback unless told otherwise); a port in use rejects. */
export async function listenLocally(
  server: Server,
  port: number,
  host = '127.0.0.1',
): Promise<LocalListener> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const chosen = (server.address() as AddressInfo).port;
  return {
    url: `https://${host}:${chosen}`,
    port: chosen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
