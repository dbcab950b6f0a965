import type { EmployeePrincipal } from '../../shared/auth/principal.ts';
import { config } from '../../shared/config/env.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { dynamoAuditLog } from '../../shared/db/entities/audit.ts';
import { catalogVersions } from '../../shared/db/entities/catalog.ts';
import { dynamoContractStore } from '../../shared/db/entities/catalog-contract.ts';
import { dynamoCatalogDraftStore } from '../../shared/db/entities/catalog-draft.ts';
import { dynamoCatalogImageStore } from '../../shared/db/entities/catalog-image.ts';
import type { Contract } from '../../shared/domain/catalog/records.ts';
import type { CatalogDiff } from '../../shared/domain/catalog-admin/diff.ts';
import type { RecordKind } from '../../shared/domain/catalog-admin/kinds.ts';
import type { CatalogAdminPorts, StoredImage } from '../../shared/domain/catalog-admin/ports.ts';
import {
  type AdminChange,
  completeImageUpload,
  createContract,
  createItem,
  deactivateItem,
  deleteAmenity,
  draftDiff,
  draftSummary,
  getContract,
  getItem,
  listItems,
  publishDraft,
  replaceContract,
  replaceItem,
  startImageUpload,
  uploadImage,
} from '../../shared/domain/catalog-admin/service.ts';
import type { UnitOfWork } from '../../shared/domain/unit-of-work.ts';
import { type ApiResult, createApiHandler } from '../../shared/http/pipeline/index.ts';
import { catalogAdminRoutes } from '../../shared/routes/catalog-admin.ts';
import { s3ImageUploads } from '../../shared/storage/image-uploads.ts';

let ports: CatalogAdminPorts | undefined;

/** Built on first use: the audit table's name comes from the configuration. */
function adminPorts(): CatalogAdminPorts {
  ports ??= {
    drafts: dynamoCatalogDraftStore,
    versions: catalogVersions,
    images: dynamoCatalogImageStore,
    uploads: s3ImageUploads,
    contracts: dynamoContractStore,
    accounts: accountStore,
    audit: dynamoAuditLog({ tableName: config().auditTableName }),
  };
  return ports;
}

interface ChangeRequest {
  principal: EmployeePrincipal;
  route: { operationId: string };
  requestId: string;
  now: Date;
  uow: UnitOfWork;
}

const changeOf = (request: ChangeRequest): AdminChange => ({
  actor: { type: 'employee', id: request.principal.subject, roles: request.principal.roles ?? [] },
  action: request.route.operationId,
  requestId: request.requestId,
  now: request.now,
  uow: request.uow,
});

const segments: Record<RecordKind, string> = {
  hubs: 'hubs',
  amenities: 'amenities',
  lounges: 'lounges',
  fast_tracks: 'fast-tracks',
  tariffs: 'tariffs',
};

const noStore = { 'Cache-Control': 'no-store' };
const ok = (body: unknown): ApiResult => ({ status: 200, headers: noStore, body });

/** The five operations of one kind; `id` names the kind's path parameter. */
function itemOperations<K extends RecordKind>(kind: K, id: (params: Record<string, string>) => string) {
  return {
    list: async ({ query }: { query: { limit: number; cursor?: string | undefined } }) => {
      const page = await listItems(adminPorts(), kind, query);
      return ok({ data: page.items, next_cursor: page.nextCursor });
    },
    create: async (request: ChangeRequest & { body: Parameters<typeof createItem<K>>[2] }) => {
      const item = await createItem(adminPorts(), kind, request.body, changeOf(request));
      return {
        status: 201,
        headers: { ...noStore, Location: `/api/v1/admin/catalog/${segments[kind]}/${item.id}` },
        body: item,
      };
    },
    get: async ({ params }: { params: Record<string, string> }) =>
      ok(await getItem(adminPorts(), kind, id(params))),
    replace: async (
      request: ChangeRequest & { params: Record<string, string>; body: Parameters<typeof replaceItem<K>>[3] },
    ) => ok(await replaceItem(adminPorts(), kind, id(request.params), request.body, changeOf(request))),
    deactivate: async (request: ChangeRequest & { params: Record<string, string> }) =>
      ok(await deactivateItem(adminPorts(), kind, id(request.params), changeOf(request))),
  };
}

const lounges = itemOperations('lounges', (params) => params.loungeID ?? '');
const fastTracks = itemOperations('fast_tracks', (params) => params.fastTrackID ?? '');
const tariffs = itemOperations('tariffs', (params) => params.tariffID ?? '');
const hubs = itemOperations('hubs', (params) => params.hubID ?? '');
const amenities = itemOperations('amenities', (params) => params.amenityID ?? '');

function imageView(image: StoredImage) {
  return {
    image_id: image.imageId,
    content_type: image.contentType,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    sha256: image.sha256,
  };
}

function contractView(accountId: string, contract: Contract) {
  return {
    account_id: accountId,
    lounges: contract.lounges,
    fast_tracks: contract.fast_tracks,
    tariffs: contract.tariffs,
    updated_at: contract.updatedAt,
  };
}

function diffView(diff: CatalogDiff) {
  return {
    has_changes: diff.hasChanges,
    added: diff.added,
    changed: diff.changed,
    deactivated: diff.deactivated,
    removed: diff.removed,
  };
}

export const handler = createApiHandler(catalogAdminRoutes, {
  listCatalogLounges: lounges.list,
  createCatalogLounge: lounges.create,
  getCatalogLounge: lounges.get,
  replaceCatalogLounge: lounges.replace,
  deactivateCatalogLounge: lounges.deactivate,
  listCatalogFastTracks: fastTracks.list,
  createCatalogFastTrack: fastTracks.create,
  getCatalogFastTrack: fastTracks.get,
  replaceCatalogFastTrack: fastTracks.replace,
  deactivateCatalogFastTrack: fastTracks.deactivate,
  listCatalogTariffs: tariffs.list,
  createCatalogTariff: tariffs.create,
  getCatalogTariff: tariffs.get,
  replaceCatalogTariff: tariffs.replace,
  deactivateCatalogTariff: tariffs.deactivate,
  listCatalogHubs: hubs.list,
  createCatalogHub: hubs.create,
  getCatalogHub: hubs.get,
  replaceCatalogHub: hubs.replace,
  deactivateCatalogHub: hubs.deactivate,
  listCatalogAmenities: amenities.list,
  createCatalogAmenity: amenities.create,
  getCatalogAmenity: amenities.get,
  replaceCatalogAmenity: amenities.replace,
  deactivateCatalogAmenity: amenities.deactivate,

  deleteCatalogAmenity: async (request) => {
    await deleteAmenity(adminPorts(), request.params.amenityID, changeOf(request));
    return { status: 204 };
  },

  uploadCatalogImage: async (request) => {
    const contentType = request.rawHeaders['content-type'];
    const { image, created } = await uploadImage(adminPorts(), request.body, contentType, changeOf(request));
    return { status: created ? 201 : 200, headers: noStore, body: imageView(image) };
  },

  startCatalogImageUpload: async (request) => {
    const grant = await startImageUpload(
      adminPorts(),
      { contentType: request.body.content_type, bytes: request.body.bytes },
      changeOf(request),
    );
    return ok({
      upload_id: grant.uploadId,
      method: 'PUT',
      url: grant.url,
      headers: grant.headers,
      expires_at: grant.expiresAt.toISOString(),
      complete_url: `/api/v1/admin/catalog/images/uploads/${grant.uploadId}/complete`,
    });
  },

  completeCatalogImageUpload: async (request) => {
    const { image, created } = await completeImageUpload(
      adminPorts(),
      request.params.uploadID,
      changeOf(request),
    );
    return { status: created ? 201 : 200, headers: noStore, body: imageView(image) };
  },

  getCatalogDraft: async () => {
    const summary = await draftSummary(adminPorts());
    return ok({
      published_version: summary.publishedVersion,
      published_at: summary.publishedAt?.toISOString() ?? null,
      revision: summary.revision,
      updated_at: summary.updatedAt,
      has_changes: summary.hasChanges,
      counts: summary.counts,
    });
  },

  getCatalogDiff: async () => {
    const { publishedVersion, diff } = await draftDiff(adminPorts());
    return ok({ published_version: publishedVersion, ...diffView(diff) });
  },

  publishCatalog: async (request) => {
    const publication = await publishDraft(adminPorts(), changeOf(request));
    return ok({
      version: publication.version,
      published_at: publication.publishedAt.toISOString(),
      changed: publication.changed,
      previous_version: publication.previousVersion ?? null,
      items: {
        added: publication.diff.added.length,
        changed: publication.diff.changed.length,
        deactivated: publication.diff.deactivated.length,
        removed: publication.diff.removed.length,
      },
    });
  },

  createAccountContract: async (request) => {
    const accountId = request.params.accountID;
    const contract = await createContract(adminPorts(), accountId, request.body, changeOf(request));
    return {
      status: 201,
      headers: { ...noStore, Location: `/api/v1/admin/accounts/${accountId}/contract` },
      body: contractView(accountId, contract),
    };
  },

  replaceAccountContract: async (request) => {
    const accountId = request.params.accountID;
    return ok(
      contractView(
        accountId,
        await replaceContract(adminPorts(), accountId, request.body, changeOf(request)),
      ),
    );
  },

  getAccountContract: async ({ params }) =>
    ok(contractView(params.accountID, await getContract(adminPorts(), params.accountID))),
});
