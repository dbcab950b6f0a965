import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../infra/local/seed-catalog.ts';
import { imageIdFor } from '../../../shared/domain/catalog/image-id.ts';
import { endpoints } from '../../support/api.ts';
import {
  auditOf,
  call,
  employeeToken,
  type Handler,
  handlers,
  hubForm,
  type Isolated,
  idempotencyKey,
  isolatedCatalog,
  loungeForm,
  partnerToken,
} from './support.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));
const png = fixture('tiny-3x2.png');
const jpeg = fixture('tiny-3x2.jpg');
const webp = fixture('tiny-3x2.webp');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Uploaded {
  image_id: string;
  content_type: string;
  bytes: number;
  width: number;
  height: number;
  sha256: string;
}
interface Problem {
  code: string;
  status: number;
  details?: { errors?: { path: string; message: string }[] };
}

let admin: Handler;
let catalog: Handler;
let employee: string;
let isolated: Isolated;

beforeAll(async () => {
  isolated = await isolatedCatalog();
  await seedCatalog([], new Date());
  ({ admin, catalog } = await handlers());
  employee = await employeeToken();
}, 60_000);

const upload = <T = Uploaded>(bytes: Uint8Array, contentType: string) =>
  call<T>(admin, 'uploadCatalogImage', {
    token: employee,
    headers: { 'Content-Type': contentType },
    body: bytes,
  });

describe('uploading an image', () => {
  it('stores a PNG by its content and answers its facts; the same bytes again are the same image (200)', async () => {
    const first = await upload(png, 'image/png');
    const again = await upload(png, 'image/png');

    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      image_id: imageIdFor(sha256(png)),
      content_type: 'image/png',
      bytes: png.length,
      width: 3,
      height: 2,
      sha256: sha256(png),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const s3 = new S3Client({
      region: endpoints().region,
      endpoint: endpoints().s3,
      forcePathStyle: true,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const stored = await s3.send(
      new GetObjectCommand({ Bucket: isolated.bucket, Key: `images/${sha256(png)}` }),
    );
    expect(Buffer.from((await stored.Body?.transformToByteArray()) ?? []).equals(png)).toBe(true);
    s3.destroy();
  });

  it('recognises JPEG and WebP by their bytes and reads their size from the header', async () => {
    const jpg = await upload(jpeg, 'image/jpeg');
    const lossy = await upload(webp, 'image/webp');

    expect(jpg.status).toBe(201);
    expect(jpg.body).toMatchObject({ content_type: 'image/jpeg', width: 3, height: 2 });
    expect(lossy.status).toBe(201);
    expect(lossy.body).toMatchObject({ content_type: 'image/webp', width: 3, height: 2 });
  });

  it('audits an upload with id, type, size and hash, never the bytes', async () => {
    const { body } = await upload(webp, 'image/webp');
    const [record] = await auditOf(body.image_id);

    expect(record).toMatchObject({
      action: 'uploadCatalogImage',
      target: { type: 'image', id: body.image_id },
      details: {
        image_id: body.image_id,
        content_type: 'image/webp',
        bytes: webp.length,
        sha256: sha256(webp),
        width: 3,
        height: 2,
      },
    });
    expect(JSON.stringify(record)).not.toContain(webp.toString('base64').slice(0, 40));
  });

  it.each([
    [
      'text named like a PNG',
      Buffer.from('definitely not an image'),
      'image/png',
      'Not a PNG, JPEG or WebP image',
    ],
    ['a GIF', Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'), 'image/png', 'not a PNG, JPEG or WebP'],
    ['a JPEG sent as PNG', jpeg, 'image/png', 'Content-Type says image/png'],
    ['a PNG cut after its header', png.subarray(0, 40), 'image/png', 'truncated'],
    ['a JPEG without its end', jpeg.subarray(0, jpeg.length - 10), 'image/jpeg', 'truncated'],
    ['an empty body', Buffer.alloc(0), 'image/png', 'empty'],
    [
      'a PNG over 5 MiB',
      Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]),
      'image/png',
      'At most 5242880 bytes',
    ],
  ])('refuses %s with 422 on body', async (_, bytes, contentType, message) => {
    const refused = await upload<Problem>(bytes, contentType);

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ValidationError');
    expect(refused.body.details?.errors).toEqual([
      { path: 'body', message: expect.stringContaining(message) },
    ]);
  });

  it('refuses a body that is no image type with 415, and one past the gateway quota with 413', async () => {
    const octets = await upload<Problem>(png, 'application/octet-stream');
    const huge = await upload<Problem>(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]), 'image/png');

    expect(octets.status).toBe(415);
    expect(octets.body.code).toBe('UnsupportedMediaType');
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PayloadTooLarge');
  });
});

describe('serving uploaded images to partners', () => {
  it('serves the bytes through GET /v2/images/{id} once a published lounge shows the image, cached for good', async () => {
    const accountId = '9c3e5b1a-7d2f-4e8a-b6c1-2f4d6e8a0b1c';
    const partner = await partnerToken(accountId, ['catalog.lounges:read']);
    const image = (await upload(jpeg, 'image/jpeg')).body;
    const read = (headers: Record<string, string> = {}) =>
      call(catalog, 'getImage', {
        token: partner,
        certificateOf: accountId,
        params: { id: image.image_id },
        headers,
      });
    const hub = await call<{ id: string }>(admin, 'createCatalogHub', {
      token: employee,
      headers: idempotencyKey(),
      body: hubForm({ iata: 'QQI', icao: 'QQII' }, 'Image Test Airport'),
    });
    const lounge = await call<{ id: string }>(admin, 'createCatalogLounge', {
      token: employee,
      headers: idempotencyKey(),
      body: loungeForm(hub.body.id, 'Picture Lounge', {
        images: [{ image_id: image.image_id, sort: 1, title: { 'en-US': 'Bar', 'ru-RU': 'Бар' } }],
      }),
    });
    expect(lounge.status).toBe(201);

    const beforePublish = await read();
    await call(admin, 'publishCatalog', { token: employee });
    const served = await read();
    const revalidated = await read({ 'If-None-Match': served.headers.etag ?? '' });
    const listed = await call<{ images: { url: string }[] }>(catalog, 'getLounge', {
      token: partner,
      certificateOf: accountId,
      params: { loungeID: lounge.body.id },
    });

    expect(beforePublish.status).toBe(404);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(served.raw, 'base64').equals(jpeg)).toBe(true);
    expect(revalidated.status).toBe(304);
    expect(listed.body.images.map((entry) => entry.url)).toEqual([
      expect.stringMatching(new RegExp(`/v2/images/${image.image_id}$`)),
    ]);
  });

  it('keeps serving seeded images from the same bucket, revalidated daily (their ids name no content)', async () => {
    const seeded = JSON.parse(
      readFileSync(new URL('../../../seed/catalog/lounges.json', import.meta.url), 'utf8'),
    )[0];
    const accountId = '1d2c3b4a-5f6e-4d8c-9b0a-1e2f3a4b5c6d';
    const partner = await partnerToken(accountId, ['catalog.lounges:read']);

    const served = await call(catalog, 'getImage', {
      token: partner,
      certificateOf: accountId,
      params: { id: seeded.images[0].id },
    });

    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    expect(served.headers['content-type']).toBe('image/svg+xml');
  });
});
