import { describe, expect, it, vi } from 'vitest';
import { useLocalConfig } from '../auth/local-config.ts';

const loaded = vi.hoisted(() => ({ modules: [] as string[] }));

vi.mock('@aws-sdk/client-s3', async (importOriginal) => {
  loaded.modules.push('@aws-sdk/client-s3');
  return importOriginal();
});

vi.mock('@aws-sdk/client-sqs', async (importOriginal) => {
  loaded.modules.push('@aws-sdk/client-sqs');
  return importOriginal();
});

/*
 * An SDK client that only some requests need loads with the first of them (docs/bench.md, "Cold
 * start"). S3 holds the catalog's image bytes and nothing else: booking and eSIM read the catalog but
 * never an image (their code holds no S3 client at all: test/infra/bundle.test.ts), the catalog serves
 * an image only on its image route, and catalog administration
 * touches S3 only to grant, read and store uploads; S3 was about a fifth of these functions' init.
 * The storage adapter (shared/storage/image-objects.ts) loads the SDK with its first call.
 * The webhook dispatcher sends to SQS only to retry or dead-letter a delivery (its handler tests
 * cover both through the client it loads then). A file of its own, so nothing else has loaded either
 * client before.
 */
describe('loading the functions whose requests mostly need no S3 or SQS', () => {
  it('loads no S3 or SQS client: booking, eSIM, catalog, catalog administration, webhook dispatcher', async () => {
    const functions = await Promise.all([
      import('../../../functions/booking/handler.ts'),
      import('../../../functions/esim/handler.ts'),
      import('../../../functions/catalog/handler.ts'),
      import('../../../functions/catalog-admin/handler.ts'),
      import('../../../functions/webhook-dispatcher/handler.ts'),
    ]);

    expect(functions.map((loadedFunction) => typeof loadedFunction.handler)).toEqual(
      Array(5).fill('function'),
    );
    expect(loaded.modules).toEqual([]);
  });

  it('loads it with the first upload catalog administration grants, and signs what S3 checks', async () => {
    const { cleanUp } = await useLocalConfig({ IMAGES_BUCKET_NAME: 'catalog-images' });
    const { s3ImageUploads } = await import('../../../shared/storage/image-uploads.ts');
    const now = new Date('2026-11-24T10:00:00Z');

    const target = await s3ImageUploads.grant(
      'upload-1',
      'image/png',
      1234,
      new Date('2026-11-24T10:15:00Z'),
      now,
    );

    expect(loaded.modules).toEqual(['@aws-sdk/client-s3']);
    const url = new URL(target.url);
    expect(url.pathname).toBe('/uploads/upload-1');
    expect(url.hostname).toBe('catalog-images.s3.eu-west-1.amazonaws.com');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    await cleanUp();
  });
});
