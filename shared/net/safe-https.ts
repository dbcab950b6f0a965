import * as dns from 'node:dns/promises';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import type { OutboundRequest, OutboundResult } from '../domain/webhooks/ports.ts';
import { classifyAddress, parseIpLiteral } from './address.ts';
import { type OutboundPolicy, outboundPolicy } from './policy.ts';
import { targetPortProblem } from './port.ts';

/** A target the SSRF guard refuses: its name or literal is (or resolves to) a non-public address. */
export class RefusedAddressError extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

export type Resolver = (hostname: string) => Promise<string[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface GuardOptions {
  policy?: OutboundPolicy;
  /** Tests replace DNS to rebind a name between the check at subscribe time and the connection. */
  resolver?: Resolver;
}

/**
 * Resolves a host and checks every answer: one private answer refuses the name, so a mixed record set
 * cannot smuggle an internal address past the check.
 */
export async function resolvePublicAddresses(
  hostname: string,
  { policy = outboundPolicy(), resolver = systemResolver }: GuardOptions = {},
): Promise<{ address: string; family: 4 | 6 }[]> {
  const literal = parseIpLiteral(hostname);
  const override = policy.resolveOverrides.get(hostname.toLowerCase());
  const addresses = literal ? [literal.toString()] : override ? [override] : await resolver(hostname);
  if (addresses.length === 0) throw new RefusedAddressError(`${hostname} does not resolve`);
  return addresses.map((address) => {
    const verdict = classifyAddress(address, policy);
    if (!verdict.allowed) {
      const subject = literal ? verdict.address : `${hostname} resolves to ${verdict.address}`;
      throw new RefusedAddressError(`${subject}: ${verdict.reason} refused`);
    }
    return { address: verdict.address, family: verdict.address.includes(':') ? 6 : 4 };
  });
}

/**
 * The socket's own DNS lookup: Node calls it when each connection opens, so the address checked is the
 * address connected to and a name that rebinds after the subscribe-time check still fails.
 */
function guardedLookup(options: GuardOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolvePublicAddresses(hostname, options).then(
      (addresses) => {
        const family = lookupOptions.family;
        const usable =
          family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const first = usable[0];
        if (!first) {
          callback(new RefusedAddressError(`${hostname} has no IPv${family} address`), '', 0);
        } else if (lookupOptions.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error instanceof RefusedAddressError) return error.message;
  switch (error.code) {
    case 'ETIMEDOUT':
      return `no response within ${timeoutMs} ms`;
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset by the receiver';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    default:
      return error.code ? `${error.code}: ${error.message}` : error.message;
  }
}

/**
 * The public roots plus the one extra CA (the local stage's), made into a TLS context once per CA:
 * built per request, it parsed every root certificate again, about 8 ms of CPU per delivery.
 */
const trustedContexts = new Map<string, SecureContext>();
function trustingContext(extraCa: string): SecureContext {
  let context = trustedContexts.get(extraCa);
  if (!context) {
    context = createSecureContext({ ca: [...rootCertificates, extraCa] });
    trustedContexts.set(extraCa, context);
  }
  return context;
}

/**
 * POSTs once to an HTTPS endpoint behind the SSRF guard: the port (443 unless allowed) and literal
 * addresses are checked before
 * connecting, names when the socket resolves them; redirects are answered as they come (never
 * followed); the whole exchange is bounded by `timeoutMs`; the response body is drained unread.
 */
export async function postOnce(
  request: OutboundRequest,
  options: GuardOptions = {},
): Promise<OutboundResult> {
  const policy = options.policy ?? outboundPolicy();
  const started = performance.now();
  const result = (statusCode: number | null, error: string | null): OutboundResult => ({
    statusCode,
    latencyMs: Math.round(performance.now() - started),
    error,
  });

  const url = new URL(request.url);
  if (url.protocol !== 'https:') return result(null, 'only https targets are allowed');
  const port = targetPortProblem(url, policy.allowedPorts);
  if (port) return result(null, port);
  if (parseIpLiteral(url.hostname)) {
    try {
      await resolvePublicAddresses(url.hostname, { ...options, policy });
    } catch (error) {
      return result(null, describe(error as NodeJS.ErrnoException, request.timeoutMs));
    }
  }

  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const outgoing = https.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      // A fresh connection per attempt, so every attempt passes the address check again.
      agent: false,
      lookup: guardedLookup({ ...options, policy }),
      ...(policy.extraCa ? { secureContext: trustingContext(policy.extraCa) } : {}),
    });
    const timer = setTimeout(() => {
      outgoing.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
    }, request.timeoutMs);
    outgoing.on('response', (response) => {
      settle(result(response.statusCode ?? null, null));
      response.on('error', () => {});
      response.resume();
      setTimeout(() => response.destroy(), 5_000).unref();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      settle(result(null, describe(error, request.timeoutMs))),
    );
    outgoing.end(request.body);
  });
}
