import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { verifyEd25519Webhook } from '../docs/examples/verify-webhook-ed25519.ts';
import { localStateDir, webhookListenerDefaults } from '../infra/local/config.ts';
import { secretPrefix, verifyHexSignature, type WebhookKey } from '../shared/domain/webhooks/signature.ts';

/**
 * `npm run webhooks:listen -- --secret <secret> [--secret <previous>] [--port 9443] [--status 200]`:
 * a local webhook receiver, like `stripe listen`. It serves HTTPS on localhost with the stage's
 * `webhook_receiver` certificate (stage.json, signed by the stage CA the dispatcher trusts), checks
 * both signatures of every notification against the given secrets and prints it. Subscribe it with
 * `POST /v2/b2b/webhooks {"url": "https://localhost:<port>/webhooks", "secret": "<secret>"}`. For a
 * `signing: "ed25519"` subscription, `--public-key <whpk_...>` (repeatable during a rotation) checks its
 * `v1a` signatures instead.
 */
const defaults = webhookListenerDefaults();
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: defaults.port },
    secret: { type: 'string', multiple: true, default: defaults.secrets },
    'public-key': { type: 'string', multiple: true, default: [] },
    status: { type: 'string', default: '200' },
    'state-dir': { type: 'string', default: localStateDir() },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const publicKeys = values['public-key'];
if (values.help || (values.secret.length === 0 && publicKeys.length === 0)) {
  console.log(
    'Usage: npm run webhooks:listen -- --secret <secret> [--secret <previous secret>] [--port 9443] ' +
      '[--status <HTTP status to answer>] [--state-dir .local]\n' +
      '       npm run webhooks:listen -- --public-key <whpk_...> [--public-key <previous>] [...]',
  );
  process.exit(values.help ? 0 : 1);
}

const stageJson = JSON.parse(readFileSync(join(resolve(values['state-dir']), 'stage.json'), 'utf8')) as {
  webhook_receiver?: { cert: string; key: string };
};
if (!stageJson.webhook_receiver)
  throw new Error('stage.json has no webhook_receiver: start the stage with npm start');
/**
 * A `whsec_` secret is the service's (keyed by its decoded bytes) or one the partner chose in that
 * shape (keyed by its UTF-8 bytes); the listener cannot tell, so it accepts either.
 */
const keys: WebhookKey[] = values.secret.flatMap((secret): WebhookKey[] =>
  secret.startsWith(secretPrefix)
    ? [
        { secret, format: 'standard' },
        { secret, format: 'utf8' },
      ]
    : [{ secret, format: 'utf8' }],
);
const answer = Number(values.status);

function verdict(ok: boolean): string {
  return ok ? 'valid' : 'INVALID';
}

type Headers = IncomingHttpHeaders;
const standardHeaders = (headers: Headers) => ({
  'webhook-id': String(headers['webhook-id'] ?? ''),
  'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
  'webhook-signature': String(headers['webhook-signature'] ?? ''),
});

/** An HMAC subscription's two signatures, each valid with any given secret. */
function hmacChecks(body: string, headers: Headers): [string, boolean][] {
  const hexHeader = String(headers['x-webhook-signature'] ?? '');
  const hexValid = keys.some((key) => verifyHexSignature(hexHeader, key, body));
  const standardValid = keys.some(({ secret, format }) => {
    try {
      const verifier =
        format === 'standard'
          ? new Webhook(secret)
          : new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
      verifier.verify(body, standardHeaders(headers));
      return true;
    } catch {
      return false;
    }
  });
  return [
    ['X-Webhook-Signature', hexValid],
    ['webhook-signature', standardValid],
  ];
}

/** An ed25519 subscription's v1a signature, valid with any given public key. */
function ed25519Checks(body: string, headers: Headers): [string, boolean][] {
  const valid = publicKeys.some((key) => verifyEd25519Webhook(body, standardHeaders(headers), key));
  return [['webhook-signature (v1a)', valid]];
}

const server = createServer(
  { cert: readFileSync(stageJson.webhook_receiver.cert), key: readFileSync(stageJson.webhook_receiver.key) },
  (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const checks =
        publicKeys.length > 0 ? ed25519Checks(body, request.headers) : hmacChecks(body, request.headers);
      let envelope: { id?: string; event?: string; timestamp?: string; data?: unknown } = {};
      try {
        envelope = JSON.parse(body) as typeof envelope;
      } catch {
        // Printed as received below.
      }
      const status = checks.every(([, valid]) => valid) ? answer : 400;
      const verdicts = checks.map(([name, valid]) => `${name} ${verdict(valid)}`).join(', ');
      console.log(
        `${new Date().toISOString()}  ${envelope.event ?? '(not JSON)'}  ${envelope.id ?? ''}  ` +
          `${verdicts}  -> ${status}`,
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
