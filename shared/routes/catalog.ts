import { catalogCacheControl } from '../domain/catalog/freshness.ts';
import {
  catalogHeaders,
  catalogQuery,
  esimTariffSchema,
  esimTariffsPageSchema,
  fastTrackParams,
  fastTrackSchema,
  fastTracksPageSchema,
  imageHeaders,
  imageParams,
  loungeParams,
  loungeSchema,
  loungesPageSchema,
  tariffParams,
} from '../schemas/catalog.ts';
import { defineRoute, type ResponseSpec } from './types.ts';

const common = { hosts: ['api'], group: 'catalog', tags: ['Catalog'] } as const;

const validators = {
  ETag: 'Strong validator of this representation (changes with data, contract, locale, filter and paging)',
  'Last-Modified': "HTTP-date of the last change of the catalog or of the account's contract",
};
const localized = {
  ...validators,
  'Content-Language': 'en-US or ru-RU: the negotiated locale',
  Vary: 'Accept-Language',
  'Cache-Control': `${catalogCacheControl}: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that`,
};
const notModified: ResponseSpec = {
  description: 'Not modified (If-None-Match matched, or no change since If-Modified-Since); no body',
  headers: { ...validators, Vary: 'Accept-Language', 'Cache-Control': localized['Cache-Control'] },
};
const pageDescription =
  'Active items of your contract, sorted by localized name. `name` filters before paging; ' +
  '`pagination.total` counts every match. Conditional: If-None-Match (weak comparison, lists and *) ' +
  'wins over If-Modified-Since; a match is 304 with no body.';

export const catalogRoutes = {
  listLounges: defineRoute({
    ...common,
    operationId: 'listLounges',
    method: 'GET',
    path: '/v2/catalog/lounges',
    summary: 'List the lounges of your contract',
    description: pageDescription,
    auth: { scope: 'catalog.lounges:read' },
    request: { query: catalogQuery, headers: catalogHeaders },
    responses: {
      200: { description: 'A page of lounges', schema: loungesPageSchema, headers: localized },
      304: notModified,
    },
  }),
  getLounge: defineRoute({
    ...common,
    operationId: 'getLounge',
    method: 'GET',
    path: '/v2/catalog/lounges/{loungeID}',
    summary: 'Read one lounge of your contract',
    auth: { scope: 'catalog.lounges:read' },
    request: { params: loungeParams, headers: catalogHeaders },
    responses: {
      200: { description: 'The lounge', schema: loungeSchema, headers: localized },
      304: notModified,
    },
    errors: ['CatalogResourceNotFound'],
  }),
  getImage: defineRoute({
    ...common,
    operationId: 'getImage',
    method: 'GET',
    path: '/v2/images/{id}',
    summary: 'Image of a lounge or fast-track (Image.url)',
    description:
      'The bytes with their media type. Either catalog scope suffices: images of lounges and fast-tracks ' +
      'in your contract are served alike.',
    auth: { scope: 'catalog.lounges:read', alternatives: ['catalog.fast_tracks:read'] },
    request: { params: imageParams, headers: imageHeaders },
    responses: {
      200: {
        description: 'The image bytes',
        contentType: 'image/*',
        headers: { ...validators, 'Cache-Control': 'private, max-age=86400' },
      },
      304: { description: 'Not modified; no body', headers: validators },
    },
    errors: ['CatalogResourceNotFound'],
  }),
  listFastTracks: defineRoute({
    ...common,
    operationId: 'listFastTracks',
    method: 'GET',
    path: '/v2/catalog/fast-tracks',
    summary: 'List the fast-track services of your contract',
    description: pageDescription,
    auth: { scope: 'catalog.fast_tracks:read' },
    request: { query: catalogQuery, headers: catalogHeaders },
    responses: {
      200: { description: 'A page of fast-tracks', schema: fastTracksPageSchema, headers: localized },
      304: notModified,
    },
  }),
  getFastTrack: defineRoute({
    ...common,
    operationId: 'getFastTrack',
    method: 'GET',
    path: '/v2/catalog/fast-tracks/{fastTrackID}',
    summary: 'Read one fast-track service of your contract',
    auth: { scope: 'catalog.fast_tracks:read' },
    request: { params: fastTrackParams, headers: catalogHeaders },
    responses: {
      200: { description: 'The fast-track', schema: fastTrackSchema, headers: localized },
      304: notModified,
    },
    errors: ['CatalogResourceNotFound'],
  }),
  listEsimTariffs: defineRoute({
    ...common,
    operationId: 'listEsimTariffs',
    method: 'GET',
    path: '/v2/catalog/esim/tariffs',
    summary: 'List the eSIM tariffs (package templates) of your contract',
    description: pageDescription,
    auth: { scope: 'catalog.esim:read' },
    request: { query: catalogQuery, headers: catalogHeaders },
    responses: {
      200: { description: 'A page of eSIM tariffs', schema: esimTariffsPageSchema, headers: localized },
      304: notModified,
    },
  }),
  getEsimTariff: defineRoute({
    ...common,
    operationId: 'getEsimTariff',
    method: 'GET',
    path: '/v2/catalog/esim/tariffs/{tariffID}',
    summary: 'Read one eSIM tariff of your contract',
    auth: { scope: 'catalog.esim:read' },
    request: { params: tariffParams, headers: catalogHeaders },
    responses: {
      200: { description: 'The eSIM tariff', schema: esimTariffSchema, headers: localized },
      304: notModified,
    },
    errors: ['CatalogResourceNotFound'],
  }),
} as const;
