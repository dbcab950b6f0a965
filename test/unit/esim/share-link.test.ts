import { describe, expect, it } from 'vitest';
import {
  shareLinkExpiry,
  shareLinkValidityDays,
  shareUrl,
  signShareToken,
  verifyShareToken,
} from '../../../shared/domain/esim/share-link.ts';
import { TestClock } from '../../../shared/util/clock.ts';

const key = Buffer.alloc(32, 7);
const otherKey = Buffer.alloc(32, 8);
const subject = { accountId: '0b6f4b7e-4a53-4bd1-9a51-4c3f2b8e9d10', iccid: '8988299000000000016' };
const issuedAt = new Date('2030-05-01T10:00:00.000Z');
const dayMs = 86_400_000;

const flip = (text: string, at: number) =>
  `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;

describe('the share link token', () => {
  it('verifies with its key and names the account and eSIM until the end of the UTC day 30 days after issue', () => {
    const token = signShareToken(key, subject, issuedAt);

    expect(verifyShareToken(key, token, issuedAt)).toEqual({
      valid: true,
      claims: { ...subject, expiresAt: new Date('2030-06-01T00:00:00.000Z') },
    });
  });

  it('is the same link for every answer of one UTC day', () => {
    expect(signShareToken(key, subject, new Date('2030-05-01T00:00:01.000Z'))).toBe(
      signShareToken(key, subject, new Date('2030-05-01T23:59:59.000Z')),
    );
    expect(shareLinkExpiry(new Date('2030-05-01T00:00:00.000Z'))).toEqual(
      new Date('2030-05-31T00:00:00.000Z'),
    );
  });

  it('expires at the end of the UTC day 30 days after issue, judged by the clock moved on', () => {
    const clock = TestClock.stoppedAt(issuedAt);
    const token = signShareToken(key, subject, clock.now());

    // 30 days after 10:00 is 10:00; the link lasts until that day's end, 14 hours on.
    clock.advance(shareLinkValidityDays * dayMs + 14 * 3_600_000 - 1000);
    expect(verifyShareToken(key, token, clock.now()).valid).toBe(true);
    clock.advance(1000);
    expect(verifyShareToken(key, token, clock.now())).toEqual({ valid: false, reason: 'expired' });
  });

  it('is tampered when any character of the payload or signature changes', () => {
    const token = signShareToken(key, subject, issuedAt);
    const dot = token.indexOf('.');

    for (const at of [0, dot - 1, dot + 1, token.length - 2]) {
      expect(verifyShareToken(key, flip(token, at), issuedAt).valid).toBe(false);
    }
    expect(verifyShareToken(key, flip(token, 0), issuedAt)).toEqual({ valid: false, reason: 'tampered' });
  });

  it("is tampered when another eSIM's payload is put under a valid signature", () => {
    const token = signShareToken(key, subject, issuedAt);
    const forged = Buffer.from(
      JSON.stringify({ v: 1, a: subject.accountId, i: '8988299000000000024', e: 2_000_000_000 }),
    ).toString('base64url');

    expect(verifyShareToken(key, `${forged}.${token.split('.')[1]}`, issuedAt)).toEqual({
      valid: false,
      reason: 'tampered',
    });
  });

  it('is tampered under another key', () => {
    expect(verifyShareToken(otherKey, signShareToken(key, subject, issuedAt), issuedAt)).toEqual({
      valid: false,
      reason: 'tampered',
    });
  });

  it.each(['', 'abc', 'a.b.c', '.x', 'x.', 'a b.c', 'ab.%%%'])('is malformed for %j', (token) => {
    expect(verifyShareToken(key, token, issuedAt)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('carries the token in the fragment of the page URL', () => {
    expect(shareUrl('https://esim.example.com/', 'p.s')).toBe('https://esim.example.com/#t=p.s');
    expect(shareUrl('https://127.0.0.1:8451', 'p.s')).toBe('https://127.0.0.1:8451/#t=p.s');
  });
});
