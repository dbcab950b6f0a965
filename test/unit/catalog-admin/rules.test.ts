import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSeedCatalog, type SeedCatalog } from '../../../infra/local/seed-catalog.ts';
import type { CatalogRecords, HubRecord } from '../../../shared/domain/catalog/catalog-stored.ts';
import { imageIdFor } from '../../../shared/domain/catalog/image-id.ts';
import { canonicalJson, recordKinds } from '../../../shared/domain/catalog/stamps.ts';
import { catalogDiff, fieldChanges } from '../../../shared/domain/catalog-admin/diff.ts';
import { fromForm, toForm } from '../../../shared/domain/catalog-admin/forms.ts';
import { inspectImage, maxImageBytes } from '../../../shared/domain/catalog-admin/image-content.ts';
import type { RecordKind } from '../../../shared/domain/catalog-admin/kinds.ts';
import { conflictOf, nameKey, unknownReferences } from '../../../shared/domain/catalog-admin/rules.ts';
import { ValidationError } from '../../../shared/domain/errors.ts';
import { maxActivePeriodDays } from '../../../shared/domain/esim/model.ts';
import {
  amenityForm,
  catalogDiffSchema,
  fastTrackForm,
  hubForm,
  loungeForm,
  tariffForm,
} from '../../../shared/schemas/catalog-admin.ts';
import { hubId, id, lounge, priced, records } from '../catalog/fixture.ts';

const forms = {
  hubs: hubForm,
  amenities: amenityForm,
  lounges: loungeForm,
  fast_tracks: fastTrackForm,
  tariffs: tariffForm,
};

let seed: SeedCatalog;
beforeAll(async () => {
  seed = await loadSeedCatalog();
});

describe('the admin form', () => {
  it('holds every seeded record exactly: record -> form -> (schema) -> record is the same record', () => {
    const images = new Map(
      [...seed.records.lounges, ...seed.records.fast_tracks].flatMap((service) =>
        service.images.map(
          (image) => [image.id, { sha256: image.blob, contentType: image.content_type }] as const,
        ),
      ),
    );
    for (const kind of recordKinds) {
      for (const record of seed.records[kind] as { id: string }[]) {
        const { id: recordId, ...form } = toForm(kind, record as never);
        const parsed = forms[kind].safeParse(form);
        expect(parsed.error?.issues ?? [], `${kind} ${recordId}`).toEqual([]);
        const back = fromForm(kind as RecordKind, recordId, parsed.data as never, (imageId) => {
          const facts = images.get(imageId);
          if (!facts) throw new Error(`unknown image ${imageId}`);
          return facts;
        });
        expect(canonicalJson(back), `${kind} ${recordId}`).toBe(canonicalJson(record));
      }
    }
  });
});

describe('eSIM tariffs in the admin form', () => {
  it('refuse a validity_days no eSIM order could ask for (active_period must equal it), naming the field', () => {
    const { id: _, ...form } = toForm('tariffs', seed.records.tariffs[0] as never) as Record<string, unknown>;
    const longest = tariffForm.safeParse({ ...form, validity_days: maxActivePeriodDays });
    const tooLong = tariffForm.safeParse({ ...form, validity_days: maxActivePeriodDays + 1 });

    expect(longest.success).toBe(true);
    expect(tooLong.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['validity_days']);
  });
});

describe('conflicts', () => {
  const hub = (codes: HubRecord['meta'], hubRecordId = id(900)): HubRecord =>
    ({
      ...records().hubs[0],
      id: hubRecordId,
      meta: codes,
    }) as HubRecord;

  it('finds a hub code of any kind another hub has, and ignores the hub itself', () => {
    const catalog: CatalogRecords = {
      ...records(),
      hubs: [...records().hubs, hub({ kind: 'Railway', uic: '2004001', esr: '060073' }, id(901))],
    };

    expect(
      conflictOf('hubs', hub({ kind: 'Airport', iata: 'XXX', icao: 'UUEE' }), catalog)?.details,
    ).toMatchObject({
      field: 'meta.icao',
      conflicting_id: hubId,
    });
    expect(conflictOf('hubs', hub({ kind: 'Railway', esr: '060073' }), catalog)?.details).toMatchObject({
      field: 'meta.esr',
    });
    expect(conflictOf('hubs', { ...catalog.hubs[0] } as HubRecord, catalog)).toBeUndefined();
  });

  it('compares names as people read them: case, Unicode normal form and spaces do not make them differ', () => {
    expect(nameKey('  Бизнес-Зал   B ', 'ru-RU')).toBe(nameKey('бизнес-зал b', 'ru-RU'));
    expect(nameKey('Cafe\u0301', 'en-US')).toBe(nameKey('Café', 'en-US'));
    const twin = lounge(50, 'BUSINESS lounge b', 'Другое имя');

    expect(conflictOf('lounges', twin, records())?.code).toBe('CatalogResourceConflict');
    expect(conflictOf('lounges', { ...twin, hub_id: id(902) }, records())).toBeUndefined();
  });

  it('treats tariffs and amenities as unique by name across the catalog', () => {
    const [first] = records().tariffs;
    if (!first) throw new Error('fixture');
    expect(conflictOf('tariffs', { ...first, id: id(77) }, records())?.details).toMatchObject({
      field: 'name.en-US',
    });
    expect(
      conflictOf('amenities', { id: 'wifi-2', name: { 'en-US': 'WI-FI', 'ru-RU': 'x' } }, records()),
    ).toBeDefined();
  });

  it('names every reference the draft does not hold', () => {
    const errors = unknownReferences(
      'lounges',
      {
        ...priced(toForm('lounges', lounge(60, 'a', 'b'))),
        hub_id: id(903),
        amenity_ids: ['wifi', 'moat'],
        images: [{ image_id: id(904), sort: 1, enabled: true }],
      },
      records(),
      new Set(),
    );

    expect(errors.map((error) => error.path)).toEqual([
      'body.hub_id',
      'body.images.0.image_id',
      'body.amenity_ids.1',
    ]);
  });
});

describe('the diff', () => {
  it('tells added, changed (field by field), deactivated and removed items apart', () => {
    const published = records();
    const draft = records();
    draft.lounges[0] = {
      ...lounge(1, 'Business Lounge B', 'Бизнес-зал B'),
      direction_info: { 'en-US': 'Gate 5', 'ru-RU': 'Выход 5' },
    };
    draft.lounges[1] = { ...lounge(2, 'Business Lounge C', 'Бизнес-зал C'), is_active: false };
    draft.tariffs.push({
      ...draft.tariffs[0],
      id: id(23),
      name: { 'en-US': 'New', 'ru-RU': 'Новый' },
    } as never);
    draft.amenities = [];

    const diff = catalogDiff(published, draft);

    expect(diff.hasChanges).toBe(true);
    expect(diff.added.map((entry) => [entry.type, entry.id])).toEqual([['tariff', id(23)]]);
    expect(diff.removed.map((entry) => [entry.type, entry.id])).toEqual([['amenity', 'wifi']]);
    expect(diff.deactivated).toEqual([
      expect.objectContaining({ id: id(2), fields: [{ path: 'is_active', before: true, after: false }] }),
    ]);
    expect(diff.changed).toEqual([
      expect.objectContaining({
        id: id(1),
        fields: [
          { path: 'direction_info.en-US', before: 'Level 3', after: 'Gate 5' },
          { path: 'direction_info.ru-RU', before: '3-й этаж', after: 'Выход 5' },
        ],
      }),
    ]);
    expect(catalogDiff(published, records()).hasChanges).toBe(false);
  });

  it('reports a list that changed its length as one change, and a field set or unset without the missing side', () => {
    expect(fieldChanges({ ids: ['a'] }, { ids: ['a', 'b'] })).toEqual([
      { path: 'ids', before: ['a'], after: ['a', 'b'] },
    ]);
    expect(fieldChanges({ a: 1 }, { a: 1, b: 2 })).toEqual([{ path: 'b', after: 2 }]);
    expect(fieldChanges({ a: 1, b: 2 }, { a: 1 })).toEqual([{ path: 'b', before: 2 }]);
  });

  it("answers a field set or unset within the diff's own schema (the missing side absent)", () => {
    const name = { 'en-US': 'Lounge', 'ru-RU': 'Зал' };
    const fields = [...fieldChanges({ title: 'Seating' }, {}), ...fieldChanges({}, { title: 'Seating' })];

    expect(
      catalogDiffSchema.safeParse({
        published_version: 'v1',
        has_changes: true,
        added: [],
        changed: [{ type: 'lounge', id: id(1), name, fields }],
        deactivated: [],
        removed: [],
      }).success,
    ).toBe(true);
  });
});

describe('image content', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));
  const refusal = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof ValidationError) return error.errors[0]?.message ?? '';
      throw error;
    }
    throw new Error('expected a refusal');
  };

  it('reads the type and size of PNG, JPEG and WebP from their bytes', async () => {
    expect(await inspectImage(fixture('tiny-3x2.png'), 'image/png')).toEqual({
      contentType: 'image/png',
      width: 3,
      height: 2,
    });
    expect(await inspectImage(fixture('tiny-3x2.jpg'), 'image/jpeg; charset=binary')).toMatchObject({
      contentType: 'image/jpeg',
    });
    expect(await inspectImage(fixture('tiny-3x2.webp'), 'IMAGE/WEBP')).toMatchObject({
      contentType: 'image/webp',
    });
  });

  it('refuses SVG, other types, cut files, a declared type that is not the content, and oversized images', async () => {
    const png = fixture('tiny-3x2.png');
    const svg = readFileSync(new URL('../../../seed/catalog/images/lounge-bar.svg', import.meta.url));
    const hugeSides = Buffer.from(png);
    hugeSides.writeUInt32BE(20000, 16);

    expect(await refusal(() => inspectImage(svg, 'image/png'))).toContain('svg');
    expect(await refusal(() => inspectImage(png.subarray(0, png.length - 4), 'image/png'))).toContain(
      'truncated',
    );
    expect(await refusal(() => inspectImage(png, 'image/jpeg'))).toContain('Content-Type says image/jpeg');
    expect(await refusal(() => inspectImage(png, undefined))).toContain('says nothing');
    expect(await refusal(() => inspectImage(hugeSides, 'image/png'))).toContain('At most 16384 pixels');
    expect(await refusal(() => inspectImage(Buffer.alloc(maxImageBytes + 1), 'image/png'))).toContain(
      'At most',
    );
  });

  it('names an uploaded image by its hash: a version 8 UUID, the same for the same bytes', () => {
    const image = imageIdFor('ab'.repeat(32));

    expect(image).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(imageIdFor('ab'.repeat(32))).toBe(image);
    expect(imageIdFor('cd'.repeat(32))).not.toBe(image);
  });
});
