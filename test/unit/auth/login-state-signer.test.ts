import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createLoginStateSigner, loginStateKeysFrom } from '../../../shared/auth/login-state-signer.ts';

const now = new Date('2026-05-01T10:00:00.000Z');
const inTenMinutes = new Date(now.getTime() + 600_000);
const state = {
  stateId: '3f0c9a57-6d1b-4c57-9a57-5a2b6f0c9a57',
  redirectUri: 'https://console.test/callback',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  appState: 'xyz',
};

describe('login state signer', () => {
  it('verifies its own state until it expires, then reports it expired', async () => {
    const signer = createLoginStateSigner({ issuer: 'https://auth.test', keys: [randomBytes(32)] });
    const token = await signer.sign(state, inTenMinutes);
    expect(await signer.verify(token, now)).toEqual({ valid: true, state });
    expect(await signer.verify(token, new Date(inTenMinutes.getTime() - 1000))).toEqual({
      valid: true,
      state,
    });
    expect(await signer.verify(token, inTenMinutes)).toEqual({ valid: false, problem: 'expired' });
  });

  it('still verifies a state signed with the previous key during a rotation', async () => {
    const previous = randomBytes(32);
    const old = createLoginStateSigner({ issuer: 'https://auth.test', keys: [previous] });
    const rotated = createLoginStateSigner({
      issuer: 'https://auth.test',
      keys: [randomBytes(32), previous],
    });
    expect(await rotated.verify(await old.sign(state, inTenMinutes), now)).toEqual({ valid: true, state });
  });

  it('calls a state of an unknown key invalid, even an expired one', async () => {
    const signer = createLoginStateSigner({ issuer: 'https://auth.test', keys: [randomBytes(32)] });
    const other = createLoginStateSigner({ issuer: 'https://auth.test', keys: [randomBytes(32)] });
    const token = await other.sign(state, inTenMinutes);
    expect(await signer.verify(token, now)).toEqual({ valid: false, problem: 'invalid' });
    expect(await signer.verify(token, new Date(inTenMinutes.getTime() + 1000))).toEqual({
      valid: false,
      problem: 'invalid',
    });
  });

  it("refuses another stage's state (other issuer) and another token type signed with the same key", async () => {
    const key = randomBytes(32);
    const signer = createLoginStateSigner({ issuer: 'https://auth.test', keys: [key] });
    const otherStage = createLoginStateSigner({ issuer: 'https://auth.other.test', keys: [key] });
    expect(await signer.verify(await otherStage.sign(state, inTenMinutes), now)).toEqual({
      valid: false,
      problem: 'invalid',
    });
    const plainJwt = await new SignJWT({ rdu: state.redirectUri, cch: state.codeChallenge, ast: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://auth.test')
      .setAudience('employee-login-callback')
      .setJti('id')
      .setExpirationTime(Math.floor(inTenMinutes.getTime() / 1000))
      .sign(key);
    expect(await signer.verify(plainJwt, now)).toEqual({ valid: false, problem: 'invalid' });
  });

  it('calls garbage invalid', async () => {
    const signer = createLoginStateSigner({ issuer: 'https://auth.test', keys: [randomBytes(32)] });
    for (const token of ['', 'abc', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJqdGkiOiJ4In0.'])
      expect(await signer.verify(token, now)).toEqual({ valid: false, problem: 'invalid' });
  });

  it('refuses keys shorter than 256 bits', () => {
    expect(() => createLoginStateSigner({ issuer: 'https://auth.test', keys: [randomBytes(16)] })).toThrow(
      /32 bytes/,
    );
    expect(() => createLoginStateSigner({ issuer: 'https://auth.test', keys: [] })).toThrow(/32 bytes/);
  });
});

describe('the login state key secret', () => {
  const hex = (byte: string) => byte.repeat(32);

  it('holds one hex key, or a list during a rotation, the signing key first', () => {
    expect(loginStateKeysFrom(hex('ab'))).toEqual([Uint8Array.from(Buffer.from(hex('ab'), 'hex'))]);
    expect(loginStateKeysFrom(JSON.stringify({ keys: [hex('01'), hex('02')] })).map((key) => key[0])).toEqual(
      [1, 2],
    );
  });

  it('refuses a key shorter than 256 bits, one that is not hex, and an empty list', () => {
    for (const value of ['abcd', 'z'.repeat(64), '{"keys": []}', '{"keys": "x"}', '{nope'])
      expect(() => loginStateKeysFrom(value), value).toThrow('The login state key secret');
  });
});
