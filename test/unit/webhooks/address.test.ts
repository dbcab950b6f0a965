import { describe, expect, it } from 'vitest';
import { webhookUrlShapeProblem } from '../../../shared/domain/webhooks/url-shape.ts';
import { classifyAddress, parseIpLiteral } from '../../../shared/net/address.ts';
import type { OutboundPolicy } from '../../../shared/net/policy.ts';
import { postOnce, RefusedAddressError, resolvePublicAddresses } from '../../../shared/net/safe-https.ts';
import { webhookUrlProblem } from '../../../shared/net/webhook-url.ts';

const strict: OutboundPolicy = {
  allowLoopback: false,
  allowedPorts: [],
  extraCa: undefined,
  resolveOverrides: new Map(),
};
const local: OutboundPolicy = { ...strict, allowLoopback: true };
const noDns = async (hostname: string): Promise<string[]> => {
  throw new Error(`unexpected DNS lookup of ${hostname}`);
};

describe('the SSRF address classification', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x0a.0.0.1', '10.0.0.1'],
    ['012.1', '10.0.0.1'],
    ['10.1', '10.0.0.1'],
    ['167772161', '10.0.0.1'],
    ['[::1]', '::1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['::10.0.0.1', '::a00:1'],
    ['[::10.0.0.1]', '::a00:1'],
    ['0:0:0:0:0:0:10.0.0.1', '::a00:1'],
    ['[64:ff9b::10.0.0.1]', '64:ff9b::a00:1'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
    ['[fe80::1%eth0]', 'fe80::1%eth0'],
  ])('normalizes the literal %s to %s', (literal, normalized) => {
    expect(parseIpLiteral(literal)?.toString()).toBe(normalized);
  });

  it.each(['partner.example.com', 'x@127.0.0.1', '127.0.0.1/x', '10.0.0.1%eth0', 'foo.123', ''])(
    'reads %j as a hostname, not an IP literal',
    (host) => {
      expect(parseIpLiteral(host)).toBeUndefined();
    },
  );

  it.each([
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['169.254.1.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fdff::1', 'uniqueLocal'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    // IPv6 forms that carry an IPv4 address are judged by the address they carry.
    ['::10.0.0.1', 'ipv4Compatible address carrying 10.0.0.1 (private address)'],
    ['::a00:1', 'ipv4Compatible address carrying 10.0.0.1'],
    ['[::a00:1]', 'ipv4Compatible'],
    ['::7f00:1', 'ipv4Compatible address carrying 127.0.0.1 (loopback address)'],
    ['::a9fe:a9fe', 'carrying 169.254.169.254 (cloud metadata address)'],
    ['::2', 'ipv4Compatible address carrying 0.0.0.2 (unspecified address)'],
    ['::ffff:10.0.0.1', 'ipv4Mapped address carrying 10.0.0.1'],
    ['::ffff:c0a8:101', 'ipv4Mapped address carrying 192.168.1.1'],
    ['::ffff:0:10.0.0.1', 'rfc6145 address carrying 10.0.0.1'],
    ['64:ff9b::10.0.0.1', 'rfc6052 address carrying 10.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'carrying 169.254.169.254'],
    ['64:ff9b:1::808:808', 'rfc6052 local-use NAT64 address'],
    ['64:ff9b:1:ffff::1', 'local-use'],
    ['2002:a00:1::1', '6to4 address carrying 10.0.0.1'],
    ['2002:c0a8:101:1::', '6to4 address carrying 192.168.1.1'],
    ['2002:a9fe:a9fe::', '6to4 address carrying 169.254.169.254'],
    // Teredo: the server 10.0.0.1, or the client 10.0.0.1 stored with its bits inverted.
    ['2001:0:a00:1::f7f7:f7f7', 'teredo address carrying 10.0.0.1'],
    ['2001:0:808:808::f5ff:fffe', 'teredo address carrying 10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo address carrying 192.0.2.45 (reserved address)'],
    // A zone id names an interface of this machine, whatever the address.
    ['fe80::1%eth0', 'zone id'],
    ['2606:4700::1111%eth0', 'zone id'],
  ])('refuses %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address, strict);

    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed ? '' : verdict.reason).toContain(reason);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '::808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:808:808::f7f7:f7f7',
  ])('allows the public address %s, also when an IPv6 address carries it', (address) => {
    expect(classifyAddress(address, strict).allowed).toBe(true);
  });

  it('allows loopback only when the policy says so, and nothing else private with it', () => {
    expect(classifyAddress('127.0.0.1', local).allowed).toBe(true);
    expect(classifyAddress('::1', local).allowed).toBe(true);
    expect(classifyAddress('10.0.0.1', local).allowed).toBe(false);
    expect(classifyAddress('169.254.169.254', local).allowed).toBe(false);
    expect(classifyAddress('::ffff:127.0.0.1', local).allowed).toBe(false);
    expect(classifyAddress('::7f00:1', local).allowed).toBe(false);
    expect(classifyAddress('64:ff9b::7f00:1', local).allowed).toBe(false);
  });
});

describe('the subscribe-time URL check', () => {
  it.each([
    ['http://partner.example.com/hook', 'must use https'],
    ['https://user:pass@partner.example.com/hook', 'must not contain credentials'],
    ['https://partner.example.com/hook#part', 'must not contain a fragment'],
    ['partner.example.com/hook', 'must be an absolute URL'],
  ])('refuses %s: %s', (url, problem) => {
    expect(webhookUrlShapeProblem(url)).toBe(problem);
  });

  it.each([
    'https://2130706433/hook',
    'https://0x7f000001/hook',
    'https://0177.0.0.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00:ec2::254]/',
    'https://100.64.0.1/',
    'https://10.1.2.3/',
    'https://172.16.5.4/',
    'https://192.168.0.10/',
    'https://[fc00::1]/',
    'https://[fe80::1]/',
    'https://[::10.0.0.1]/h',
    'https://[::a00:1]/h',
    'https://[0:0:0:0:0:0:10.0.0.1]/h',
    'https://[::ffff:10.0.0.1]/h',
    'https://[::ffff:0:10.0.0.1]/h',
    'https://[64:ff9b::10.0.0.1]/h',
    'https://[64:ff9b:1::808:808]/h',
    'https://[2002:a00:1::1]/h',
    'https://[2001:0:a00:1::f7f7:f7f7]/h',
    'https://10.1/h',
    'https://012.0.0.1/h',
    'https://0xa.0.0.1/h',
    'https://167772161/h',
  ])('refuses the non-public literal in %s without any DNS lookup', async (url) => {
    expect(await webhookUrlProblem(url, { policy: strict, resolver: noDns })).toMatch(
      /must reach a public address/,
    );
  });

  it('refuses a zone id in a URL as a malformed URL', async () => {
    expect(await webhookUrlProblem('https://[fe80::1%25eth0]/h', { policy: strict, resolver: noDns })).toBe(
      'must be an absolute URL',
    );
  });

  it('accepts a literal IPv6 address that carries a public IPv4 address', async () => {
    expect(
      await webhookUrlProblem('https://[64:ff9b::8.8.8.8]/h', { policy: strict, resolver: noDns }),
    ).toBeUndefined();
  });

  it('refuses a name that resolves to an IPv4-compatible form of a private address', async () => {
    const resolver = async () => ['::a00:1'];

    expect(await webhookUrlProblem('https://compat.example.com/', { policy: strict, resolver })).toMatch(
      /compat\.example\.com resolves to ::a00:1: ipv4Compatible address carrying 10\.0\.0\.1/,
    );
  });

  it('refuses a name that resolves to any private address', async () => {
    const resolver = async () => ['93.184.216.34', '10.0.0.7'];

    expect(await webhookUrlProblem('https://mixed.example.com/', { policy: strict, resolver })).toMatch(
      /mixed\.example\.com resolves to 10\.0\.0\.7/,
    );
  });

  it('accepts a name that resolves to public addresses only', async () => {
    const resolver = async () => ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'];

    expect(
      await webhookUrlProblem('https://partner.example.com/hook', { policy: strict, resolver }),
    ).toBeUndefined();
  });

  it.each([
    ['https://partner.example.com/hook', undefined],
    ['https://partner.example.com:443/hook', undefined],
    ['https://partner.example.com:8443/hook', 'must use port 443 (port 8443 is not allowed)'],
    ['https://partner.example.com:22/hook', 'must use port 443 (port 22 is not allowed)'],
    ['https://partner.example.com:80/hook', 'must use port 443 (port 80 is not allowed)'],
  ])('takes port 443 only by default: %s', async (url, problem) => {
    const resolver = async () => ['93.184.216.34'];

    expect(await webhookUrlProblem(url, { policy: strict, resolver })).toBe(problem);
  });

  it('takes another port only from the allow-list (WEBHOOK_ALLOWED_PORTS), before any lookup', async () => {
    const policy = {
      ...strict,
      allowedPorts: [
        { from: 8443, to: 8443 },
        { from: 9000, to: 9100 },
      ],
    };
    const resolver = async () => ['93.184.216.34'];

    expect(
      await webhookUrlProblem('https://partner.example.com:8443/', { policy, resolver }),
    ).toBeUndefined();
    expect(
      await webhookUrlProblem('https://partner.example.com:9100/', { policy, resolver }),
    ).toBeUndefined();
    expect(await webhookUrlProblem('https://partner.example.com:9101/', { policy, resolver: noDns })).toBe(
      'must use port 443 (port 9101 is not allowed)',
    );
  });

  it('pins names only through the policy overrides (WEBHOOK_RESOLVE on the local stage)', async () => {
    const policy = { ...local, resolveOverrides: new Map([['internal.webhook.test', '10.0.0.7']]) };

    expect(await webhookUrlProblem('https://internal.webhook.test/', { policy, resolver: noDns })).toMatch(
      /private address/,
    );
  });
});

describe('the connection-time address guard', () => {
  it.each([['::a00:1'], ['64:ff9b::a00:1'], ['2002:a00:1::'], ['::ffff:a00:1']])(
    'refuses a name the socket lookup resolves to %s, before connecting',
    async (address) => {
      const resolver = async () => [address];

      await expect(
        resolvePublicAddresses('partner.example.com', { policy: local, resolver }),
      ).rejects.toThrow(RefusedAddressError);
      const result = await postOnce(
        { url: 'https://partner.example.com/h', body: '{}', headers: {}, timeoutMs: 1_000 },
        { policy: local, resolver },
      );
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/partner\.example\.com resolves to .*carrying 10\.0\.0\.1.*refused/);
    },
  );

  it('refuses the literal https://[::10.0.0.1]/h before any connection', async () => {
    const result = await postOnce(
      { url: 'https://[::10.0.0.1]/h', body: '{}', headers: {}, timeoutMs: 1_000 },
      { policy: local, resolver: noDns },
    );

    expect(result).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/^::a00:1: ipv4Compatible/),
    });
  });
});
