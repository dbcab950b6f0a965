import { describe, expect, it } from 'vitest';
import { base64UrlDecode, base64UrlEncode, codeChallengeS256, createCodeVerifier } from './pkce.ts';

describe('PKCE helpers', () => {
  it('compute the S256 challenge of the RFC 7636 appendix B example', async () => {
    await expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('make a 43-character verifier of unreserved characters, different every time', () => {
    const verifiers = new Set(Array.from({ length: 50 }, () => createCodeVerifier()));

    expect(verifiers.size).toBe(50);
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('derive base64url(SHA-256(verifier)) for the shortest and the longest verifiers', async () => {
    // Expected values computed independently with node:crypto's createHash('sha256').digest('base64url').
    await expect(codeChallengeS256('a'.repeat(43))).resolves.toBe(
      'ZtNPunH49FD35FWYhT5Tv8I7vRKQJ8uxMaL0_9eHjNA',
    );
    await expect(codeChallengeS256('~._-'.repeat(32))).resolves.toBe(
      '2u_m7DaM-b_h8GhNxUxhdLmXpDSbUbVyika2tMHCJ5s',
    );
  });

  it('refuse a verifier shorter than 43 characters or with reserved characters', async () => {
    await expect(codeChallengeS256('too-short')).rejects.toThrow(/43 to 128/);
    await expect(codeChallengeS256(`${'a'.repeat(43)}+`)).rejects.toThrow(/43 to 128/);
  });

  it('encode and decode base64url without padding', () => {
    const bytes = new Uint8Array([251, 255, 0, 1, 2]);

    expect(base64UrlEncode(bytes)).toBe('-_8AAQI');
    expect([...base64UrlDecode('-_8AAQI')]).toEqual([...bytes]);
    expect(() => base64UrlDecode('not base64!')).toThrow();
  });
});
