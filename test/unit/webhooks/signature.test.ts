import { createPublicKey, verify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  asymmetricSignature,
  generateSecret,
  generateSigningKeyPair,
  hexSignature,
  signatureHeaders,
  standardSignature,
  verifyHexSignature,
  type WebhookKey,
} from '../../../shared/domain/webhooks/signature.ts';

// Vectors computed independently with `openssl dgst -sha256 -hmac <secret>`.
const body =
  '{"id":"evt_1","event":"webhook.ping","timestamp":"2025-01-01T00:00:00.000Z","data":{"webhook_id":"w"}}';
const current: WebhookKey = { secret: 'whsec-test-secret-0001', format: 'utf8' };
const previous: WebhookKey = { secret: 'old-secret-abcdefgh', format: 'utf8' };
/** A generated secret: the 32 bytes after `whsec_` are the key (openssl `-macopt hexkey:<decoded>`). */
const generated: WebhookKey = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwFCc1VbDx6Ww=',
  format: 'standard',
};
const utf8 = (secret: string): WebhookKey => ({ secret, format: 'utf8' });
const sentAt = new Date('2025-01-01T00:00:00.000Z');

describe('webhook signatures', () => {
  it('signs the raw body as sha256=<lowercase hex HMAC>', () => {
    expect(hexSignature(current, body)).toBe(
      'sha256=2c7859423e0a3071ea87f048f76ca6d8b1f5c086921e818b06ddd407da90675f',
    );
  });

  it('keys the HMAC with the UTF-8 bytes of a non-ASCII secret', () => {
    expect(hexSignature(utf8('sécret-ünïcode-1234'), body)).toBe(
      'sha256=fbb203c0a4ab4e4e8d2625c8d57ed3cbae49d9cfc44cb1a1fa614f3deb21a57c',
    );
  });

  it('signs "<id>.<timestamp>.<body>" in base64 for Standard Webhooks', () => {
    expect(standardSignature(current, 'evt_1', 1735689600, body)).toBe(
      'v1,gZsa8qPYfyoMxNn4IZv80hkzAJnjx+3anPKOcocDKSc=',
    );
  });

  it('carries one value per header outside a grace period', () => {
    const headers = signatureHeaders({ id: 'evt_1', body, signing: 'hmac-sha256', keys: [current], sentAt });

    expect(headers).toEqual({
      'X-Webhook-Id': 'evt_1',
      'X-Webhook-Signature': 'sha256=2c7859423e0a3071ea87f048f76ca6d8b1f5c086921e818b06ddd407da90675f',
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1735689600',
      'webhook-signature': 'v1,gZsa8qPYfyoMxNn4IZv80hkzAJnjx+3anPKOcocDKSc=',
    });
  });

  it('carries the current secret first, then the previous one, during a grace period', () => {
    const headers = signatureHeaders({
      id: 'evt_1',
      body,
      signing: 'hmac-sha256',
      keys: [current, previous],
      sentAt,
    });

    expect(headers['X-Webhook-Signature']).toBe(
      'sha256=2c7859423e0a3071ea87f048f76ca6d8b1f5c086921e818b06ddd407da90675f,' +
        'sha256=b153b9bd35d2ec4b9f45fb81e5fe973edf3c2fe81270cbe4f13f2f8b274cf2d5',
    );
    expect(headers['webhook-signature']).toBe(
      'v1,gZsa8qPYfyoMxNn4IZv80hkzAJnjx+3anPKOcocDKSc= v1,M7cHBQ5jNaQdBCEKWIDbzfumWDcGwxuDp96xmHAvy8A=',
    );
  });

  it('verifies with the standardwebhooks library keyed with the raw secret, old or new', () => {
    const now = new Date();
    const headers = signatureHeaders({
      id: 'evt_1',
      body,
      signing: 'hmac-sha256',
      keys: [current, previous],
      sentAt: now,
    });

    for (const { secret } of [current, previous]) {
      const verifier = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
      expect(verifier.verify(body, headers)).toEqual(JSON.parse(body));
    }
    expect(() =>
      new Webhook(Buffer.from('another-secret-xyz'), { format: 'raw' }).verify(body, headers),
    ).toThrow();
  });

  it('accepts any listed hex value on the receiving side and refuses a tampered body', () => {
    const header =
      signatureHeaders({ id: 'evt_1', body, signing: 'hmac-sha256', keys: [current, previous], sentAt })[
        'X-Webhook-Signature'
      ] ?? '';

    expect(verifyHexSignature(header, previous, body)).toBe(true);
    expect(verifyHexSignature(header, current, `${body} `)).toBe(false);
    expect(verifyHexSignature(header, utf8('not-the-secret-123'), body)).toBe(false);
  });

  it('keys a generated (standard) secret with its decoded bytes, both headers', () => {
    expect(hexSignature(generated, body)).toBe(
      'sha256=eb055faac4ae93669a28bce3652d550ccf3c3d6632ee1f52ade471b19c4290fb',
    );
    expect(standardSignature(generated, 'evt_1', 1735689600, body)).toBe(
      'v1,zQd2fvE93A01+R8i7tdSWgF9LXvG1CmzMfPABDGbqcc=',
    );
  });

  it('keys a supplied secret shaped like whsec_ with its UTF-8 bytes, prefix included', () => {
    expect(hexSignature(utf8(generated.secret), body)).toBe(
      'sha256=ef64832db313560525ac73f2d9237831b6fd635bb8993ed49fb9724009e08e12',
    );
  });

  it('verifies a generated secret with the plain new Webhook(secret) of the standardwebhooks library', () => {
    const headers = signatureHeaders({
      id: 'evt_1',
      body,
      signing: 'hmac-sha256',
      keys: [generated],
      sentAt: new Date(),
    });

    expect(new Webhook(generated.secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() =>
      new Webhook(Buffer.from(generated.secret, 'utf8'), { format: 'raw' }).verify(body, headers),
    ).toThrow();
  });

  it('signs with each secret in its own format during a rotation from a supplied secret to a generated one', () => {
    const supplied = utf8('whsec_my-own-secret-chosen-by-me');
    const headers = signatureHeaders({
      id: 'evt_1',
      body,
      signing: 'hmac-sha256',
      keys: [generated, supplied],
      sentAt: new Date(),
    });

    expect(new Webhook(generated.secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(
      new Webhook(Buffer.from(supplied.secret, 'utf8'), { format: 'raw' }).verify(body, headers),
    ).toEqual(JSON.parse(body));
    const hex = headers['X-Webhook-Signature'] ?? '';
    expect(hex.split(',')).toEqual([hexSignature(generated, body), hexSignature(supplied, body)]);
    expect(verifyHexSignature(hex, supplied, body)).toBe(true);
    expect(verifyHexSignature(hex, { ...supplied, format: 'standard' }, body)).toBe(false);
  });

  it('generates whsec_ secrets of 32 random bytes in base64', () => {
    const secrets = [generateSecret(), generateSecret()];

    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    }
    expect(secrets[0]).not.toBe(secrets[1]);
  });
});

/** The receiver's side of v1a with node:crypto alone: the raw public key as a JWK. */
function verifiesV1a(publicKey: string, signature: string, content: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey.slice(5), 'base64').toString('base64url') },
    format: 'jwk',
  });
  return verify(null, Buffer.from(content), key, Buffer.from(signature.slice('v1a,'.length), 'base64'));
}

describe('Ed25519 (Standard Webhooks v1a) signatures', () => {
  const pair = generateSigningKeyPair();

  it('makes whsk_ (64 bytes: seed then public key) and whpk_ (raw 32-byte public key) keys', () => {
    expect(pair.publicKey).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    expect(pair.secretKey).toMatch(/^whsk_[A-Za-z0-9+/]{86}==$/);
    expect(Buffer.from(pair.secretKey.slice(5), 'base64').subarray(32).toString('base64')).toBe(
      pair.publicKey.slice(5),
    );
    expect(generateSigningKeyPair().publicKey).not.toBe(pair.publicKey);
  });

  it('signs "<id>.<timestamp>.<body>" as v1a,<base64 signature> that node:crypto verifies with the public key', () => {
    const signature = asymmetricSignature(pair.secretKey, 'evt_1', 1735689600, body);

    expect(signature).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);
    expect(verifiesV1a(pair.publicKey, signature, `evt_1.1735689600.${body}`)).toBe(true);
    expect(verifiesV1a(pair.publicKey, signature, `evt_1.1735689601.${body}`)).toBe(false);
    expect(verifiesV1a(generateSigningKeyPair().publicKey, signature, `evt_1.1735689600.${body}`)).toBe(
      false,
    );
  });

  it('carries v1a signatures only, without the HMAC-only X-Webhook-Signature; two during a grace period', () => {
    const previous = generateSigningKeyPair();

    const headers = signatureHeaders({
      id: 'evt_1',
      body,
      signing: 'ed25519',
      keys: [
        { secret: pair.secretKey, format: 'standard' },
        { secret: previous.secretKey, format: 'standard' },
      ],
      sentAt,
    });

    expect(headers).not.toHaveProperty('X-Webhook-Signature');
    expect(headers).toMatchObject({
      'X-Webhook-Id': 'evt_1',
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1735689600',
    });
    const [current, old] = headers['webhook-signature'].split(' ');
    expect(verifiesV1a(pair.publicKey, current ?? '', `evt_1.1735689600.${body}`)).toBe(true);
    expect(verifiesV1a(previous.publicKey, old ?? '', `evt_1.1735689600.${body}`)).toBe(true);
  });
});
