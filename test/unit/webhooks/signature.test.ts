import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  hexSignature,
  signatureHeaders,
  standardSignature,
  verifyHexSignature,
} from '../../../shared/domain/webhooks/signature.ts';

// Vectors computed independently with `openssl dgst -sha256 -hmac <secret>`.
const body =
  '{"id":"evt_1","event":"webhook.ping","timestamp":"2025-01-01T00:00:00.000Z","data":{"webhook_id":"w"}}';
const current = 'whsec-test-secret-0001';
const previous = 'old-secret-abcdefgh';
const sentAt = new Date('2025-01-01T00:00:00.000Z');

describe('webhook signatures', () => {
  it('signs the raw body as sha256=<lowercase hex HMAC>', () => {
    expect(hexSignature(current, body)).toBe(
      'sha256=2c7859423e0a3071ea87f048f76ca6d8b1f5c086921e818b06ddd407da90675f',
    );
  });

  it('keys the HMAC with the UTF-8 bytes of a non-ASCII secret', () => {
    expect(hexSignature('sécret-ünïcode-1234', body)).toBe(
      'sha256=fbb203c0a4ab4e4e8d2625c8d57ed3cbae49d9cfc44cb1a1fa614f3deb21a57c',
    );
  });

  it('signs "<id>.<timestamp>.<body>" in base64 for Standard Webhooks', () => {
    expect(standardSignature(current, 'evt_1', 1735689600, body)).toBe(
      'v1,gZsa8qPYfyoMxNn4IZv80hkzAJnjx+3anPKOcocDKSc=',
    );
  });

  it('carries one value per header outside a grace period', () => {
    const headers = signatureHeaders({ id: 'evt_1', body, secrets: [current], sentAt });

    expect(headers).toEqual({
      'X-Webhook-Id': 'evt_1',
      'X-Webhook-Signature': 'sha256=2c7859423e0a3071ea87f048f76ca6d8b1f5c086921e818b06ddd407da90675f',
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1735689600',
      'webhook-signature': 'v1,gZsa8qPYfyoMxNn4IZv80hkzAJnjx+3anPKOcocDKSc=',
    });
  });

  it('carries the current secret first, then the previous one, during a grace period', () => {
    const headers = signatureHeaders({ id: 'evt_1', body, secrets: [current, previous], sentAt });

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
    const headers = signatureHeaders({ id: 'evt_1', body, secrets: [current, previous], sentAt: now });

    for (const secret of [current, previous]) {
      const verifier = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
      expect(verifier.verify(body, headers)).toEqual(JSON.parse(body));
    }
    expect(() =>
      new Webhook(Buffer.from('another-secret-xyz'), { format: 'raw' }).verify(body, headers),
    ).toThrow();
  });

  it('accepts any listed hex value on the receiving side and refuses a tampered body', () => {
    const header = signatureHeaders({ id: 'evt_1', body, secrets: [current, previous], sentAt })[
      'X-Webhook-Signature'
    ];

    expect(verifyHexSignature(header, previous, body)).toBe(true);
    expect(verifyHexSignature(header, current, `${body} `)).toBe(false);
    expect(verifyHexSignature(header, 'not-the-secret-123', body)).toBe(false);
  });
});
