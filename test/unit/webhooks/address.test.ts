import { describe, expect, it } from 'vitest';
import { classifyAddress, parseIpLiteral } from '../../../shared/net/address.ts';
import type { OutboundPolicy } from '../../../shared/net/policy.ts';
import { webhookUrlProblem, webhookUrlShapeProblem } from '../../../shared/net/webhook-url.ts';

const strict: OutboundPolicy = { allowLoopback: false, extraCa: undefined, resolveOverrides: new Map() };
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
    ['[::1]', '::1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
  ])('normalizes the literal %s to %s', (literal, normalized) => {
    expect(parseIpLiteral(literal)?.toString()).toBe(normalized);
  });

  it.each([
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
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
  ])('refuses %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address, strict);

    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed ? '' : verdict.reason).toContain(reason);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111'])(
    'allows the public address %s',
    (address) => {
      expect(classifyAddress(address, strict).allowed).toBe(true);
    },
  );

  it('allows loopback only when the policy says so, and nothing else private with it', () => {
    expect(classifyAddress('127.0.0.1', local).allowed).toBe(true);
    expect(classifyAddress('::1', local).allowed).toBe(true);
    expect(classifyAddress('10.0.0.1', local).allowed).toBe(false);
    expect(classifyAddress('169.254.169.254', local).allowed).toBe(false);
    expect(classifyAddress('::ffff:127.0.0.1', local).allowed).toBe(false);
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
  ])('refuses the non-public literal in %s without any DNS lookup', async (url) => {
    expect(await webhookUrlProblem(url, { policy: strict, resolver: noDns })).toMatch(
      /must reach a public address/,
    );
  });

  it('refuses a name when any of its addresses is private', async () => {
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

  it('pins names only through the policy overrides (WEBHOOK_RESOLVE on the local stage)', async () => {
    const policy = { ...local, resolveOverrides: new Map([['internal.webhook.test', '10.0.0.7']]) };

    expect(await webhookUrlProblem('https://internal.webhook.test/', { policy, resolver: noDns })).toMatch(
      /private address/,
    );
  });
});
