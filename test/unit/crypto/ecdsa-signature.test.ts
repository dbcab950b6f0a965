import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { p1363FromDer } from '../../../shared/crypto/ecdsa-signature.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

describe('an ES256 signature turned from DER into the JWS form', () => {
  it('is exactly what node:crypto answers as ieee-p1363, for every one of many signatures', () => {
    for (let index = 0; index < 500; index++) {
      const data = Buffer.from(`header.payload-${index}`);
      const der = sign('sha256', data, privateKey);
      const converted = p1363FromDer(der);

      expect(converted).toHaveLength(64);
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, converted)).toBe(true);
    }
  });

  it('pads short values and drops the sign byte DER puts before a high top bit', () => {
    // r = 0x01 (one byte), s = 0x80 followed by 31 bytes (DER: a leading zero, 33 bytes).
    const s = Buffer.concat([Buffer.from([0x80]), Buffer.alloc(31, 0x11)]);
    const der = Buffer.concat([Buffer.from([0x30, 2 + 1 + 2 + 33, 0x02, 1, 0x01, 0x02, 33, 0x00]), s]);

    const converted = p1363FromDer(der);

    expect(converted.subarray(0, 32)).toEqual(Buffer.concat([Buffer.alloc(31), Buffer.from([0x01])]));
    expect(converted.subarray(32)).toEqual(s);
  });

  it('refuses bytes that are not a DER ECDSA signature of P-256', () => {
    expect(() => p1363FromDer(Buffer.from([0x31, 0x00]))).toThrow('Not a DER ECDSA signature');
    expect(() => p1363FromDer(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]))).toThrow(
      'Not a DER ECDSA signature',
    );
    const tooLong = Buffer.concat([Buffer.from([0x30, 2 + 34 + 3, 0x02, 34]), Buffer.alloc(34, 0x7f)]);
    expect(() => p1363FromDer(Buffer.concat([tooLong, Buffer.from([0x02, 0x01, 0x01])]))).toThrow(
      'Not a P-256 signature',
    );
  });
});
