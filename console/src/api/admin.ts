/** The admin API client: one function per operation the console uses; the paths are in paths.ts. */
import type { HttpClient } from './http.ts';
import { adminPaths } from './paths.ts';
import type {
  Account,
  Application,
  ApplicationWithSecret,
  AuditLogFilter,
  AuditRecord,
  CatalogDiff,
  CatalogItem,
  CatalogItemInput,
  CatalogKind,
  CatalogList,
  Contract,
  CreateAccountRequest,
  CreateApplicationRequest,
  CreatedAccount,
  CursorPage,
  EsimPoolCounts,
  Plan,
  PublishResult,
  UploadedImage,
  Webhook,
  WebhookDelivery,
} from './types.ts';

export interface PageQuery {
  cursor?: string | undefined;
  limit?: number;
}

export function createAdminApi(http: HttpClient) {
  return {
    listAccounts: (query: PageQuery = {}) =>
      http<CursorPage<Account>>('GET', adminPaths.accounts(), { query: { ...query } }),
    createAccount: (input: CreateAccountRequest, idempotencyKey: string) =>
      http<CreatedAccount>('POST', adminPaths.accounts(), { json: input, idempotencyKey }),
    getAccount: (accountId: string) => http<Account>('GET', adminPaths.account(accountId)),
    disableAccount: (accountId: string) => http<Account>('POST', adminPaths.disableAccount(accountId)),
    enableAccount: (accountId: string) => http<Account>('POST', adminPaths.enableAccount(accountId)),

    listApplications: (accountId: string, query: PageQuery = {}) =>
      http<CursorPage<Application>>('GET', adminPaths.applications(accountId), { query: { ...query } }),
    createApplication: (accountId: string, input: CreateApplicationRequest, idempotencyKey: string) =>
      http<ApplicationWithSecret>('POST', adminPaths.applications(accountId), {
        json: input,
        idempotencyKey,
      }),
    disableApplication: (accountId: string, clientId: string) =>
      http<Application>('POST', adminPaths.disableApplication(accountId, clientId)),
    rotateApplicationSecret: (accountId: string, clientId: string) =>
      http<ApplicationWithSecret>('POST', adminPaths.rotateApplicationSecret(accountId, clientId)),

    getEsimPool: (accountId: string) => http<EsimPoolCounts>('GET', adminPaths.esimPool(accountId)),
    loadEsimPool: (accountId: string, iccids: string[]) =>
      http<EsimPoolCounts>('POST', adminPaths.esimPool(accountId), { json: { iccids } }),
    linkEsimReseller: (accountId: string, resellerId: string) =>
      http<Record<string, unknown>>('POST', adminPaths.esimReseller(accountId), {
        json: { reseller_id: resellerId },
      }),
    setPlan: (accountId: string, plan: Plan) =>
      http<Account>('POST', adminPaths.plan(accountId), { json: { plan } }),
    getContract: (accountId: string) => http<Contract>('GET', adminPaths.contract(accountId)),
    createContract: (accountId: string, contract: Contract) =>
      http<Contract>('POST', adminPaths.contract(accountId), { json: contract }),
    replaceContract: (accountId: string, contract: Contract) =>
      http<Contract>('PUT', adminPaths.contract(accountId), { json: contract }),
    addManager: (accountId: string, employeeId: string) =>
      http<Record<string, unknown>>('POST', adminPaths.managers(accountId), {
        json: { employee_id: employeeId },
      }),

    listWebhooks: (accountId: string) => http<CursorPage<Webhook>>('GET', adminPaths.webhooks(accountId)),
    listWebhookDeliveries: (accountId: string, webhookId: string, query: PageQuery = {}) =>
      http<CursorPage<WebhookDelivery>>('GET', adminPaths.webhookDeliveries(accountId, webhookId), {
        query: { ...query },
      }),
    redeliver: (accountId: string, webhookId: string, deliveryId: string) =>
      http<unknown>('POST', adminPaths.redeliver(accountId, webhookId, deliveryId)),

    listAuditLog: (filter: AuditLogFilter, query: PageQuery = {}) =>
      http<CursorPage<AuditRecord>>('GET', adminPaths.auditLog(), { query: { ...filter, ...query } }),

    listCatalogItems: (kind: CatalogKind, query: PageQuery = {}) =>
      http<CatalogList>('GET', adminPaths.catalogItems(kind), { query: { ...query } }),
    getCatalogItem: (kind: CatalogKind, id: string) =>
      http<CatalogItem>('GET', adminPaths.catalogItem(kind, id)),
    createCatalogItem: (kind: CatalogKind, input: CatalogItemInput) =>
      http<CatalogItem>('POST', adminPaths.catalogItems(kind), { json: input }),
    replaceCatalogItem: (kind: CatalogKind, id: string, input: CatalogItemInput) =>
      http<CatalogItem>('PUT', adminPaths.catalogItem(kind, id), { json: input }),
    deactivateCatalogItem: (kind: CatalogKind, id: string) =>
      http<CatalogItem>('POST', adminPaths.deactivateCatalogItem(kind, id)),
    deleteAmenity: (id: string) => http<undefined>('DELETE', adminPaths.catalogItem('amenities', id)),
    uploadImage: (image: Blob) =>
      http<UploadedImage>('POST', adminPaths.catalogImages(), { body: image, contentType: image.type }),
    getCatalogDraft: () => http<unknown>('GET', adminPaths.catalogDraft()),
    getCatalogDiff: () => http<CatalogDiff>('GET', adminPaths.catalogDiff()),
    publishCatalog: () => http<PublishResult>('POST', adminPaths.catalogPublish()),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
