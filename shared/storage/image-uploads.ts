import type { ImageUploads, StagedUpload, UploadTarget } from '../domain/catalog-admin/ports.ts';
import { bucket, s3 } from './image-objects.ts';

/**
 * Staged uploads (docs/catalog-admin.md, Images): `uploads/<upload id>` in the images bucket, put there
 * by the employee through a presigned PUT URL and read back by the completion, which checks the file
 * like a direct upload before it becomes `images/<sha256>`. The bucket expires the prefix after a day.
 */
export const uploadObjectKey = (uploadId: string): string => `uploads/${uploadId}`;

export const s3ImageUploads: ImageUploads = {
  async grant(uploadId, contentType, bytes, expiresAt, now): Promise<UploadTarget> {
    // S3 and its presigner load with the first grant (image-objects.ts).
    const { client, sdk } = await s3();
    const command = new sdk.PutObjectCommand({
      Bucket: bucket(),
      Key: uploadObjectKey(uploadId),
      ContentType: contentType,
      ContentLength: bytes,
    });
    // Both headers signed: S3 refuses a file of another size or type than the one granted.
    const url = await sdk.getSignedUrl(client, command, {
      expiresIn: Math.max(1, Math.round((expiresAt.getTime() - now.getTime()) / 1000)),
      signingDate: now,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': contentType, 'Content-Length': String(bytes) } };
  },

  async find(uploadId): Promise<StagedUpload | undefined> {
    const { client, sdk } = await s3();
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: bucket(), Key: uploadObjectKey(uploadId) }),
      );
      return { bytes: head.ContentLength ?? 0, contentType: head.ContentType };
    } catch (error) {
      if (error instanceof sdk.NotFound) return undefined;
      throw error;
    }
  },

  async read(uploadId): Promise<Uint8Array> {
    const { client, sdk } = await s3();
    const { Body } = await client.send(
      new sdk.GetObjectCommand({ Bucket: bucket(), Key: uploadObjectKey(uploadId) }),
    );
    return Body ? Body.transformToByteArray() : new Uint8Array();
  },
};
