import { ValidationError } from '../errors.ts';

/** The formats partners may be sent, by the type image-size detects. */
const formats = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageContentType = (typeof formats)[keyof typeof formats];

/** docs/contract.md, Limits: images of at most 5 MB, read as 5 MiB. */
export const maxImageBytes = 5 * 1024 * 1024;
/**
 * The largest image sent as the request body itself. In AWS a binary body reaches the Lambda
 * base64-encoded inside its event, and a synchronous invocation carries at most 6 MB: 4 MiB grows
 * to 5.33 MiB and leaves room for the headers, so every stage answers the same. Larger images (up to
 * `maxImageBytes`) go straight to S3 through an upload URL (docs/catalog-admin.md, Images).
 */
export const maxDirectUploadBytes = 4 * 1024 * 1024;
/** Larger sides only make partner apps decode huge bitmaps; no catalog photo needs more. */
export const maxImageSide = 16384;

export interface ImageContent {
  contentType: ImageContentType;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

/**
 * The file is whole, as far as its container tells: a PNG ends with its IEND chunk, a JPEG with the
 * EOI marker, a WebP's RIFF header names its exact length. A cut-off upload fails here even when its
 * header (and so its size) survived.
 */
function isComplete(contentType: ImageContentType, bytes: Uint8Array): boolean {
  const length = bytes.length;
  if (contentType === 'image/png') {
    return (
      length >= 8 + 25 + 12 &&
      ascii(bytes, 12, 16) === 'IHDR' &&
      ascii(bytes, length - 8, length - 4) === 'IEND'
    );
  }
  if (contentType === 'image/jpeg') return bytes[length - 2] === 0xff && bytes[length - 1] === 0xd9;
  const riffSize = Buffer.from(bytes.subarray(4, 8)).readUInt32LE(0);
  return ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP' && riffSize + 8 === length;
}

export const tooLarge = (bytes: number) => `At most ${maxImageBytes} bytes (5 MiB); this is ${bytes}`;

const refusal = (path: string) => (message: string) =>
  new ValidationError('The image is not accepted.', [{ path, message }]);

/**
 * What the bytes are, read from the bytes alone (magic numbers and the header with the dimensions),
 * never from a file name: PNG, JPEG or WebP, whole, 1..16384 pixels a side, at most 5 MiB; anything
 * else is a 422 on `path` (`body` for an upload in the request, `upload` for a file put through an
 * upload URL). The Content-Type sent must name the same format.
 */
export async function inspectImage(
  bytes: Uint8Array,
  declaredType: string | undefined,
  path: 'body' | 'upload' = 'body',
): Promise<ImageContent> {
  const refuse = refusal(path);
  if (bytes.length === 0) throw refuse('The file is empty: send the image file itself');
  if (bytes.length > maxImageBytes) throw refuse(tooLarge(bytes.length));
  // Loaded by the first image: no other request of the function reads one.
  const { imageSize } = await import('image-size');
  let detected: { type?: string; width?: number; height?: number };
  try {
    detected = imageSize(bytes);
  } catch {
    throw refuse('Not a PNG, JPEG or WebP image');
  }
  const contentType = formats[detected.type as keyof typeof formats];
  if (!contentType)
    throw refuse(`A ${detected.type ?? 'file of unknown type'}, not a PNG, JPEG or WebP image`);
  if (!isComplete(contentType, bytes)) throw refuse(`The ${contentType} file is truncated or malformed`);
  const { width = 0, height = 0 } = detected;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw refuse('The image header names no size');
  if (width > maxImageSide || height > maxImageSide)
    throw refuse(`At most ${maxImageSide} pixels a side; this is ${width}x${height}`);
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (declared !== contentType)
    throw refuse(`The content is ${contentType}, but Content-Type says ${declared ?? 'nothing'}`);
  return { contentType, width, height };
}
