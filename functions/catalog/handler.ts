import type { PartnerPrincipal } from '../../shared/auth/principal.ts';
import { catalogReader } from '../../shared/db/entities/catalog-reader.ts';
import { httpDate } from '../../shared/domain/catalog/conditional.ts';
import { catalogCacheControl } from '../../shared/domain/catalog/freshness.ts';
import type { CatalogView } from '../../shared/domain/catalog/ports.ts';
import {
  type CatalogRequest,
  getCatalogItem,
  getImage,
  type LocalizedRepresentation,
  listCatalog,
} from '../../shared/domain/catalog/service.ts';
import { type ApiResult, createApiHandler } from '../../shared/http/pipeline/index.ts';
import { catalogRoutes } from '../../shared/routes/catalog.ts';
import { catalogImages } from '../../shared/storage/catalog-images.ts';

interface ConditionalHeaders {
  'accept-language'?: string | undefined;
  'if-none-match'?: string | undefined;
  'if-modified-since'?: string | undefined;
}

function viewOf(principal: PartnerPrincipal): Promise<CatalogView> {
  return catalogReader().view(principal.accountId);
}

const conditionalOf = (headers: ConditionalHeaders): CatalogRequest => ({
  acceptLanguage: headers['accept-language'],
  ifNoneMatch: headers['if-none-match'],
  ifModifiedSince: headers['if-modified-since'],
});

function respond<T>(representation: LocalizedRepresentation<T>): ApiResult {
  const headers = {
    ETag: representation.etag,
    'Last-Modified': httpDate(representation.lastModified),
    Vary: 'Accept-Language',
    'Cache-Control': catalogCacheControl,
  };
  if (representation.notModified) return { status: 304, headers };
  return {
    status: 200,
    body: representation.body,
    ...(representation.json === undefined ? {} : { json: representation.json }),
    headers: { ...headers, 'Content-Language': representation.locale },
  };
}

export const handler = createApiHandler(catalogRoutes, {
  listLounges: async ({ principal, query, headers }) =>
    respond(listCatalog(await viewOf(principal), 'lounges', query, conditionalOf(headers))),
  getLounge: async ({ principal, params, headers }) =>
    respond(getCatalogItem(await viewOf(principal), 'lounges', params.loungeID, conditionalOf(headers))),
  listFastTracks: async ({ principal, query, headers }) =>
    respond(listCatalog(await viewOf(principal), 'fast_tracks', query, conditionalOf(headers))),
  getFastTrack: async ({ principal, params, headers }) =>
    respond(
      getCatalogItem(await viewOf(principal), 'fast_tracks', params.fastTrackID, conditionalOf(headers)),
    ),
  listEsimTariffs: async ({ principal, query, headers }) =>
    respond(listCatalog(await viewOf(principal), 'tariffs', query, conditionalOf(headers))),
  getEsimTariff: async ({ principal, params, headers }) =>
    respond(getCatalogItem(await viewOf(principal), 'tariffs', params.tariffID, conditionalOf(headers))),
  getImage: async ({ principal, params, headers }) => {
    const image = await getImage(catalogImages(), await viewOf(principal), params.id, conditionalOf(headers));
    const validators = {
      ETag: image.etag,
      'Last-Modified': httpDate(image.lastModified),
      // An uploaded image's id names its bytes (derived from their SHA-256): it never changes.
      'Cache-Control': image.immutable ? 'private, max-age=31536000, immutable' : 'private, max-age=86400',
    };
    if (image.notModified || !image.body) return { status: 304, headers: validators };
    const { contentType, bytes } = image.body;
    return {
      status: 200,
      headers: validators,
      binary: { contentType, base64: Buffer.from(bytes).toString('base64') },
    };
  },
});
