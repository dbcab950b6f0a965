import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../../infra/local/functions.ts';
import { routes } from '../../../shared/routes/index.ts';
import {
  auditOf,
  call,
  employeeToken,
  eventFor,
  type Handler,
  hubForm,
  idempotencyKey,
  loungeForm,
  partnerToken,
  seededCatalog,
} from './support.ts';

interface Item extends Record<string, unknown> {
  id: string;
}
interface Problem {
  code: string;
  status: number;
  details?: { errors?: { path: string; message: string }[]; [key: string]: unknown };
}

let admin: Handler;
let employee: string;
let hubId: string;

beforeAll(async () => {
  ({ admin, employee } = await seededCatalog());
  const hub = await call<Item>(admin, 'createCatalogHub', {
    token: employee,
    headers: idempotencyKey(),
    body: hubForm({ iata: 'QQA', icao: 'QQAA' }, 'Edits Test Airport'),
  });
  if (hub.status !== 201) throw new Error(`No hub: ${hub.raw}`);
  hubId = hub.body.id;
}, 60_000);

const create = (
  operationId: 'createCatalogLounge' | 'createCatalogHub' | 'createCatalogAmenity',
  body: unknown,
) => call<Item & Problem>(admin, operationId, { token: employee, headers: idempotencyKey(), body });
const paths = (problem: Problem) => problem.details?.errors?.map((error) => error.path) ?? [];

describe('creating and reading catalog items', () => {
  it('answers 201 with the admin form and a Location, reads it back, and audits the creation', async () => {
    const form = loungeForm(hubId, 'Create Test Lounge');
    const created = await create('createCatalogLounge', form);
    const read = await call<Item>(admin, 'getCatalogLounge', {
      token: employee,
      params: { loungeID: created.body.id },
    });

    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/admin/catalog/lounges/${created.body.id}`);
    expect(created.body).toEqual({
      ...form,
      id: created.body.id,
      is_active: true,
      is_arrival_available: false,
    });
    expect(read.body).toEqual(created.body);
    const [record] = await auditOf(created.body.id);
    expect(record).toMatchObject({
      action: 'createCatalogLounge',
      target: { type: 'lounge', id: created.body.id },
      outcome: 'succeeded',
      details: { after: { name: form.name, hub_id: hubId } },
    });
  });

  it('pages a list with a cursor, every item once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: Item[]; next_cursor: string | null } } = await call(
        admin,
        'listCatalogHubs',
        {
          token: employee,
          query: `limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        },
      );
      seen.push(...page.body.data.map((hub) => hub.id));
      cursor = page.body.next_cursor;
    } while (cursor);

    expect(seen.length).toBeGreaterThan(7);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(hubId);
  });

  it('writes nothing and audits nothing when a replace changes nothing', async () => {
    const created = await create('createCatalogLounge', loungeForm(hubId, 'Unchanged Lounge'));
    const { id, ...form } = created.body;
    const draftBefore = await call<{ revision: number }>(admin, 'getCatalogDraft', { token: employee });

    const replaced = await call<Item>(admin, 'replaceCatalogLounge', {
      token: employee,
      params: { loungeID: id },
      body: form,
    });
    const draftAfter = await call<{ revision: number }>(admin, 'getCatalogDraft', { token: employee });

    expect(replaced.status).toBe(200);
    expect(draftAfter.body.revision).toBe(draftBefore.body.revision);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('records a replacement as field changes with before and after', async () => {
    const created = await create('createCatalogLounge', loungeForm(hubId, 'Audited Lounge'));
    const { id, ...form } = created.body;

    await call(admin, 'replaceCatalogLounge', {
      token: employee,
      params: { loungeID: id },
      body: { ...form, business_hours: [{ day: 1, times: { type: 'STANDARD', detail: '07:00-21:00' } }] },
    });

    const [latest] = await auditOf(id);
    expect(latest).toMatchObject({
      action: 'replaceCatalogLounge',
      details: {
        changes: [{ path: 'business_hours.0.times.detail', before: '06:00-22:00', after: '07:00-21:00' }],
      },
    });
  });
});

describe('conflicts', () => {
  it('refuses a hub with an IATA code another hub has: 409 CatalogResourceConflict naming the field', async () => {
    const duplicate = await create(
      'createCatalogHub',
      hubForm({ iata: 'QQA', icao: 'QQAB' }, 'Another Airport'),
    );

    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      code: 'CatalogResourceConflict',
      status: 409,
      details: { field: 'meta.iata', conflicting_id: hubId },
    });
  });

  it('refuses a lounge named like another at the same hub, in any case or locale, but not at another hub', async () => {
    await create('createCatalogLounge', loungeForm(hubId, 'Twin Lounge'));
    const other = await create('createCatalogHub', hubForm({ iata: 'QQC', icao: 'QQCC' }, 'Twin Airport'));

    const sameHub = await create('createCatalogLounge', loungeForm(hubId, 'TWIN  lounge'));
    const otherHub = await create('createCatalogLounge', loungeForm(other.body.id, 'Twin Lounge'));

    expect(sameHub.status).toBe(409);
    expect(sameHub.body).toMatchObject({ code: 'CatalogResourceConflict', details: { field: 'name.en-US' } });
    expect(otherHub.status).toBe(201);
  });

  it('refuses to delete an amenity a lounge lists (409 AmenityResourceConflict), and deletes it once unused', async () => {
    const amenityBody = { name: { 'en-US': 'Nap room', 'ru-RU': 'Комната отдыха' }, is_active: true };
    const amenity = await create('createCatalogAmenity', amenityBody);
    const lounge = await create(
      'createCatalogLounge',
      loungeForm(hubId, 'Nap Lounge', { amenity_ids: [amenity.body.id] }),
    );

    const refused = await call<Problem>(admin, 'deleteCatalogAmenity', {
      token: employee,
      params: { amenityID: amenity.body.id },
    });
    const { id, ...form } = lounge.body;
    await call(admin, 'replaceCatalogLounge', {
      token: employee,
      params: { loungeID: id },
      body: { ...form, amenity_ids: [] },
    });
    const deleted = await call(admin, 'deleteCatalogAmenity', {
      token: employee,
      params: { amenityID: amenity.body.id },
    });
    const gone = await call<Problem>(admin, 'getCatalogAmenity', {
      token: employee,
      params: { amenityID: amenity.body.id },
    });

    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'AmenityResourceConflict', details: { lounge_ids: [id] } });
    expect(deleted.status).toBe(204);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('CatalogResourceNotFound');
    const [deletion] = await auditOf(amenity.body.id);
    expect(deletion?.details).toEqual({ before: { ...amenityBody, id: amenity.body.id } });
    expect((await auditOf(amenity.body.id)).map((record) => record.action)).toEqual([
      'deleteCatalogAmenity',
      'createCatalogAmenity',
    ]);
  });

  it('serializes concurrent creates of the same hub: exactly one wins, the other is the conflict', async () => {
    const form = hubForm({ iata: 'QQR', icao: 'QQRR' }, 'Race Airport');
    const answers = await Promise.all([create('createCatalogHub', form), create('createCatalogHub', form)]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });
});

describe('validation', () => {
  it('names every bad field of a form in the 422', async () => {
    const bad = loungeForm(hubId, 'Bad Lounge', {
      name: { 'en-US': 'x'.repeat(256), 'ru-RU': '' },
      landside: true,
      airside_zone: 'International',
      business_hours: [
        { day: 8, times: { type: 'STANDARD', detail: '25:00-26:00' } },
        { day: 8, times: { type: 'STANDARD', detail: '06:00-22:00' } },
      ],
      policy: { stay: { max_duration: '3 hours' }, age: { min_age: -1 } },
      required_booking_info: ['Name', 'Passport'],
      paid_amenity_ids: ['spa'],
      colour: 'blue',
    });

    const answer = await create('createCatalogLounge', bad);

    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('ValidationError');
    expect(paths(answer.body)).toEqual(
      expect.arrayContaining([
        'body.name.en-US',
        'body.name.ru-RU',
        'body.business_hours.0.day',
        'body.business_hours.0.times.detail',
        'body.policy.stay.max_duration',
        'body.policy.age.min_age',
        'body.required_booking_info.1',
        'body',
      ]),
    );
  });

  it('checks rules across fields once every field passes: airside zone, paid amenities, duplicate days', async () => {
    const answer = await create(
      'createCatalogLounge',
      loungeForm(hubId, 'Rules Lounge', {
        landside: true,
        paid_amenity_ids: ['spa'],
        business_hours: [
          { day: 2, times: { type: 'STANDARD', detail: '06:00-22:00' } },
          { day: 2, times: { type: 'SPECIAL', detail: { 'en-US': 'On request', 'ru-RU': 'По запросу' } } },
        ],
      }),
    );

    expect(answer.status).toBe(422);
    expect(paths(answer.body)).toEqual(
      expect.arrayContaining(['body.airside_zone', 'body.paid_amenity_ids.0', 'body.business_hours.1.day']),
    );
  });

  it('answers unknown references with 422 on the field: hub, amenity and image', async () => {
    const answer = await create(
      'createCatalogLounge',
      loungeForm(randomUUID(), 'Orphan Lounge', {
        amenity_ids: ['wifi', 'teleporter'],
        images: [{ image_id: randomUUID(), sort: 1 }],
      }),
    );

    expect(answer.status).toBe(422);
    expect(paths(answer.body).sort()).toEqual([
      'body.amenity_ids.1',
      'body.hub_id',
      'body.images.0.image_id',
    ]);
  });

  it('checks hub codes and the meta kind against the hub kind', async () => {
    const answer = await create('createCatalogHub', {
      ...hubForm({ iata: 'qq', icao: 'QQQQQ' }, 'Malformed Airport'),
      kind: 'Railway',
      country: 'Germany',
      timezone: 'Mars/Olympus',
      coordinates: { latitude: 91, longitude: 0 },
    });

    expect(answer.status).toBe(422);
    expect(paths(answer.body)).toEqual(
      expect.arrayContaining([
        'body.meta.iata',
        'body.meta.icao',
        'body.country',
        'body.timezone',
        'body.coordinates.latitude',
      ]),
    );
  });

  it('requires an Idempotency-Key on creates and refuses a malformed id in the path', async () => {
    const noKey = await call<Problem>(admin, 'createCatalogAmenity', {
      token: employee,
      body: { name: { 'en-US': 'Key test', 'ru-RU': 'Тест ключа' } },
    });
    const badId = await call<Problem>(admin, 'getCatalogLounge', {
      token: employee,
      params: { loungeID: 'nope' },
    });
    const unknown = await call<Problem>(admin, 'getCatalogLounge', {
      token: employee,
      params: { loungeID: randomUUID() },
    });

    expect(noKey.status).toBe(422);
    expect(paths(noKey.body)).toEqual(['headers.idempotency-key']);
    expect(badId.status).toBe(422);
    expect(paths(badId.body)).toEqual(['path.loungeID']);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CatalogResourceNotFound');
  });

  it('answers a body that is not JSON with 400 and a method the path does not take with 405 and Allow', async () => {
    const malformed = await call<Problem>(admin, 'createCatalogAmenity', {
      token: employee,
      headers: idempotencyKey(),
      body: '{"name":',
    });
    const event = eventFor(routes.publishCatalog, { token: employee });
    event.httpMethod = 'PATCH';
    const wrongMethod = await admin(event, lambdaContext('catalog-admin', 29_000, 'eu-west-1'));

    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('ValidationError');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers?.Allow).toBe('POST');
    expect(JSON.parse(wrongMethod.body).code).toBe('MethodNotAllowed');
  });

  it('replays a create with the same Idempotency-Key instead of creating twice', async () => {
    const headers = idempotencyKey();
    const body = { name: { 'en-US': 'Replay amenity', 'ru-RU': 'Повтор' } };
    const first = await call<Item>(admin, 'createCatalogAmenity', { token: employee, headers, body });
    const again = await call<Item>(admin, 'createCatalogAmenity', { token: employee, headers, body });

    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotency-status']).toBe('reused');
    expect(again.body.id).toBe(first.body.id);
  });
});

describe('who may administer the catalog', () => {
  it('refuses writes to support staff (403), lets them read, and refuses partner tokens and no token', async () => {
    const support = await employeeToken(['support'], 'sam.support');
    const partner = await partnerToken(randomUUID(), ['catalog.lounges:read']);

    const write = await call<Problem>(admin, 'publishCatalog', { token: support });
    const read = await call(admin, 'getCatalogDraft', { token: support });
    const asPartner = await call<Problem>(admin, 'getCatalogDraft', { token: partner });
    const anonymous = await call<Problem>(admin, 'getCatalogDraft');

    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({
      code: 'Forbidden',
      details: { required_scope: 'admin.catalog:write' },
    });
    expect(read.status).toBe(200);
    expect(asPartner.status).toBe(403);
    expect(asPartner.body.code).toBe('Forbidden');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('Unauthorized');
  });
});
