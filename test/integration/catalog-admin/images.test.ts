import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageIdFor } from '../../../shared/domain/catalog/image-id.ts';
import { endpoints } from '../../support/api.ts';
import {
  auditOf,
  call,
  createAccount,
  employeeToken,
  type Handler,
  hubForm,
  type Isolated,
  idempotencyKey,
  loungeForm,
  partnerToken,
  seededCatalog,
} from './support.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));
const png = fixture('tiny-3x2.png');
const jpeg = fixture('tiny-3x2.jpg');
const webp = fixture('tiny-3x2.webp');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A whole PNG of `size` bytes: the 3x2 fixture with a private ancillary chunk before its IEND. */
function paddedPng(size: number): Buffer {
  const iend = png.subarray(png.length - 12);
  const dataLength = size - png.length - 12;
  const chunk = Buffer.alloc(12 + dataLength);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('paDd', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, iend]);
}
/** Between the direct upload's 4 MiB and the image rule's 5 MiB. */
const largePng = paddedPng(4.5 * 1024 * 1024);

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
  ({ isolated, admin, catalog, employee } = await seededCatalog());
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
  ])('refuses %s with 422 on body', async (_, bytes, contentType, message) => {
    const refused = await upload<Problem>(bytes, contentType);

    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ValidationError');
    expect(refused.body.details?.errors).toEqual([
      { path: 'body', message: expect.stringContaining(message) },
    ]);
  });

  it('refuses a body that is no image type with 415, and a valid image over 4 MiB with 413 naming the limit', async () => {
    const octets = await upload<Problem & { details?: { limit_bytes?: number } }>(
      png,
      'application/octet-stream',
    );
    const overDirectLimit = await upload<Problem & { details?: { limit_bytes?: number } }>(
      largePng,
      'image/png',
    );

    expect(octets.status).toBe(415);
    expect(octets.body.code).toBe('UnsupportedMediaType');
    expect(overDirectLimit.status).toBe(413);
    expect(overDirectLimit.body.code).toBe('PayloadTooLarge');
    expect(overDirectLimit.body.details?.limit_bytes).toBe(4 * 1024 * 1024);
  });
});

interface Grant {
  upload_id: string;
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
  expires_at: string;
  complete_url: string;
}

const startUpload = (body: unknown) =>
  call<Grant & Problem>(admin, 'startCatalogImageUpload', { token: employee, body });
const completeUpload = <T = Uploaded>(uploadId: string) =>
  call<T>(admin, 'completeCatalogImageUpload', { token: employee, params: { uploadID: uploadId } });
/** The employee's PUT, straight to storage: the local S3 emulator here, S3 in AWS. */
const putFile = (grant: Grant, bytes: Uint8Array, headers = grant.headers) =>
  fetch(grant.url, { method: grant.method, headers, body: bytes });

describe('uploading an image through an upload URL', () => {
  it('takes a 4.5 MiB PNG: grant, PUT to storage, complete (201), complete again (200), grant and image audited', async () => {
    const grant = await startUpload({ content_type: 'image/png', bytes: largePng.length });
    const put = await putFile(grant.body, largePng);
    const completed = await completeUpload(grant.body.upload_id);
    const again = await completeUpload(grant.body.upload_id);

    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', 'Content-Length': String(largePng.length) },
      complete_url: `/api/v1/admin/catalog/images/uploads/${grant.body.upload_id}/complete`,
    });
    const signed = new URL(grant.body.url);
    expect(signed.pathname).toBe(`/${isolated.bucket}/uploads/${grant.body.upload_id}`);
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect([...signed.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(Date.parse(grant.body.expires_at) - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(put.status).toBe(200);
    expect(completed.status).toBe(201);
    expect(completed.body).toEqual({
      image_id: imageIdFor(sha256(largePng)),
      content_type: 'image/png',
      bytes: largePng.length,
      width: 3,
      height: 2,
      sha256: sha256(largePng),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(completed.body);

    const [grantRecord] = await auditOf(grant.body.upload_id);
    const [imageRecord] = await auditOf(completed.body.image_id);
    expect(grantRecord).toMatchObject({
      action: 'startCatalogImageUpload',
      target: { type: 'image_upload', id: grant.body.upload_id },
      details: { content_type: 'image/png', bytes: largePng.length },
    });
    expect(imageRecord).toMatchObject({
      action: 'completeCatalogImageUpload',
      target: { type: 'image', id: completed.body.image_id },
      details: { upload_id: grant.body.upload_id, sha256: sha256(largePng) },
    });
  });

  it('refuses a grant over 5 MiB or of another type (422 on the field), and to support staff (403)', async () => {
    const tooLarge = await startUpload({ content_type: 'image/png', bytes: 5 * 1024 * 1024 + 1 });
    const gif = await startUpload({ content_type: 'image/gif', bytes: 100 });
    const support = await call<Problem>(admin, 'startCatalogImageUpload', {
      token: await employeeToken(['support'], 'sam.support'),
      body: { content_type: 'image/png', bytes: 100 },
    });

    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.details?.errors?.map((error) => error.path)).toEqual(['body.bytes']);
    expect(gif.status).toBe(422);
    expect(gif.body.details?.errors?.map((error) => error.path)).toEqual(['body.content_type']);
    expect(support.status).toBe(403);
    expect(support.body.code).toBe('Forbidden');
  });

  it('answers 404 ResourceNotFound for an upload nothing was put under', async () => {
    const grant = await startUpload({ content_type: 'image/png', bytes: png.length });
    const completed = await completeUpload<Problem>(grant.body.upload_id);

    expect(completed.status).toBe(404);
    expect(completed.body.code).toBe('ResourceNotFound');
  });

  it('checks the file as storage holds it: no image, or over 5 MiB, is 422 on upload and stores nothing', async () => {
    // The local emulator checks no signature; S3 itself refuses a PUT of another size or type.
    const notImage = await startUpload({ content_type: 'image/png', bytes: 23 });
    await putFile(notImage.body, Buffer.from('definitely not an image'));
    const oversized = await startUpload({ content_type: 'image/png', bytes: 5 * 1024 * 1024 });
    const tooMuch = Buffer.concat([largePng, Buffer.alloc(1024 * 1024)]);
    await putFile(oversized.body, tooMuch, { 'Content-Type': 'image/png' });

    const refusedNotImage = await completeUpload<Problem>(notImage.body.upload_id);
    const refusedOversized = await completeUpload<Problem>(oversized.body.upload_id);

    expect(refusedNotImage.status).toBe(422);
    expect(refusedNotImage.body.code).toBe('ValidationError');
    expect(refusedNotImage.body.details?.errors).toEqual([
      { path: 'upload', message: expect.stringContaining('Not a PNG, JPEG or WebP image') },
    ]);
    expect(refusedOversized.status).toBe(422);
    expect(refusedOversized.body.details?.errors).toEqual([
      { path: 'upload', message: expect.stringContaining('At most 5242880 bytes') },
    ]);
    expect((await auditOf(imageIdFor(sha256(tooMuch)))).length).toBe(0);
  });

  it('refuses an upload id that is no UUID with 422 on the path parameter', async () => {
    const refused = await completeUpload<Problem>('not-a-uuid');

    expect(refused.status).toBe(422);
    expect(refused.body.details?.errors?.map((error) => error.path)).toEqual(['path.uploadID']);
  });
});

describe('serving uploaded images to partners', () => {
  it('serves the bytes through GET /v2/images/{id} once a published lounge shows the image, cached for good', async () => {
    const accountId = '9c3e5b1a-7d2f-4e8a-b6c1-2f4d6e8a0b1c';
    await createAccount('Images test', accountId);
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

  it("lists a lounge's enabled images in sort order with their titles, and hides a disabled one (404)", async () => {
    const accountId = '5d7c1e2b-3a4f-4b6c-8d9e-0f1a2b3c4d5e';
    await createAccount('Images test', accountId);
    const partner = await partnerToken(accountId, ['catalog.lounges:read']);
    const [first, second, hidden] = [
      (await upload(webp, 'image/webp')).body,
      (await upload(png, 'image/png')).body,
      (await upload(paddedPng(png.length + 100), 'image/png')).body,
    ];
    const hub = await call<{ id: string }>(admin, 'createCatalogHub', {
      token: employee,
      headers: idempotencyKey(),
      body: hubForm({ iata: 'QQJ', icao: 'QQJJ' }, 'Gallery Airport'),
    });
    const lounge = await call<{ id: string }>(admin, 'createCatalogLounge', {
      token: employee,
      headers: idempotencyKey(),
      body: loungeForm(hub.body.id, 'Gallery Lounge', {
        images: [
          { image_id: second?.image_id, sort: 20 },
          { image_id: hidden?.image_id, sort: 5, enabled: false },
          { image_id: first?.image_id, sort: 10, title: { 'en-US': 'Entrance', 'ru-RU': 'Вход' } },
        ],
      }),
    });
    await call(admin, 'publishCatalog', { token: employee });
    const as = { token: partner, certificateOf: accountId };
    const listed = await call<{ images: { url: string; sort: number; title?: string }[] }>(
      catalog,
      'getLounge',
      {
        ...as,
        params: { loungeID: lounge.body.id },
        headers: { 'Accept-Language': 'ru-RU' },
      },
    );
    const disabled = await call<Problem>(catalog, 'getImage', {
      ...as,
      params: { id: hidden?.image_id ?? '' },
    });

    expect(lounge.status).toBe(201);
    expect(listed.body.images).toEqual([
      { url: expect.stringMatching(new RegExp(`/v2/images/${first?.image_id}$`)), sort: 10, title: 'Вход' },
      { url: expect.stringMatching(new RegExp(`/v2/images/${second?.image_id}$`)), sort: 20 },
    ]);
    expect(disabled.status).toBe(404);
    expect(disabled.body.code).toBe('CatalogResourceNotFound');
  });

  it('keeps serving seeded images from the same bucket, revalidated daily (their ids name no content)', async () => {
    const seeded = JSON.parse(
      readFileSync(new URL('../../../seed/catalog/lounges.json', import.meta.url), 'utf8'),
    )[0];
    const accountId = '1d2c3b4a-5f6e-4d8c-9b0a-1e2f3a4b5c6d';
    await createAccount('Images test', accountId);
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
