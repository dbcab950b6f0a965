import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboundPolicy } from '../../../shared/net/policy.ts';
import { postOnce, type Resolver } from '../../../shared/net/safe-https.ts';
import { webhookUrlProblem } from '../../../shared/net/webhook-url.ts';
import {
  createCertificateAuthority,
  generateKeyPair,
  issueCertificate,
  privateKeyPem,
} from '../../../shared/pki/certificates.ts';

type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let port: number;
let caPem: string;
let connections = 0;
let requests: { headers: IncomingMessage['headers']; body: string }[] = [];
let behaviour: Behaviour = (_request, response) => response.writeHead(200).end('ok');

const loopback: Resolver = async () => ['127.0.0.1'];

/** The receiver listens on a port the system picks: allowed, as on the local stage. */
const anyUnprivilegedPort = [{ from: 1024, to: 65535 }];

function policy(overrides: Partial<OutboundPolicy> = {}): OutboundPolicy {
  return {
    allowLoopback: true,
    allowedPorts: anyUnprivilegedPort,
    extraCa: caPem,
    resolveOverrides: new Map(),
    ...overrides,
  };
}

function post(url: string, options: { policy: OutboundPolicy; resolver?: Resolver }, timeoutMs = 2_000) {
  return postOnce(
    { url, body: '{"hello":"world"}', headers: { 'content-type': 'application/json' }, timeoutMs },
    {
      resolver: loopback,
      ...options,
    },
  );
}

beforeAll(async () => {
  const ca = await createCertificateAuthority('Test CA');
  const keys = await generateKeyPair();
  const certificate = await issueCertificate({
    ca,
    subject: 'CN=localhost',
    publicKey: keys.publicKey,
    days: 1,
    usage: 'server',
    altNames: { dns: ['localhost'], ip: ['127.0.0.1'] },
  });
  caPem = ca.certificatePem;
  server = createServer(
    { cert: certificate.certificatePem, key: await privateKeyPem(keys.privateKey) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        behaviour(request, response);
      });
    },
  );
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  connections = 0;
  requests = [];
  behaviour = (_request, response) => response.writeHead(200).end('ok');
});

describe('the SSRF-safe HTTPS client', () => {
  it('posts the body and headers to an allowed target that presents a trusted certificate', async () => {
    const result = await post(`https://localhost:${port}/hook`, { policy: policy() });

    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(requests).toEqual([
      { headers: expect.objectContaining({ 'content-type': 'application/json' }), body: '{"hello":"world"}' },
    ]);
  });

  it('refuses a name that resolves to loopback when the policy does not allow it, before any connection', async () => {
    const result = await post(`https://localhost:${port}/hook`, { policy: policy({ allowLoopback: false }) });

    expect(result).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/resolves to 127\.0\.0\.1: loopback/),
    });
    expect(connections).toBe(0);
  });

  it('refuses a port the policy does not allow, before any connection', async () => {
    const result = await post(`https://receiver.example.com:${port}/hook`, {
      policy: policy({ allowedPorts: [] }),
    });

    expect(result).toMatchObject({ statusCode: null, error: expect.stringMatching(/must use port 443/) });
    expect(connections).toBe(0);
  });

  it('refuses a loopback literal in any form before connecting', async () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]']) {
      const result = await post(`https://${host}:${port}/hook`, { policy: policy({ allowLoopback: false }) });

      expect(result.error).toMatch(/refused/);
    }
    expect(connections).toBe(0);
  });

  it('checks the address resolved when the connection opens, so DNS rebinding after the subscribe check fails', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const rebinding: Resolver = async () => answers.shift() ?? ['127.0.0.1'];
    const strict = policy({ allowLoopback: false });

    const atSubscribe = await webhookUrlProblem(`https://rebind.example.com:${port}/`, {
      policy: strict,
      resolver: rebinding,
    });
    const atDelivery = await post(`https://rebind.example.com:${port}/`, {
      policy: strict,
      resolver: rebinding,
    });

    expect(atSubscribe).toBeUndefined();
    expect(atDelivery.error).toMatch(/rebind\.example\.com resolves to 127\.0\.0\.1/);
    expect(connections).toBe(0);
  });

  it('answers a redirect with its status and never follows it', async () => {
    behaviour = (_request, response) =>
      response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();

    const result = await post(`https://localhost:${port}/hook`, { policy: policy() });

    expect(result).toMatchObject({ statusCode: 302, error: null });
    expect(requests).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    behaviour = () => {};

    const result = await post(`https://localhost:${port}/hook`, { policy: policy() }, 300);

    expect(result).toMatchObject({ statusCode: null, error: 'no response within 300 ms' });
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const result = await post(`https://localhost:${closedPort}/hook`, { policy: policy() });

    expect(result).toMatchObject({ statusCode: null, error: 'connection refused' });
  });

  it('refuses a certificate from a CA it does not trust', async () => {
    const result = await post(`https://localhost:${port}/hook`, { policy: policy({ extraCa: undefined }) });

    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|unable to verify/i);
  });
});
