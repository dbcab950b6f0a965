import type { EmployeePrincipal } from '../../shared/auth/principal.ts';
import { config } from '../../shared/config/env.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { dynamoAuditLog } from '../../shared/db/entities/audit.ts';
import { catalogVersions } from '../../shared/db/entities/catalog.ts';
import { dynamoContractStore } from '../../shared/db/entities/catalog-contract.ts';
import { dynamoCatalogDraftStore } from '../../shared/db/entities/catalog-draft.ts';
import { dynamoCatalogImageStore } from '../../shared/db/entities/catalog-image.ts';
import type { RecordKind } from '../../shared/domain/catalog-admin/kinds.ts';
import type { CatalogAdminPorts } from '../../shared/domain/catalog-admin/ports.ts';
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
import { actorOf } from '../../shared/http/pipeline/audit.ts';
import { type ApiResult, createApiHandler } from '../../shared/http/pipeline/index.ts';
import {
  catalogContractView,
  catalogDiffView,
  catalogDraftView,
  catalogImageUploadView,
  catalogImageView,
  catalogPublicationView,
} from '../../shared/http/views/catalog-admin.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { catalogAdminRoutes } from '../../shared/routes/catalog-admin.ts';
import { catalogItemsByOperationId } from '../../shared/routes/catalog-item-names.ts';
import { filledPath } from '../../shared/routes/types.ts';
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
  route: { operationId: string; path: string };
  requestId: string;
  now: Date;
  uow: UnitOfWork;
}

const changeOf = (request: ChangeRequest): AdminChange => ({
  actor: actorOf(request.principal),
  action: request.route.operationId,
  requestId: request.requestId,
  now: request.now,
  uow: request.uow,
});

const noStore = { 'Cache-Control': 'no-store' };
const ok = (body: unknown): ApiResult => ({ status: 200, headers: noStore, body });

/** An item's routes have one path parameter: the item's id. */
const itemId = (params: Record<string, string>) => Object.values(params)[0] ?? '';

/** The five operations of one kind. */
function itemOperations<K extends RecordKind>(kind: K) {
  return {
    list: async ({ query }: { query: { limit: number; cursor?: string | undefined } }) => {
      const page = await listItems(adminPorts(), kind, query);
      return ok(pageView(page, (item) => item));
    },
    create: async (request: ChangeRequest & { body: Parameters<typeof createItem<K>>[2] }) => {
      const item = await createItem(adminPorts(), kind, request.body, changeOf(request));
      return {
        status: 201,
        headers: { ...noStore, Location: `${request.route.path}/${item.id}` },
        body: item,
      };
    },
    get: async ({ params }: { params: Record<string, string> }) =>
      ok(await getItem(adminPorts(), kind, itemId(params))),
    replace: async (
      request: ChangeRequest & { params: Record<string, string>; body: Parameters<typeof replaceItem<K>>[3] },
    ) => ok(await replaceItem(adminPorts(), kind, itemId(request.params), request.body, changeOf(request))),
    deactivate: async (request: ChangeRequest & { params: Record<string, string> }) =>
      ok(await deactivateItem(adminPorts(), kind, itemId(request.params), changeOf(request))),
  };
}

export const handler = createApiHandler(catalogAdminRoutes, {
  ...catalogItemsByOperationId({
    lounges: itemOperations('lounges'),
    fast_tracks: itemOperations('fast_tracks'),
    tariffs: itemOperations('tariffs'),
    hubs: itemOperations('hubs'),
    amenities: itemOperations('amenities'),
  }),

  deleteCatalogAmenity: async (request) => {
    await deleteAmenity(adminPorts(), request.params.amenityID, changeOf(request));
    return { status: 204 };
  },

  uploadCatalogImage: async (request) => {
    const contentType = request.rawHeaders['content-type'];
    const { image, created } = await uploadImage(adminPorts(), request.body, contentType, changeOf(request));
    return { status: created ? 201 : 200, headers: noStore, body: catalogImageView(image) };
  },

  startCatalogImageUpload: async (request) => {
    const grant = await startImageUpload(
      adminPorts(),
      { contentType: request.body.content_type, bytes: request.body.bytes },
      changeOf(request),
    );
    const completeUrl = filledPath(catalogAdminRoutes.completeCatalogImageUpload.path, {
      uploadID: grant.uploadId,
    });
    return ok(catalogImageUploadView(grant, completeUrl));
  },

  completeCatalogImageUpload: async (request) => {
    const { image, created } = await completeImageUpload(
      adminPorts(),
      request.params.uploadID,
      changeOf(request),
    );
    return { status: created ? 201 : 200, headers: noStore, body: catalogImageView(image) };
  },

  getCatalogDraft: async () => ok(catalogDraftView(await draftSummary(adminPorts()))),

  getCatalogDiff: async () => {
    const { publishedVersion, diff } = await draftDiff(adminPorts());
    return ok(catalogDiffView(publishedVersion, diff));
  },

  publishCatalog: async (request) =>
    ok(catalogPublicationView(await publishDraft(adminPorts(), changeOf(request)))),

  createAccountContract: async (request) => {
    const accountId = request.params.accountID;
    const contract = await createContract(adminPorts(), accountId, request.body, changeOf(request));
    return {
      status: 201,
      headers: { ...noStore, Location: filledPath(request.route.path, { accountID: accountId }) },
      body: catalogContractView(accountId, contract),
    };
  },

  replaceAccountContract: async (request) => {
    const accountId = request.params.accountID;
    return ok(
      catalogContractView(
        accountId,
        await replaceContract(adminPorts(), accountId, request.body, changeOf(request)),
      ),
    );
  },

  getAccountContract: async ({ params }) =>
    ok(catalogContractView(params.accountID, await getContract(adminPorts(), params.accountID))),
});
