/**
 * An ECDSA P-256 signature as DER (SEQUENCE { INTEGER r, INTEGER s }), as node:crypto's fast path and
 * KMS answer it, in the form JWS requires (RFC 7518 section 3.4, IEEE P1363): r and s as 32 big-endian
 * bytes each. node:crypto can answer that form itself (`dsaEncoding: 'ieee-p1363'`), but only through
 * its options-object path, which costs about twice the signature (docs/bench.md); KMS cannot.
 */
export function p1363FromDer(der: Uint8Array): Buffer {
  const bytes = Buffer.from(der.buffer, der.byteOffset, der.byteLength);
  const size = 32;
  const signature = Buffer.alloc(size * 2);
  // A P-256 signature is at most 72 bytes: the SEQUENCE length fits in one byte.
  if (bytes[0] !== 0x30 || bytes[1] !== bytes.length - 2) throw new Error('Not a DER ECDSA signature');
  let offset = 2;
  for (const half of [0, 1]) {
    const length = bytes[offset + 1] ?? 0;
    if (bytes[offset] !== 0x02 || length === 0) throw new Error('Not a DER ECDSA signature');
    let value = bytes.subarray(offset + 2, offset + 2 + length);
    // DER adds a zero byte before a value whose top bit is set; JWS has fixed-width unsigned values.
    while (value.length > size && value[0] === 0) value = value.subarray(1);
    if (value.length > size) throw new Error('Not a P-256 signature');
    value.copy(signature, half * size + size - value.length);
    offset += 2 + length;
  }
  if (offset !== bytes.length) throw new Error('Not a DER ECDSA signature');
  return signature;
}
