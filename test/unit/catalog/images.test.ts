import { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { sdkStreamMixin } from '@smithy/core/serde';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CachedImageObjects } from '../../../shared/storage/catalog-images.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const s3 = mockClient(S3Client);
const blobOf = (n: number) => String(n).repeat(64).slice(0, 64);
const bytesOf = (n: number, length = 3) => new Uint8Array(length).fill(n);

/** GetObject answers the bytes `bytesOf(n, length)` for the blob `blobOf(n)`. */
function objects(length = 3) {
  s3.on(GetObjectCommand).callsFake(({ Key }: { Key: string }) => {
    const n = Number(Key.replace('images/', '')[0]);
    return { Body: sdkStreamMixin(Readable.from([Buffer.from(bytesOf(n, length))])) };
  });
}

let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ cleanUp } = await useLocalConfig());
});
afterEach(async () => {
  s3.reset();
  await cleanUp();
});

describe('the catalog image bytes', () => {
  it('are read from the images bucket once per container', async () => {
    objects();
    const images = new CachedImageObjects();

    await images.imageBytes(blobOf(1));
    const again = await images.imageBytes(blobOf(1));

    expect(again).toEqual(bytesOf(1));
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(1);
    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'images-test',
      Key: `images/${blobOf(1)}`,
    });
  });

  it('drop the least recently served image once the budget is spent', async () => {
    objects(4);
    const images = new CachedImageObjects(8);
    await images.imageBytes(blobOf(1));
    await images.imageBytes(blobOf(2));
    await images.imageBytes(blobOf(1));
    await images.imageBytes(blobOf(3));
    s3.resetHistory();

    await images.imageBytes(blobOf(1));
    await images.imageBytes(blobOf(3));
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
    await images.imageBytes(blobOf(2));
    expect(s3.commandCalls(GetObjectCommand).map((call) => call.args[0].input.Key)).toEqual([
      `images/${blobOf(2)}`,
    ]);
  });

  it('fail when the catalog names an object the bucket does not hold', async () => {
    s3.on(GetObjectCommand).rejects(
      new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }),
    );

    await expect(new CachedImageObjects().imageBytes(blobOf(4))).rejects.toThrow(
      `Catalog image object ${blobOf(4)} is missing`,
    );
  });
});
