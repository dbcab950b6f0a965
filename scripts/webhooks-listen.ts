import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { localStateDir, webhookListenerDefaults } from '../infra/local/config.ts';
import { verifyHexSignature } from '../shared/domain/webhooks/signature.ts';

/**
 * `npm run webhooks:listen -- --secret <secret> [--secret <previous>] [--port 9443] [--status 200]`:
 * a local webhook receiver, like `stripe listen`. It serves HTTPS on localhost with the stage's
 * `webhook_receiver` certificate (stage.json, signed by the stage CA the dispatcher trusts), checks
 * both signatures of every notification against the given secrets and prints it. Subscribe it with
 * `POST /v2/b2b/webhooks {"url": "https://localhost:<port>/webhooks", "secret": "<secret>"}`.
 */
const defaults = webhookListenerDefaults();
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: defaults.port },
    secret: { type: 'string', multiple: true, default: defaults.secrets },
    status: { type: 'string', default: '200' },
    'state-dir': { type: 'string', default: localStateDir() },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help || values.secret.length === 0) {
  console.log(
    'Usage: npm run webhooks:listen -- --secret <secret> [--secret <previous secret>] [--port 9443] ' +
      '[--status <HTTP status to answer>] [--state-dir .local]',
  );
  process.exit(values.help ? 0 : 1);
}

const stageJson = JSON.parse(readFileSync(join(resolve(values['state-dir']), 'stage.json'), 'utf8')) as {
  webhook_receiver?: { cert: string; key: string };
};
if (!stageJson.webhook_receiver)
  throw new Error('stage.json has no webhook_receiver: start the stage with npm start');
const secrets = values.secret;
const answer = Number(values.status);

function verdict(ok: boolean): string {
  return ok ? 'valid' : 'INVALID';
}

const server = createServer(
  { cert: readFileSync(stageJson.webhook_receiver.cert), key: readFileSync(stageJson.webhook_receiver.key) },
  (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const hexHeader = String(request.headers['x-webhook-signature'] ?? '');
      const hexValid = secrets.some((secret) => verifyHexSignature(hexHeader, secret, body));
      const standardValid = secrets.some((secret) => {
        try {
          new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).verify(body, {
            'webhook-id': String(request.headers['webhook-id'] ?? ''),
            'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
            'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
          });
          return true;
        } catch {
          return false;
        }
      });
      let envelope: { id?: string; event?: string; timestamp?: string; data?: unknown } = {};
      try {
        envelope = JSON.parse(body) as typeof envelope;
      } catch {
        // Printed as received below.
      }
      const status = hexValid && standardValid ? answer : 400;
      console.log(
        `${new Date().toISOString()}  ${envelope.event ?? '(not JSON)'}  ${envelope.id ?? ''}  ` +
          `X-Webhook-Signature ${verdict(hexValid)}, webhook-signature ${verdict(standardValid)}  -> ${status}`,
      );
      console.log(`  ${JSON.stringify(envelope.data ?? body)}`);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'rejected');
    });
  },
);

server.listen(Number(values.port), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Listening on https://localhost:${port}/webhooks (Ctrl-C to stop)`);
});
