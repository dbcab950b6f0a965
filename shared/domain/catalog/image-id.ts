/**
 * The id of an uploaded image: a UUIDv8 (RFC 9562, section 5.8) made of the first 122 bits of the
 * image's SHA-256. The same bytes always get the same id, so an id names its bytes for good (the image
 * operation may tell caches it is immutable), and uploading the same image twice creates nothing new.
 */
export function imageIdFor(sha256Hex: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256Hex)) throw new Error('imageIdFor expects a SHA-256 in lower-case hex');
  const bytes = Buffer.from(sha256Hex.slice(0, 32), 'hex');
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
