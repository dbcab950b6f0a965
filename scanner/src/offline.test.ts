import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkOffline } from './offline.ts';

const now = new Date('2030-05-01T10:00:00Z');
const items = { lounges: ['lounge-1'], fast_tracks: ['lane-1'] };
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

async function passKeys() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'pass-1', alg: 'ES256' };
  const sign = (claims: { sid?: string; svc?: string; nbf?: string; exp?: string; typ?: string }) =>
    new SignJWT({ bid: 'booking-1', svc: claims.svc ?? 'Lounge', sid: claims.sid ?? 'lounge-1', gst: 3 })
      .setProtectedHeader({ alg: 'ES256', kid: 'pass-1', typ: claims.typ ?? 'pass+jwt' })
      .setSubject('pass-1')
      .setIssuedAt(seconds(claims.nbf ?? '2030-05-01T08:00:00Z'))
      .setNotBefore(seconds(claims.nbf ?? '2030-05-01T08:00:00Z'))
      .setExpirationTime(seconds(claims.exp ?? '2030-05-01T12:00:00Z'))
      .sign(privateKey);
  return { jwks: { keys: [jwk] }, sign };
}

describe('the offline check of a pass QR', () => {
  it('accepts a pass signed by a published key, in its window, for an item of this venue', async () => {
    const { jwks, sign } = await passKeys();

    expect(await checkOffline(await sign({}), jwks, items, now)).toEqual({
      ok: true,
      pass: {
        passId: 'pass-1',
        serviceType: 'Lounge',
        itemId: 'lounge-1',
        guestsCount: 3,
        validFrom: '2030-05-01T08:00:00.000Z',
        validUntil: '2030-05-01T12:00:00.000Z',
      },
    });
  });

  it('refuses a pass outside its validity window as PassExpired, 30 s of skew forgiven', async () => {
    const { jwks, sign } = await passKeys();
    const over = await sign({ exp: '2030-05-01T09:59:00Z' });
    const early = await sign({ nbf: '2030-05-01T10:05:00Z' });
    const justOver = await sign({ exp: '2030-05-01T09:59:40Z' });

    expect(await checkOffline(over, jwks, items, now)).toEqual({ ok: false, refusal: 'PassExpired' });
    expect(await checkOffline(early, jwks, items, now)).toEqual({ ok: false, refusal: 'PassExpired' });
    expect((await checkOffline(justOver, jwks, items, now)).ok).toBe(true);
  });

  it('refuses a pass for an item the venue does not operate as PassNotValidHere', async () => {
    const { jwks, sign } = await passKeys();

    expect(await checkOffline(await sign({ sid: 'lounge-2' }), jwks, items, now)).toEqual({
      ok: false,
      refusal: 'PassNotValidHere',
    });
    expect((await checkOffline(await sign({ svc: 'FastTrack', sid: 'lane-1' }), jwks, items, now)).ok).toBe(
      true,
    );
  });

  it('refuses a foreign signature, another typ and garbage as no pass of this service', async () => {
    const { jwks, sign } = await passKeys();
    const other = await passKeys();

    expect(await checkOffline(await other.sign({}), jwks, items, now)).toEqual({
      ok: false,
      refusal: 'InvalidQr',
    });
    expect(await checkOffline(await sign({ typ: 'at+jwt' }), jwks, items, now)).toEqual({
      ok: false,
      refusal: 'InvalidQr',
    });
    expect(await checkOffline('not a pass', jwks, items, now)).toEqual({ ok: false, refusal: 'InvalidQr' });
  });

  it('says so when the device never downloaded the pass keys', async () => {
    const { sign } = await passKeys();

    expect(await checkOffline(await sign({}), undefined, items, now)).toEqual({
      ok: false,
      refusal: 'NoPassKeys',
    });
  });
});
