import { describe, expect, it } from 'vitest';
import type { StoredImage } from '../../../shared/domain/catalog-admin/ports.ts';
import type { AdminChange } from '../../../shared/domain/catalog-admin/service.ts';
import {
  completeImageUpload,
  createContract,
  createItem,
  deactivateItem,
  deleteAmenity,
  draftSummary,
  getContract,
  getItem,
  listItems,
  publishDraft,
  replaceContract,
  replaceItem,
  startImageUpload,
  uploadGrantLifetimeMs,
  uploadImage,
} from '../../../shared/domain/catalog-admin/service.ts';
import {
  ApiError,
  ConcurrentChangeError,
  type FieldError,
  ValidationError,
} from '../../../shared/domain/errors.ts';
import { anAccount } from '../accounts/fakes.ts';
import { blob, hubId, id, priced, records } from '../catalog/fixture.ts';
import { FakeUnitOfWork, refusalOf } from '../support/unit-of-work.ts';
import { memoryPorts } from './fakes.ts';

const now = new Date('2030-03-01T10:00:00.000Z');
const fixtureImages: StoredImage[] = records()
  .lounges.flatMap((lounge) => lounge.images)
  .concat(records().fast_tracks.flatMap((fastTrack) => fastTrack.images))
  .map((image) => ({
    imageId: image.id,
    sha256: blob,
    contentType: image.content_type,
    bytes: 100,
    width: null,
    height: null,
    createdAt: '2030-01-01T00:00:00.000Z',
  }));

function setup() {
  const ports = memoryPorts(records(), ...fixtureImages);
  const uow = new FakeUnitOfWork();
  const change = (action = 'test', at = now): AdminChange => ({
    actor: { type: 'employee', id: 'ada.admin', roles: ['admin'] },
    action,
    requestId: 'req-1',
    now: at,
    uow,
  });
  return { ports, uow, change };
}

const code = (error: Error) => (error instanceof ApiError ? error.code : error.name);
const fieldsOf = (error: Error): FieldError[] => (error instanceof ValidationError ? error.errors : []);

const loungeForm = (name: string) => ({
  hub_id: hubId,
  name: { 'en-US': name, 'ru-RU': `${name} ru` },
  amenity_ids: ['wifi'],
  paid_amenity_ids: [],
  business_hours: [{ day: 1, times: { type: 'STANDARD' as const, detail: '06:00-22:00' } }],
  policy: {},
  required_booking_info: ['Name' as const],
  images: [],
  is_active: true,
  is_arrival_available: false,
  direction_info: { 'en-US': 'Level 1', 'ru-RU': '1-й этаж' },
  prices: { currency: 'RUB', adult: '4000.00', child: '2000.00', infant: '0.00' },
});

describe('editing the draft', () => {
  it('creates an item with a new id, stages the draft change and its audit record together', async () => {
    const { ports, uow, change } = setup();

    const created = await createItem(
      ports,
      'lounges',
      loungeForm('New Lounge'),
      change('createCatalogLounge'),
    );
    expect(uow.descriptions).toEqual(['draft revision 1', 'audit createCatalogLounge']);
    uow.commit();

    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getItem(ports, 'lounges', created.id)).toEqual(created);
    expect(ports.audit.records[0]).toMatchObject({
      action: 'createCatalogLounge',
      target: { type: 'lounge', id: created.id },
      details: { after: created },
    });
  });

  it('refuses a name another lounge at the hub has, in the other locale and another case too', async () => {
    const { ports, change } = setup();

    const refused = await refusalOf(() =>
      createItem(
        ports,
        'lounges',
        { ...loungeForm('x'), name: { 'en-US': 'x', 'ru-RU': 'БИЗНЕС-ЗАЛ b' } },
        change(),
      ),
    );

    expect(code(refused)).toBe('CatalogResourceConflict');
  });

  it('answers unknown hub, amenity and image references with every field in one 422', async () => {
    const { ports, change } = setup();
    const form = {
      ...loungeForm('Orphan'),
      hub_id: id(999),
      amenity_ids: ['wifi', 'jacuzzi'],
      images: [{ image_id: id(998), sort: 1, enabled: true }],
    };

    const refused = await refusalOf(() => createItem(ports, 'lounges', form, change()));

    expect(fieldsOf(refused).map((error) => error.path)).toEqual([
      'body.hub_id',
      'body.images.0.image_id',
      'body.amenity_ids.1',
    ]);
  });

  it('stages nothing when a replace leaves the item as it is', async () => {
    const { ports, uow, change } = setup();
    const { id: loungeId, ...form } = priced(await getItem(ports, 'lounges', id(1)));

    await replaceItem(ports, 'lounges', loungeId, form, change());

    expect(uow.writes).toEqual([]);
  });

  it('loses a race to a change committed since the draft was read, so the pipeline runs it again', async () => {
    const { ports, change } = setup();
    const first = new FakeUnitOfWork();
    const second = new FakeUnitOfWork();
    await createItem(ports, 'lounges', loungeForm('Race A'), { ...change(), uow: first });
    await createItem(ports, 'lounges', loungeForm('Race B'), { ...change(), uow: second });

    first.commit();

    expect(() => second.commit()).toThrow(ConcurrentChangeError);
  });

  it('deactivates instead of deleting, and a second deactivation changes nothing', async () => {
    const { ports, uow, change } = setup();

    const deactivated = await deactivateItem(ports, 'hubs', hubId, change('deactivateCatalogHub'));
    uow.commit();
    await deactivateItem(ports, 'hubs', hubId, change('deactivateCatalogHub'));

    expect(deactivated.is_active).toBe(false);
    expect(uow.writes).toEqual([]);
    expect(ports.drafts.records.hubs[0]?.is_active).toBe(false);
    expect(ports.audit.records.map((record) => record.details)).toEqual([
      { changes: [{ path: 'is_active', before: true, after: false }] },
    ]);
  });

  it('refuses to delete an amenity a lounge lists, naming the lounges', async () => {
    const { ports, change } = setup();

    const refused = await refusalOf(() => deleteAmenity(ports, 'wifi', change()));

    expect(code(refused)).toBe('AmenityResourceConflict');
    expect(refused instanceof ApiError && refused.details?.lounge_ids).toContain(id(1));
  });

  it('answers 404 for an item the draft does not hold', async () => {
    const { ports, change } = setup();

    expect(code(await refusalOf(() => getItem(ports, 'tariffs', id(404))))).toBe('CatalogResourceNotFound');
    expect(code(await refusalOf(() => deactivateItem(ports, 'tariffs', id(404), change())))).toBe(
      'CatalogResourceNotFound',
    );
    expect(code(await refusalOf(() => deleteAmenity(ports, 'sauna', change())))).toBe(
      'CatalogResourceNotFound',
    );
  });

  it('lists a kind page by page', async () => {
    const { ports } = setup();

    const first = await listItems(ports, 'lounges', { limit: 4 });
    const rest = await listItems(ports, 'lounges', { limit: 4, cursor: first.nextCursor ?? '' });

    expect([...first.items, ...rest.items].map((item) => item.id)).toHaveLength(records().lounges.length);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('publishing', () => {
  it('publishes the draft, audits the publication, and publishing again changes nothing', async () => {
    const { ports, uow, change } = setup();

    const first = await publishDraft(ports, change('publishCatalog'));
    uow.commit();
    const again = await publishDraft(ports, change('publishCatalog', new Date('2030-03-01T11:00:00Z')));

    expect(first).toMatchObject({ changed: true, previousVersion: undefined });
    expect(first.diff.added).toHaveLength(
      records().hubs.length +
        1 +
        records().lounges.length +
        records().fast_tracks.length +
        records().tariffs.length,
    );
    expect(again).toMatchObject({ changed: false, version: first.version });
    expect(uow.writes).toEqual([]);
    expect(ports.audit.records.map((record) => record.action)).toEqual(['publishCatalog']);
    expect((await draftSummary(ports)).hasChanges).toBe(false);
  });

  it('drops the version before the replaced one, keeping the replaced one for readers still loading it', async () => {
    const { ports, uow, change } = setup();
    const versions: string[] = [];
    for (const [index, name] of ['One', 'Two', 'Three'].entries()) {
      const { id: loungeId, ...form } = priced(await getItem(ports, 'lounges', id(1)));
      await replaceItem(
        ports,
        'lounges',
        loungeId,
        { ...form, name: { ...form.name, 'en-US': name } },
        change(),
      );
      uow.commit();
      versions.push(
        (await publishDraft(ports, change('publishCatalog', new Date(now.getTime() + index * 5000)))).version,
      );
      uow.commit();
    }

    expect(ports.versions.dropped).toEqual([versions[0]]);
    expect([...ports.versions.partitions.keys()]).toEqual([versions[1], versions[2]]);
  });
});

describe('images', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('stores the bytes, then stages the image and an audit record without them', async () => {
    const { ports, uow, change } = setup();

    const { image, created } = await uploadImage(ports, png, 'image/png', change('uploadCatalogImage'));
    uow.commit();
    const again = await uploadImage(ports, png, 'image/png', change('uploadCatalogImage'));

    expect(created).toBe(true);
    expect(image).toMatchObject({ contentType: 'image/png', width: 1, height: 1, bytes: png.length });
    expect(ports.images.objects.get(image.sha256)).toBe(png);
    expect(again).toEqual({ image, created: false });
    expect(ports.audit.records[0]?.details).toEqual({
      image_id: image.imageId,
      content_type: 'image/png',
      bytes: png.length,
      sha256: image.sha256,
      width: 1,
      height: 1,
    });
  });
});

describe('images through an upload URL', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  it('grants a URL for the declared type and size for 15 minutes, and audits the grant', async () => {
    const { ports, uow, change } = setup();

    const grant = await startImageUpload(
      ports,
      { contentType: 'image/png', bytes: png.length },
      change('startCatalogImageUpload'),
    );
    uow.commit();

    expect(grant.expiresAt.getTime() - now.getTime()).toBe(uploadGrantLifetimeMs);
    expect(grant.headers).toEqual({ 'Content-Type': 'image/png', 'Content-Length': String(png.length) });
    expect(ports.uploads.grants.get(grant.uploadId)).toMatchObject({
      contentType: 'image/png',
      bytes: png.length,
    });
    expect(ports.audit.records[0]).toMatchObject({
      action: 'startCatalogImageUpload',
      target: { type: 'image_upload', id: grant.uploadId },
      details: { content_type: 'image/png', bytes: png.length, expires_at: grant.expiresAt.toISOString() },
    });
  });

  it('stores the file put through the URL as an image, audited with its upload; completing again is the same image', async () => {
    const { ports, uow, change } = setup();
    const grant = await startImageUpload(ports, { contentType: 'image/png', bytes: png.length }, change());
    ports.uploads.put(grant.uploadId, png, 'image/png');

    const first = await completeImageUpload(ports, grant.uploadId, change('completeCatalogImageUpload'));
    uow.commit();
    const again = await completeImageUpload(ports, grant.uploadId, change('completeCatalogImageUpload'));

    expect(first.created).toBe(true);
    expect(first.image).toMatchObject({ contentType: 'image/png', width: 1, height: 1, bytes: png.length });
    expect(ports.images.objects.get(first.image.sha256)).toBe(png);
    expect(again).toEqual({ image: first.image, created: false });
    expect(ports.audit.records.at(-1)).toMatchObject({
      action: 'completeCatalogImageUpload',
      target: { type: 'image', id: first.image.imageId },
      details: { upload_id: grant.uploadId, sha256: first.image.sha256 },
    });
  });

  it('answers 404 when nothing was put under the upload, and 422 on upload for a file that is no image or too large', async () => {
    const { ports, change } = setup();
    ports.uploads.put(id(601), Buffer.from('not an image'), 'image/png');
    ports.uploads.put(id(602), Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    ports.uploads.put(id(603), png, 'image/jpeg');

    const missing = await refusalOf(() => completeImageUpload(ports, id(600), change()));
    const notImage = await refusalOf(() => completeImageUpload(ports, id(601), change()));
    const tooLarge = await refusalOf(() => completeImageUpload(ports, id(602), change()));
    const otherType = await refusalOf(() => completeImageUpload(ports, id(603), change()));

    expect(code(missing)).toBe('ResourceNotFound');
    for (const [refused, message] of [
      [notImage, 'Not a PNG, JPEG or WebP image'],
      [tooLarge, 'At most 5242880 bytes'],
      [otherType, 'Content-Type says image/jpeg'],
    ] as const) {
      expect(code(refused)).toBe('ValidationError');
      expect(fieldsOf(refused)).toEqual([{ path: 'upload', message: expect.stringContaining(message) }]);
    }
    expect(ports.images.objects.size).toBe(0);
  });
});

describe('contracts', () => {
  const accountId = anAccount().accountId;

  it('creates one, refuses a second (ContractAlreadyExists) and replaces it in a later second', async () => {
    const { ports, uow, change } = setup();

    const created = await createContract(
      ports,
      accountId,
      { lounges: [id(1)], fast_tracks: [], tariffs: 'all' },
      change(),
    );
    uow.commit();
    const refused = await refusalOf(() =>
      createContract(ports, accountId, { lounges: 'all', fast_tracks: [], tariffs: [] }, change()),
    );
    const replaced = await replaceContract(
      ports,
      accountId,
      { lounges: 'all', fast_tracks: [], tariffs: [] },
      change('replace', new Date(now.getTime() + 200)),
    );
    uow.commit();

    expect(created.updatedAt).toBe(now.toISOString());
    expect(code(refused)).toBe('ContractAlreadyExists');
    expect(replaced.updatedAt).toBe('2030-03-01T10:00:01.000Z');
    expect((await getContract(ports, accountId)).lounges).toBe('all');
  });

  it('refuses unknown accounts (404) and ids the draft does not hold (422 on each)', async () => {
    const { ports, change } = setup();

    const noAccount = await refusalOf(() =>
      createContract(ports, id(77), { lounges: 'all', fast_tracks: 'all', tariffs: 'all' }, change()),
    );
    const unknownIds = await refusalOf(() =>
      createContract(
        ports,
        accountId,
        { lounges: [id(1), id(500)], fast_tracks: 'all', tariffs: [id(21), id(501)] },
        change(),
      ),
    );
    const none = await refusalOf(() => getContract(ports, accountId));

    expect(code(noAccount)).toBe('ResourceNotFound');
    expect(fieldsOf(unknownIds).map((error) => error.path)).toEqual(['body.lounges.1', 'body.tariffs.1']);
    expect(code(none)).toBe('ResourceNotFound');
  });
});
