import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageIdFor } from '../../../shared/domain/catalog/image-id.ts';
import { request } from '../../support/api.ts';
import { asAdmin, asSupport } from '../../support/employees.ts';
import { onboardPartner } from '../../support/onboard.ts';

/*
 * Catalog administration through the stage's admin listener, as the console calls it: real employee
 * tokens from the login, raw bytes over HTTPS, the route table's admin host. The other files of this
 * folder call the handler in process on tables of their own, since publishing in the stage's table
 * would move the ETags other files compare; here nothing is published, and what is written (an image
 * of random pixels, the contract of a fresh account) is this file's alone.
 */

interface AuditPage {
  data: {
    action: string;
    actor: { type: string; id: string | null; roles: string[] };
    target: { type: string; id: string | null };
    outcome: string;
    details: Record<string, unknown>;
  }[];
}

/** A 2x1 PNG of random pixels: bytes no other test uploads. */
function randomPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const scanline = Buffer.concat([Buffer.from([0]), randomBytes(6)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanline)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const auditOf = (query: string) => asSupport<AuditPage>('GET', `/api/v1/admin/audit-log?${query}`);

describe('catalog administration on the admin listener', () => {
  it('stores an uploaded image once and records the upload once, with its facts and no bytes', async () => {
    const image = randomPng();
    const sha256 = createHash('sha256').update(image).digest('hex');
    const upload = () =>
      asAdmin<{ image_id: string }>('POST', '/api/v1/admin/catalog/images', {
        body: image,
        headers: { 'content-type': 'image/png' },
      });

    const first = await upload();
    const again = await upload();
    const log = await auditOf(`target=${imageIdFor(sha256)}`);

    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ image_id: imageIdFor(sha256), width: 2, height: 1, sha256 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        action: 'uploadCatalogImage',
        actor: { type: 'employee', id: 'ada.admin', roles: ['admin'] },
        target: { type: 'image', id: imageIdFor(sha256) },
        request_id: expect.any(String),
        outcome: 'succeeded',
        reason: null,
        details: {
          image_id: imageIdFor(sha256),
          content_type: 'image/png',
          bytes: image.length,
          sha256,
          width: 2,
          height: 1,
        },
      },
    ]);
  });

  it('takes an image through an upload URL: the grant, the PUT to storage and the completion, each recorded once', async () => {
    const image = randomPng();
    const sha256 = createHash('sha256').update(image).digest('hex');
    const grant = await asAdmin<{
      upload_id: string;
      url: string;
      headers: Record<string, string>;
      complete_url: string;
    }>('POST', '/api/v1/admin/catalog/images/uploads', {
      body: { content_type: 'image/png', bytes: image.length },
    });
    const put = await fetch(grant.body.url, { method: 'PUT', headers: grant.body.headers, body: image });
    const completed = await asAdmin<{ image_id: string }>('POST', grant.body.complete_url);
    const grantLog = await auditOf(`target=${grant.body.upload_id}`);
    const imageLog = await auditOf(`target=${imageIdFor(sha256)}`);

    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    expect(put.status).toBe(200);
    expect(completed.status, JSON.stringify(completed.body)).toBe(201);
    expect(completed.body).toMatchObject({ image_id: imageIdFor(sha256), sha256 });
    expect(grantLog.body.data.map((record) => record.action)).toEqual(['startCatalogImageUpload']);
    expect(imageLog.body.data.map((record) => [record.action, record.details.upload_id])).toEqual([
      ['completeCatalogImageUpload', grant.body.upload_id],
    ]);
  });

  it('refuses an upload whose Content-Type names no image type with 415', async () => {
    const response = await asAdmin('POST', '/api/v1/admin/catalog/images', {
      body: randomPng(),
      headers: { 'content-type': 'text/plain' },
    });

    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ code: 'UnsupportedMediaType', status: 415 });
  });

  it('gives an account its own contract and records it once, with the terms before and after', async () => {
    const { accountId } = await onboardPartner(['catalog.lounges:read'], 'Catalog admin listener');
    const terms = { lounges: 'all', fast_tracks: [], tariffs: 'all' };

    const created = await asAdmin('POST', `/api/v1/admin/accounts/${accountId}/contract`, { body: terms });
    const read = await asSupport('GET', `/api/v1/admin/accounts/${accountId}/contract`);
    const log = await auditOf(`target=${accountId}&action=createAccountContract`);

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(read.body).toMatchObject({ account_id: accountId, ...terms });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({
      actor: { type: 'employee', id: 'ada.admin' },
      target: { type: 'contract', id: accountId },
      details: { before: null, after: terms },
    });
  });

  it('lets support read the draft and refuses it a publication (403)', async () => {
    const draft = await asSupport('GET', '/api/v1/admin/catalog/draft');
    const publish = await asSupport('POST', '/api/v1/admin/catalog/publish');

    expect(draft.status).toBe(200);
    expect(draft.body).toHaveProperty('revision');
    expect(publish.status).toBe(403);
    expect(publish.body).toMatchObject({ code: 'Forbidden' });
  });

  it('is not served on the partner host: the catalog administration exists on the admin host only', async () => {
    const response = await request('GET', '/api/v1/admin/catalog/draft', { cert: 0 });

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'ResourceNotFound' });
  });
});
