import type { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config/env.ts';
import { onReset } from '../config/reset.ts';

/**
 * Catalog image bytes in S3, content-addressed: the object key is `images/<sha256>`, so an object is
 * never overwritten with other bytes and any reader may cache it for good. Only the catalog function
 * reads (GetObject) and only catalog administration writes (PutObject); nothing deletes. Files put
 * through upload URLs wait under `uploads/` (shared/storage/image-uploads.ts).
 */
let client: S3Client | undefined;

/**
 * The S3 SDK and the module-scope client, loaded with the first image read or written: most requests
 * of the catalog and of catalog administration touch no image, and S3 was about a fifth of their cold
 * start (docs/bench.md, "Cold start"). Deployed, the SDK is a bundle of its own (shared/aws/s3-sdk.ts).
 * On the local stage the SQS emulator serves S3 (path-style addressing).
 */
export async function s3(): Promise<{ client: S3Client; sdk: typeof import('../aws/s3-sdk.ts') }> {
  const sdk = await import('../aws/s3-sdk.ts');
  if (!client) {
    const { region, s3Endpoint } = config();
    client = new sdk.S3Client({
      region,
      ...(s3Endpoint ? { endpoint: s3Endpoint, forcePathStyle: true } : {}),
      maxAttempts: 3,
      // Checksums only where S3 requires them or we give one (ChecksumSHA256 below): an upload URL
      // signed with the default CRC32 of an empty body would refuse every file put through it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  }
  return { client, sdk };
}

onReset(() => {
  client?.destroy();
  client = undefined;
});

export function bucket(): string {
  const name = config().imagesBucketName;
  if (!name) throw new Error('IMAGES_BUCKET_NAME is not set: this function has no access to catalog images');
  return name;
}

export const imageObjectKey = (sha256: string): string => `images/${sha256}`;

export async function putImageObject(sha256: string, contentType: string, bytes: Uint8Array): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucket(),
      Key: imageObjectKey(sha256),
      Body: bytes,
      ContentType: contentType,
      // Content-addressed: S3 verifies the upload against this digest and refuses corrupted bytes.
      ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
    }),
  );
}

export async function hasImageObject(sha256: string): Promise<boolean> {
  const { client, sdk } = await s3();
  try {
    await client.send(new sdk.HeadObjectCommand({ Bucket: bucket(), Key: imageObjectKey(sha256) }));
    return true;
  } catch (error) {
    if (error instanceof sdk.NotFound) return false;
    throw error;
  }
}

export async function readImageObject(sha256: string): Promise<Uint8Array | undefined> {
  const { client, sdk } = await s3();
  try {
    const { Body } = await client.send(
      new sdk.GetObjectCommand({ Bucket: bucket(), Key: imageObjectKey(sha256) }),
    );
    return Body ? await Body.transformToByteArray() : undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'NoSuchKey') return undefined;
    throw error;
  }
}
