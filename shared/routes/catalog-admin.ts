import { maxDirectUploadBytes } from '../domain/catalog-admin/image-content.ts';
import type { RecordKind } from '../domain/catalog-admin/kinds.ts';
import {
  amenityAdminParams,
  amenityAdminSchema,
  amenityForm,
  catalogDiffSchema,
  catalogDraftSchema,
  contractForm,
  contractParams,
  contractSchema,
  fastTrackAdminParams,
  fastTrackAdminSchema,
  fastTrackForm,
  hubAdminParams,
  hubAdminSchema,
  hubForm,
  imageMediaTypes,
  imageUploadBody,
  imageUploadGrantSchema,
  imageUploadParams,
  imageUploadRequestSchema,
  loungeAdminParams,
  loungeAdminSchema,
  loungeForm,
  publicationSchema,
  tariffAdminParams,
  tariffAdminSchema,
  tariffForm,
  uploadedImageSchema,
} from '../schemas/catalog-admin.ts';
import { cursorPage, cursorQuery } from '../schemas/common.ts';
import type * as z from '../schemas/zod.ts';
import { catalogItemNames, catalogItemsByOperationId, itemOperationIds } from './catalog-item-names.ts';
import { defineRoute, type ObjectSchema, type RouteAuth } from './types.ts';

/**
 * Catalog administration (docs/catalog-admin.md): employees edit the draft on the admin host and
 * publish it. Its own function: it alone writes the images bucket. Every write is `audit: 'self'`:
 * its use case records the item before and after, which the pipeline's audit trail cannot know.
 */
const read = { scope: 'admin.catalog:read', audiences: ['employee'] } as const satisfies RouteAuth;
const write = { scope: 'admin.catalog:write', audiences: ['employee'] } as const satisfies RouteAuth;
const common = { hosts: ['admin'], group: 'catalog-admin', tags: ['Catalog administration'] } as const;
const base = '/api/v1/admin/catalog';

interface ItemSpec<
  One extends string,
  Many extends string,
  Form extends z.ZodMiniType,
  Item extends z.ZodMiniType,
  Params extends ObjectSchema,
> {
  /** How operation ids name one item and many: `Lounge`, `Lounges`, ... */
  one: One;
  many: Many;
  /** Path segment: `lounges`, `fast-tracks`, ... */
  segment: string;
  /** `{loungeID}`, ...: the one path parameter of an item's routes. */
  param: string;
  /** One item in prose: `lounge`, `fast-track`, ... */
  label: string;
  form: Form;
  item: Item;
  params: Params;
}

/** The five operations every kind has: list, create, read, replace, deactivate. */
function itemRoutes<
  const One extends string,
  const Many extends string,
  Form extends z.ZodMiniType,
  Item extends z.ZodMiniType,
  Params extends ObjectSchema,
>(spec: ItemSpec<One, Many, Form, Item, Params>) {
  const collection = `${base}/${spec.segment}`;
  const one = `${collection}/{${spec.param}}`;
  const ids = itemOperationIds(spec);
  return {
    list: defineRoute({
      ...common,
      operationId: ids.list,
      method: 'GET',
      path: collection,
      summary: `List the ${spec.label}s of the catalog draft`,
      description: 'Every item of the draft, inactive ones included, in id order.',
      auth: read,
      request: { query: cursorQuery },
      responses: { 200: { description: `A page of ${spec.label}s`, schema: cursorPage(spec.item) } },
    }),
    create: defineRoute({
      ...common,
      operationId: ids.create,
      method: 'POST',
      path: collection,
      summary: `Add a ${spec.label} to the draft`,
      description:
        'Partners see it after the next publication. 409 CatalogResourceConflict when it duplicates an ' +
        'item; 422 names every bad field and every unknown reference.',
      auth: write,
      audit: 'self',
      idempotency: 'required',
      request: { body: spec.form },
      responses: {
        201: { description: `The ${spec.label}`, schema: spec.item, headers: { Location: 'The item' } },
      },
      errors: ['CatalogResourceConflict'],
    }),
    get: defineRoute({
      ...common,
      operationId: ids.get,
      method: 'GET',
      path: one,
      summary: `Read a ${spec.label} of the draft in its admin form`,
      auth: read,
      request: { params: spec.params },
      responses: { 200: { description: `The ${spec.label}`, schema: spec.item } },
      errors: ['CatalogResourceNotFound'],
    }),
    replace: defineRoute({
      ...common,
      operationId: ids.replace,
      method: 'PUT',
      path: one,
      summary: `Replace a ${spec.label} in the draft`,
      description: 'The whole admin form, without `id`. Saving the item unchanged changes nothing.',
      auth: write,
      audit: 'self',
      request: { params: spec.params, body: spec.form },
      responses: { 200: { description: `The ${spec.label}`, schema: spec.item } },
      errors: ['CatalogResourceNotFound', 'CatalogResourceConflict'],
    }),
    deactivate: defineRoute({
      ...common,
      operationId: ids.deactivate,
      method: 'POST',
      path: `${one}/deactivate`,
      summary: `Deactivate a ${spec.label} in the draft`,
      description:
        'Items are deactivated, never deleted; partners get 404 for it after the next publication.',
      auth: write,
      audit: 'self',
      request: { params: spec.params },
      responses: { 200: { description: `The ${spec.label}`, schema: spec.item } },
      errors: ['CatalogResourceNotFound'],
    }),
  };
}

/** Every kind's routes, keyed by record kind, in the order the OpenAPI document lists them. */
const itemRoutesByKind = {
  lounges: itemRoutes({
    ...catalogItemNames.lounges,
    segment: 'lounges',
    param: 'loungeID',
    label: 'lounge',
    form: loungeForm,
    item: loungeAdminSchema,
    params: loungeAdminParams,
  }),
  fast_tracks: itemRoutes({
    ...catalogItemNames.fast_tracks,
    segment: 'fast-tracks',
    param: 'fastTrackID',
    label: 'fast-track',
    form: fastTrackForm,
    item: fastTrackAdminSchema,
    params: fastTrackAdminParams,
  }),
  tariffs: itemRoutes({
    ...catalogItemNames.tariffs,
    segment: 'tariffs',
    param: 'tariffID',
    label: 'eSIM tariff',
    form: tariffForm,
    item: tariffAdminSchema,
    params: tariffAdminParams,
  }),
  hubs: itemRoutes({
    ...catalogItemNames.hubs,
    segment: 'hubs',
    param: 'hubID',
    label: 'hub',
    form: hubForm,
    item: hubAdminSchema,
    params: hubAdminParams,
  }),
  amenities: itemRoutes({
    ...catalogItemNames.amenities,
    segment: 'amenities',
    param: 'amenityID',
    label: 'amenity',
    form: amenityForm,
    item: amenityAdminSchema,
    params: amenityAdminParams,
  }),
} satisfies Record<RecordKind, unknown>;

const contractPath = '/api/v1/admin/accounts/{accountID}/contract';

export const catalogAdminRoutes = {
  ...catalogItemsByOperationId(itemRoutesByKind),
  deleteCatalogAmenity: defineRoute({
    ...common,
    operationId: 'deleteCatalogAmenity',
    method: 'DELETE',
    path: `${base}/amenities/{amenityID}`,
    summary: 'Delete an amenity no lounge of the draft lists',
    description: '409 AmenityResourceConflict while a lounge of the draft lists it (details.lounge_ids).',
    auth: write,
    audit: 'self',
    request: { params: amenityAdminParams },
    responses: { 204: { description: 'Deleted from the draft' } },
    errors: ['CatalogResourceNotFound', 'AmenityResourceConflict'],
  }),
  uploadCatalogImage: defineRoute({
    ...common,
    operationId: 'uploadCatalogImage',
    method: 'POST',
    path: `${base}/images`,
    summary: 'Upload an image (the raw file as the body)',
    description:
      'PNG, JPEG or WebP, recognised by its content (the Content-Type must name the same format), ' +
      'whole, 1..16384 pixels a side: otherwise 422 on `body`. At most 4 MiB this way (413 above: a ' +
      'Lambda event carries no more, base64-encoded); files up to 5 MiB go through ' +
      '`POST /api/v1/admin/catalog/images/uploads`. The id derives from the SHA-256 of the bytes: 201 ' +
      'when stored now, 200 when the same image was stored before.',
    auth: write,
    audit: 'self',
    maxBodyBytes: maxDirectUploadBytes,
    request: { body: imageUploadBody, bodyType: 'binary', mediaTypes: imageMediaTypes },
    responses: {
      201: { description: 'The stored image', schema: uploadedImageSchema },
      200: { description: 'The same bytes were stored before', schema: uploadedImageSchema },
    },
  }),
  startCatalogImageUpload: defineRoute({
    ...common,
    operationId: 'startCatalogImageUpload',
    method: 'POST',
    path: `${base}/images/uploads`,
    summary: 'Get an upload URL for an image file of up to 5 MiB',
    description:
      'Answers a presigned URL that accepts one PUT of exactly `bytes` bytes of `content_type` for 15 ' +
      'minutes, straight to storage, past the size a request to this API may carry. Then ' +
      '`POST …/images/uploads/{uploadID}/complete` checks the file and stores it as an image. The grant ' +
      'is audited.',
    auth: write,
    audit: 'self',
    request: { body: imageUploadRequestSchema },
    responses: { 200: { description: 'Where to put the file', schema: imageUploadGrantSchema } },
  }),
  completeCatalogImageUpload: defineRoute({
    ...common,
    operationId: 'completeCatalogImageUpload',
    method: 'POST',
    path: `${base}/images/uploads/{uploadID}/complete`,
    summary: 'Store the file put through an upload URL as an image',
    description:
      'The same checks as a direct upload, on the file as storage holds it: 422 on `upload` otherwise. ' +
      '404 ResourceNotFound when nothing was put under the upload (or it expired, after a day). 201 ' +
      'when stored now, 200 when the same image was stored before (completing twice included).',
    auth: write,
    audit: 'self',
    request: { params: imageUploadParams },
    responses: {
      201: { description: 'The stored image', schema: uploadedImageSchema },
      200: { description: 'The same bytes were stored before', schema: uploadedImageSchema },
    },
    errors: ['ResourceNotFound'],
  }),
  getCatalogDraft: defineRoute({
    ...common,
    operationId: 'getCatalogDraft',
    method: 'GET',
    path: `${base}/draft`,
    summary: 'What the draft holds and whether publishing it would change the catalog',
    auth: read,
    responses: { 200: { description: 'The draft in figures', schema: catalogDraftSchema } },
  }),
  getCatalogDiff: defineRoute({
    ...common,
    operationId: 'getCatalogDiff',
    method: 'GET',
    path: `${base}/diff`,
    summary: 'The draft against the published catalog, field by field',
    auth: read,
    responses: {
      200: { description: 'Added, changed, deactivated and removed items', schema: catalogDiffSchema },
    },
  }),
  publishCatalog: defineRoute({
    ...common,
    operationId: 'publishCatalog',
    method: 'POST',
    path: `${base}/publish`,
    summary: 'Publish the draft: partners see it from their next request',
    description:
      'Atomic for partners: they read the previous version or this one, never a mix. Publishing a ' +
      'draft that is published already answers 200 with the current version and `changed: false`.',
    auth: write,
    audit: 'self',
    idempotency: 'optional',
    responses: { 200: { description: 'The published version', schema: publicationSchema } },
  }),
  createAccountContract: defineRoute({
    ...common,
    operationId: 'createAccountContract',
    method: 'POST',
    path: contractPath,
    summary: 'Give an account its own contract (it replaces the default contract for the account)',
    auth: write,
    audit: 'self',
    idempotency: 'required',
    request: { params: contractParams, body: contractForm },
    responses: { 201: { description: 'The contract', schema: contractSchema } },
    errors: ['ResourceNotFound', 'ContractAlreadyExists'],
  }),
  replaceAccountContract: defineRoute({
    ...common,
    operationId: 'replaceAccountContract',
    method: 'PUT',
    path: contractPath,
    summary: "Replace an account's contract",
    auth: write,
    audit: 'self',
    request: { params: contractParams, body: contractForm },
    responses: { 200: { description: 'The contract', schema: contractSchema } },
    errors: ['ResourceNotFound'],
  }),
  getAccountContract: defineRoute({
    ...common,
    operationId: 'getAccountContract',
    method: 'GET',
    path: contractPath,
    summary: "Read an account's own contract",
    description: '404 ResourceNotFound (details.default_contract_applies) when the account has none.',
    auth: read,
    request: { params: contractParams },
    responses: { 200: { description: 'The contract', schema: contractSchema } },
    errors: ['ResourceNotFound'],
  }),
} as const;
