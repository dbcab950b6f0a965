import { describe, expect, it, vi } from 'vitest';
import type { Contract } from '../../../shared/domain/catalog/catalog-stored.ts';
import { httpDate } from '../../../shared/domain/catalog/conditional.ts';
import { imageIdFor } from '../../../shared/domain/catalog/image-id.ts';
import type { CatalogImages } from '../../../shared/domain/catalog/ports.ts';
import {
  getCatalogItem,
  getImage,
  lastModifiedOf,
  listCatalog,
} from '../../../shared/domain/catalog/service.ts';
import { NotFoundError } from '../../../shared/domain/errors.ts';
import {
  esimTariffSchema,
  fastTracksPageSchema,
  loungeSchema,
  loungesPageSchema,
} from '../../../shared/schemas/catalog.ts';
import { everything, id, lounge, records, view } from './fixture.ts';

const firstPage = { limit: 100, offset: 0 };
const names = (page: { data: { name: string }[] } | undefined) => page?.data.map((item) => item.name);
const only = (lounges: string[]): Contract => ({ ...everything, lounges });

describe('a catalog page', () => {
  it('lists the active lounges of the contract sorted by name, in the default locale', () => {
    const page = listCatalog(view(), 'lounges', firstPage, {});

    expect(page.locale).toBe('en-US');
    expect(names(page.body)).toEqual([
      'Arrivals Lounge',
      'Business Lounge B',
      'Business Lounge C',
      'Comfort Lounge',
      'Ёлка Lounge',
    ]);
    expect(page.body?.pagination).toEqual({ count: 5, offset: 0, total: 5 });
    expect(loungesPageSchema.safeParse(page.body).success).toBe(true);
  });

  it('is rendered in Russian when the client prefers it', () => {
    const page = listCatalog(view(), 'lounges', firstPage, { acceptLanguage: 'ru-RU' });
    const lounge = page.body?.data.find((item) => item.id === id(1));

    expect(page.locale).toBe('ru-RU');
    expect(lounge?.name).toBe('Бизнес-зал B');
    expect(lounge?.hub.name).toBe('Международный аэропорт Шереметьево');
    expect(lounge?.location.city).toBe('Москва');
    expect(lounge?.amenities).toEqual([{ id: 'wifi', name: 'Вай-фай', is_free: true }]);
    expect(lounge?.business_hours[1]).toEqual({
      day: 7,
      times: { type: 'SPECIAL', detail: 'По расписанию рейсов' },
    });
    expect(lounge?.policy.age?.notes).toBe('Дети бесплатно');
    expect(lounge?.direction_info).toBe('3-й этаж');
  });

  it('shows only the lounges the contract lists', () => {
    const page = listCatalog(view(only([id(2), id(4)])), 'lounges', firstPage, {});

    expect(page.body?.data.map((item) => item.id)).toEqual([id(2), id(4)]);
    expect(page.body?.pagination.total).toBe(2);
  });

  it('hides inactive items even when the contract lists them', () => {
    const page = listCatalog(view(only([id(6)])), 'lounges', firstPage, {});

    expect(page.body?.data).toEqual([]);
  });

  it('lists only enabled images, sorted, with absolute URLs of the image operation', () => {
    const lounge = listCatalog(view(), 'lounges', firstPage, {}).body?.data.find((item) => item.id === id(1));

    expect(lounge?.images).toEqual([
      { url: `https://api.test.invalid/v2/images/${id(2001)}`, sort: 10 },
      { url: `https://api.test.invalid/v2/images/${id(1001)}`, sort: 20, title: 'Bar' },
    ]);
  });

  it('pages after filtering and counts every match in total', () => {
    const page = listCatalog(view(), 'lounges', { limit: 2, offset: 1, name: 'business' }, {});

    expect(names(page.body)).toEqual(['Business Lounge C']);
    expect(page.body?.pagination).toEqual({ count: 1, offset: 1, total: 2 });
  });

  it('answers an empty page past the end, with the total', () => {
    const page = listCatalog(view(), 'lounges', { limit: 10, offset: 50 }, {});

    expect(page.body?.data).toEqual([]);
    expect(page.body?.pagination).toEqual({ count: 0, offset: 50, total: 5 });
  });
});

describe('the name filter', () => {
  it('matches a case-insensitive substring of the English name', () => {
    expect(names(listCatalog(view(), 'lounges', { ...firstPage, name: 'LOUNGE C' }, {}).body)).toEqual([
      'Business Lounge C',
    ]);
  });

  it('matches the Russian name when the response is Russian, whatever the case of Cyrillic letters', () => {
    const page = listCatalog(view(), 'lounges', { ...firstPage, name: 'БИЗНЕС' }, { acceptLanguage: 'ru' });

    expect(names(page.body)).toEqual(['Бизнес-зал B', 'Бизнес-зал C']);
  });

  it('folds Ё and ё', () => {
    const page = listCatalog(view(), 'lounges', { ...firstPage, name: 'ёЛКА' }, { acceptLanguage: 'ru-RU' });

    expect(names(page.body)).toEqual(['Зал «Ёлка»']);
  });

  it('searches the response locale only: a Russian word finds nothing in English', () => {
    const page = listCatalog(
      view(),
      'lounges',
      { ...firstPage, name: 'бизнес' },
      { acceptLanguage: 'en-US' },
    );

    expect(page.body?.pagination.total).toBe(0);
  });

  it('treats an empty name as no filter', () => {
    expect(listCatalog(view(), 'lounges', { ...firstPage, name: '' }, {}).body?.pagination.total).toBe(5);
  });

  it('matches a decomposed Cyrillic letter typed by the client', () => {
    const decomposed = 'приле\u0308та'.normalize('NFD');
    const page = listCatalog(
      view(),
      'lounges',
      { ...firstPage, name: decomposed },
      { acceptLanguage: 'ru-RU' },
    );

    expect(names(page.body)).toEqual(['Зал прилёта']);
  });
});

describe('net prices in the catalog', () => {
  const discounted: Contract = { ...everything, discount_percent: 12.5 };

  it('are the rack prices without a discount', () => {
    const page = listCatalog(view(), 'lounges', firstPage, {});
    expect(page.body?.data[0]?.price).toEqual({
      currency: 'RUB',
      adult: '4500.00',
      child: '2250.00',
      infant: '0.00',
    });
  });

  it("take the contract's discount off each guest type, on pages and items alike", () => {
    const net = { currency: 'RUB', adult: '3937.50', child: '1968.75', infant: '0.00' };
    const page = listCatalog(view(discounted), 'lounges', firstPage, {});
    expect(page.body?.data.every((item) => JSON.stringify(item.price) === JSON.stringify(net))).toBe(true);
    expect(getCatalogItem(view(discounted), 'lounges', id(1), {}).body?.price).toEqual(net);
    expect(getCatalogItem(view(discounted), 'fast_tracks', id(11), {}).body?.price).toEqual({
      currency: 'RUB',
      adult: '2187.50',
      child: '2187.50',
      infant: '0.00',
    });
  });

  it('are absent from an item saved before prices existed', () => {
    const unpriced = records();
    const { prices: _none, ...first } = unpriced.lounges[0] as (typeof unpriced.lounges)[0];
    unpriced.lounges[0] = first;
    const item = getCatalogItem(view(everything, { records: unpriced }), 'lounges', id(1), {}).body;
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('price');
    expect(loungeSchema.safeParse(item).success).toBe(true);
  });
});

describe('the ETag of a page', () => {
  const etagOf = (...args: Parameters<typeof listCatalog>) => listCatalog(...args).etag;
  const base = etagOf(view(), 'lounges', firstPage, {});

  it('stays the same for the same page of the same catalog and contract', () => {
    expect(etagOf(view(), 'lounges', firstPage, {})).toBe(base);
  });

  it('stays the same when the catalog version moves but this page did not change', () => {
    expect(etagOf(view(everything, { version: 'v2' }), 'lounges', firstPage, {})).toBe(base);
  });

  it.each([
    ['the locale', () => etagOf(view(), 'lounges', firstPage, { acceptLanguage: 'ru-RU' })],
    ['the filter', () => etagOf(view(), 'lounges', { ...firstPage, name: 'lounge' }, {})],
    ['the limit', () => etagOf(view(), 'lounges', { ...firstPage, limit: 50 }, {})],
    ['the offset', () => etagOf(view(), 'lounges', { ...firstPage, offset: 1 }, {})],
    ['the contract', () => etagOf(view(only([id(1)])), 'lounges', firstPage, {})],
    ['the discount', () => etagOf(view({ ...everything, discount_percent: 10 }), 'lounges', firstPage, {})],
    [
      'a rack price',
      () => {
        const changed = records();
        changed.lounges[0] = {
          ...changed.lounges[0],
          prices: { currency: 'RUB', adult: '4600.00', child: '2250.00', infant: '0.00' },
        } as (typeof changed.lounges)[0];
        return etagOf(view(everything, { records: changed }), 'lounges', firstPage, {});
      },
    ],
    [
      'the data',
      () => {
        const changed = records();
        changed.lounges[0] = {
          ...changed.lounges[0],
          direction_info: { 'en-US': 'Level 4', 'ru-RU': '4-й этаж' },
        } as (typeof changed.lounges)[0];
        return etagOf(view(everything, { records: changed }), 'lounges', firstPage, {});
      },
    ],
  ])('changes with %s', (_what, etag) => {
    expect(etag()).not.toBe(base);
  });

  it('answers 304 when If-None-Match holds it, and 200 with the body otherwise', () => {
    const notModified = listCatalog(view(), 'lounges', firstPage, { ifNoneMatch: `W/${base}` });
    const modified = listCatalog(view(), 'lounges', firstPage, { ifNoneMatch: '"stale"' });

    expect(notModified).toMatchObject({ notModified: true, etag: base });
    expect(notModified.body).toBeUndefined();
    expect(modified.notModified).toBe(false);
    expect(modified.body?.data).toHaveLength(5);
  });
});

describe('a page asked again of the same snapshot', () => {
  it('is answered from memory, 200 and 304 alike, without filtering the catalog again', () => {
    const shared = view();
    const first = listCatalog(shared, 'lounges', firstPage, {});
    const entries = vi.spyOn(shared.snapshot, 'entries');

    const again = listCatalog(shared, 'lounges', firstPage, {});
    const revalidated = listCatalog(shared, 'lounges', firstPage, { ifNoneMatch: first.etag });

    expect(again).toEqual(first);
    expect(revalidated).toMatchObject({ notModified: true, etag: first.etag });
    expect(entries).not.toHaveBeenCalled();
  });

  it('answers a filter it never saw by scanning names only: the list of the contract is kept', () => {
    const shared = view();
    listCatalog(shared, 'lounges', { ...firstPage, name: 'business' }, {});
    const entries = vi.spyOn(shared.snapshot, 'entries');
    const listedAt = vi.spyOn(shared.snapshot, 'listedAt');

    const page = listCatalog(shared, 'lounges', { ...firstPage, name: 'lounge c' }, {});

    expect(names(page.body)).toEqual(['Business Lounge C']);
    expect(entries).not.toHaveBeenCalled();
    expect(listedAt).not.toHaveBeenCalled();
  });

  it('keeps the list of each contract apart: the same filter finds only what each contract lists', () => {
    const shared = view();
    const narrow = { ...shared, contract: only([id(2), id(4)]) };
    const wide = listCatalog(shared, 'lounges', { ...firstPage, name: 'business' }, {});

    const narrowed = listCatalog(narrow, 'lounges', { ...firstPage, name: 'business' }, {});
    const wideAgain = listCatalog(shared, 'lounges', { ...firstPage, name: 'lounge' }, {});

    expect(wide.body?.pagination.total).toBe(2);
    expect(narrowed.body?.data.map((item) => item.id)).toEqual([id(2)]);
    expect(narrowed.body?.pagination.total).toBe(1);
    expect(wideAgain.body?.pagination.total).toBe(5);
  });

  it('carries the bytes its ETag was computed from, so the response is not serialized again', () => {
    const page = listCatalog(view(), 'lounges', firstPage, {});

    expect(page.json).toBe(JSON.stringify(page.body));
  });

  it.each([
    [
      'contract',
      (shared: ReturnType<typeof view>) => ({ ...shared, contract: only([id(1)]) }),
      {},
      firstPage,
    ],
    ['locale', (shared: ReturnType<typeof view>) => shared, { acceptLanguage: 'ru-RU' }, firstPage],
    ['query', (shared: ReturnType<typeof view>) => shared, {}, { ...firstPage, name: 'comfort' }],
  ])('is another page for another %s', (_what, change, request, query) => {
    const shared = view();
    const first = listCatalog(shared, 'lounges', firstPage, {});

    const other = listCatalog(change(shared), 'lounges', query, request);

    expect(other).toEqual(listCatalog(view(change(shared).contract), 'lounges', query, request));
    expect(other.etag).not.toBe(first.etag);
  });

  it('keeps its ETag but moves Last-Modified when only the contract change time moves', () => {
    const shared = view();
    const first = listCatalog(shared, 'lounges', firstPage, {});
    const touched = { ...shared, contract: { ...everything, updatedAt: '2031-05-05T05:05:05.000Z' } };

    const again = listCatalog(touched, 'lounges', firstPage, { ifNoneMatch: first.etag });

    expect(again).toMatchObject({ notModified: true, etag: first.etag });
    expect(again.lastModified).toEqual(new Date('2031-05-05T05:05:05.000Z'));
  });
});

describe('Last-Modified', () => {
  it('is the catalog change time, or the contract change time when that is later', () => {
    const contract = { ...everything, updatedAt: '2031-05-05T05:05:05.000Z' };

    expect(lastModifiedOf(view())).toEqual(new Date('2030-01-02T10:00:00.000Z'));
    expect(lastModifiedOf(view(contract))).toEqual(new Date('2031-05-05T05:05:05.000Z'));
  });

  it('answers 304 to If-Modified-Since at the change time', () => {
    const page = listCatalog(view(), 'lounges', firstPage, {
      ifModifiedSince: httpDate('2030-01-02T10:00:00.000Z'),
    });

    expect(page.notModified).toBe(true);
  });
});

describe('one catalog item', () => {
  it('is the rendered lounge with its own ETag', () => {
    const lounge = getCatalogItem(view(), 'lounges', id(1), { acceptLanguage: 'ru-RU' });

    expect(lounge.body?.name).toBe('Бизнес-зал B');
    expect(loungeSchema.safeParse(lounge.body).success).toBe(true);
    expect(lounge.etag).not.toBe(getCatalogItem(view(), 'lounges', id(1), {}).etag);
  });

  it.each([
    ['unknown', id(99)],
    ['inactive', id(6)],
    ['outside the contract', id(3)],
  ])('is 404 CatalogResourceNotFound when %s', (_case, loungeId) => {
    const read = () => getCatalogItem(view(only([id(1), id(6)])), 'lounges', loungeId, {});

    expect(read).toThrow(NotFoundError);
    expect(read).toThrow(expect.objectContaining({ code: 'CatalogResourceNotFound' }));
  });

  it('renders fast-tracks and tariffs to their schemas', () => {
    const fastTracks = listCatalog(view(), 'fast_tracks', firstPage, {});
    const tariff = getCatalogItem(view(), 'tariffs', id(21), { acceptLanguage: 'ru-RU' });

    expect(fastTracksPageSchema.safeParse(fastTracks.body).success).toBe(true);
    expect(fastTracks.body?.data.map((item) => item.id)).toEqual([id(11)]);
    expect(esimTariffSchema.parse(tariff.body)).toMatchObject({
      name: 'Европа 21 ГБ',
      price: { amount: '9.99' },
    });
  });
});

describe('an image', () => {
  const bytes = new Uint8Array([60, 115, 118, 103, 62]);
  const images = (): CatalogImages => ({ imageBytes: vi.fn(async () => bytes) });

  it('serves the bytes of an enabled image of a visible lounge', async () => {
    const image = await getImage(images(), view(), id(1001), {});

    expect(image.body).toEqual({ contentType: 'image/svg+xml', bytes });
  });

  it('answers 304 without reading the bytes when the ETag matches', async () => {
    const storage = images();
    const first = await getImage(storage, view(), id(1001), {});
    const again = await getImage(storage, view(), id(1001), { ifNoneMatch: first.etag });

    expect(again.notModified).toBe(true);
    expect(storage.imageBytes).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a disabled image', id(3001), everything],
    ['an image of a lounge outside the contract', id(1001), only([id(2)])],
    ['an image of an inactive fast-track', id(4012), everything],
    ['an unknown image', id(9999), everything],
  ])('is 404 for %s', async (_case, imageId, contract) => {
    await expect(getImage(images(), view(contract), imageId, {})).rejects.toMatchObject({
      code: 'CatalogResourceNotFound',
    });
  });

  it('is served while any item that shows it is visible, once uploaded and shared by two lounges', async () => {
    const shared = {
      id: imageIdFor('c'.repeat(64)),
      blob: 'c'.repeat(64),
      content_type: 'image/png' as const,
    };
    const catalog = records();
    catalog.lounges[0] = lounge(1, 'Business Lounge B', 'Бизнес-зал B', {
      images: [{ ...shared, sort: 1, enabled: true }],
    });
    catalog.lounges[1] = lounge(2, 'Business Lounge C', 'Бизнес-зал C', {
      images: [{ ...shared, sort: 1, enabled: true }],
    });

    const viaSecond = await getImage(images(), view(only([id(2)]), { records: catalog }), shared.id, {});
    const neither = getImage(images(), view(only([id(3)]), { records: catalog }), shared.id, {});

    expect(viaSecond.body?.contentType).toBe('image/png');
    expect(viaSecond.immutable).toBe(true);
    await expect(neither).rejects.toMatchObject({ code: 'CatalogResourceNotFound' });
    expect((await getImage(images(), view(), id(1001), {})).immutable).toBe(false);
  });
});
