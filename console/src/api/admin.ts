/** The admin API client: one function per operation the console uses; the paths are in paths.ts. */
import type { HttpClient } from './http.ts';
import { adminPaths } from './paths.ts';
import type {
  AdjustmentInput,
  Answer,
  AuditLogFilter,
  Body,
  BookingSearch,
  CatalogDiff,
  CatalogDraft,
  CatalogItem,
  CatalogItemInput,
  CatalogKind,
  CatalogList,
  CatalogPublication,
  Contract,
  ContractInput,
  EsimStatus,
  LineKind,
  Plan,
  Query,
  RequestLogFilter,
  UploadedImage,
} from './types.ts';

export interface PageQuery {
  cursor?: string | undefined;
  limit?: number;
}

export function createAdminApi(http: HttpClient) {
  return {
    listAccounts: (query: PageQuery = {}) =>
      http<Answer<'employeeListAccounts'>>('GET', adminPaths.accounts(), { query: { ...query } }),
    createAccount: (input: Body<'employeeCreateAccount'>, idempotencyKey: string) =>
      http<Answer<'employeeCreateAccount'>>('POST', adminPaths.accounts(), { json: input, idempotencyKey }),
    getAccount: (accountId: string) =>
      http<Answer<'employeeGetAccount'>>('GET', adminPaths.account(accountId)),
    disableAccount: (accountId: string) =>
      http<Answer<'employeeDisableAccount'>>('POST', adminPaths.disableAccount(accountId)),
    enableAccount: (accountId: string) =>
      http<Answer<'enableAccount'>>('POST', adminPaths.enableAccount(accountId)),

    listApplications: (accountId: string, query: PageQuery = {}) =>
      http<Answer<'employeeListApplications'>>('GET', adminPaths.applications(accountId), {
        query: { ...query },
      }),
    createApplication: (
      accountId: string,
      input: Body<'employeeCreateApplication'>,
      idempotencyKey: string,
    ) =>
      http<Answer<'employeeCreateApplication'>>('POST', adminPaths.applications(accountId), {
        json: input,
        idempotencyKey,
      }),
    disableApplication: (accountId: string, clientId: string) =>
      http<Answer<'employeeDisableApplication'>>('POST', adminPaths.disableApplication(accountId, clientId)),
    enableApplication: (accountId: string, clientId: string) =>
      http<Answer<'employeeEnableApplication'>>('POST', adminPaths.enableApplication(accountId, clientId)),
    rotateApplicationSecret: (accountId: string, clientId: string) =>
      http<Answer<'employeeRotateApplicationSecret'>>(
        'POST',
        adminPaths.rotateApplicationSecret(accountId, clientId),
      ),

    listCertificates: (accountId: string) =>
      http<Answer<'employeeListAccountCertificates'>>('GET', adminPaths.certificates(accountId)),
    addCertificate: (
      accountId: string,
      input: Body<'employeeAddAccountCertificate'>,
      idempotencyKey: string,
    ) =>
      http<Answer<'employeeAddAccountCertificate'>>('POST', adminPaths.certificates(accountId), {
        json: input,
        idempotencyKey,
      }),
    revokeCertificate: (accountId: string, serial: string) =>
      http<Answer<'employeeRevokeAccountCertificate'>>(
        'POST',
        adminPaths.revokeCertificate(accountId, serial),
      ),

    getEsimPool: (accountId: string) =>
      http<Answer<'employeeGetEsimPool'>>('GET', adminPaths.esimPool(accountId)),
    loadEsimPool: (accountId: string, iccids: string[]) =>
      http<Answer<'employeeLoadEsimPool'>>('POST', adminPaths.esimPool(accountId), {
        json: { iccids } satisfies Body<'employeeLoadEsimPool'>,
      }),
    linkEsimReseller: (accountId: string, resellerId: string) =>
      http<Answer<'employeeLinkEsimReseller'>>('POST', adminPaths.esimReseller(accountId), {
        json: { reseller_id: resellerId } satisfies Body<'employeeLinkEsimReseller'>,
      }),
    setPlan: (accountId: string, plan: Plan) =>
      http<Answer<'employeeChangeAccountPlan'>>('POST', adminPaths.plan(accountId), {
        json: { plan } satisfies Body<'employeeChangeAccountPlan'>,
      }),
    getContract: (accountId: string) => http<Contract>('GET', adminPaths.contract(accountId)),
    createContract: (accountId: string, contract: ContractInput, idempotencyKey: string) =>
      http<Contract>('POST', adminPaths.contract(accountId), { json: contract, idempotencyKey }),
    replaceContract: (accountId: string, contract: ContractInput) =>
      http<Contract>('PUT', adminPaths.contract(accountId), { json: contract }),
    listManagers: (accountId: string, query: PageQuery = {}) =>
      http<Answer<'listAccountManagers'>>('GET', adminPaths.managers(accountId), { query: { ...query } }),
    addManager: (accountId: string, employeeId: string) =>
      http<Answer<'addAccountManager'>>('POST', adminPaths.managers(accountId), {
        json: { employee_id: employeeId } satisfies Body<'addAccountManager'>,
      }),

    listWebhooks: (accountId: string) =>
      http<Answer<'listAccountWebhooks'>>('GET', adminPaths.webhooks(accountId)),
    listWebhookDeliveries: (accountId: string, webhookId: string, query: PageQuery = {}) =>
      http<Answer<'listAccountWebhookDeliveries'>>(
        'GET',
        adminPaths.webhookDeliveries(accountId, webhookId),
        {
          query: { ...query },
        },
      ),
    redeliver: (accountId: string, webhookId: string, deliveryId: string) =>
      http<Answer<'redeliverAccountWebhookDelivery'>>(
        'POST',
        adminPaths.redeliver(accountId, webhookId, deliveryId),
      ),

    listAuditLog: (filter: AuditLogFilter, query: PageQuery = {}) =>
      http<Answer<'listAuditLog'>>('GET', adminPaths.auditLog(), { query: { ...filter, ...query } }),

    listCatalogItems: (kind: CatalogKind, query: PageQuery = {}) =>
      http<CatalogList>('GET', adminPaths.catalogItems(kind), { query: { ...query } }),
    getCatalogItem: (kind: CatalogKind, id: string) =>
      http<CatalogItem>('GET', adminPaths.catalogItem(kind, id)),
    createCatalogItem: (kind: CatalogKind, input: CatalogItemInput, idempotencyKey: string) =>
      http<CatalogItem>('POST', adminPaths.catalogItems(kind), { json: input, idempotencyKey }),
    replaceCatalogItem: (kind: CatalogKind, id: string, input: CatalogItemInput) =>
      http<CatalogItem>('PUT', adminPaths.catalogItem(kind, id), { json: input }),
    deactivateCatalogItem: (kind: CatalogKind, id: string) =>
      http<CatalogItem>('POST', adminPaths.deactivateCatalogItem(kind, id)),
    deleteAmenity: (id: string) => http<undefined>('DELETE', adminPaths.catalogItem('amenities', id)),
    uploadImage: (image: Blob) =>
      http<UploadedImage>('POST', adminPaths.catalogImages(), { body: image, contentType: image.type }),
    getCatalogDraft: () => http<CatalogDraft>('GET', adminPaths.catalogDraft()),
    getCatalogDiff: () => http<CatalogDiff>('GET', adminPaths.catalogDiff()),
    publishCatalog: (idempotencyKey: string) =>
      http<CatalogPublication>('POST', adminPaths.catalogPublish(), { idempotencyKey }),

    listVenues: (query: PageQuery = {}) =>
      http<Answer<'employeeListVenues'>>('GET', adminPaths.venues(), { query: { ...query } }),
    createVenue: (input: Body<'employeeCreateVenue'>, idempotencyKey: string) =>
      http<Answer<'employeeCreateVenue'>>('POST', adminPaths.venues(), { json: input, idempotencyKey }),
    getVenue: (venueId: string) => http<Answer<'employeeGetVenue'>>('GET', adminPaths.venue(venueId)),
    replaceVenueItems: (venueId: string, items: Body<'employeeReplaceVenueItems'>) =>
      http<Answer<'employeeReplaceVenueItems'>>('PUT', adminPaths.venueItems(venueId), { json: items }),
    disableVenue: (venueId: string) =>
      http<Answer<'employeeDisableVenue'>>('POST', adminPaths.disableVenue(venueId)),
    createEnrollmentCode: (venueId: string) =>
      http<Answer<'employeeCreateEnrollmentCode'>>('POST', adminPaths.enrollments(venueId)),
    listVenueDevices: (venueId: string, query: PageQuery = {}) =>
      http<Answer<'employeeListVenueDevices'>>('GET', adminPaths.devices(venueId), { query: { ...query } }),
    disableVenueDevice: (venueId: string, deviceId: string) =>
      http<Answer<'employeeDisableVenueDevice'>>('POST', adminPaths.disableDevice(venueId, deviceId)),
    listDisputedRedemptions: (query: PageQuery = {}) =>
      http<Answer<'listRedemptions'>>('GET', adminPaths.redemptions(), {
        query: { ...query, status: 'Disputed' } satisfies Query<'listRedemptions'>,
      }),

    listStatements: (accountId: string, query: PageQuery = {}) =>
      http<Answer<'employeeListStatements'>>('GET', adminPaths.statements(accountId), {
        query: { ...query },
      }),
    listStatementLines: (accountId: string, period: string, query: PageQuery & { kind?: LineKind } = {}) =>
      http<Answer<'employeeListStatementLines'>>('GET', adminPaths.statementLines(accountId, period), {
        query: { ...query },
      }),
    /** Every line of the period (of one kind when given), as the API's CSV. */
    statementLinesCsv: (accountId: string, period: string, kind?: LineKind) =>
      http<string>('GET', adminPaths.statementLines(accountId, period), {
        query: { kind } satisfies Query<'employeeListStatementLines'>,
        accept: 'text/csv',
      }),
    createAdjustment: (accountId: string, input: AdjustmentInput, idempotencyKey: string) =>
      http<Answer<'createAdjustment'>>('POST', adminPaths.adjustments(accountId), {
        json: input,
        idempotencyKey,
      }),
    listPeriodStatements: (period: string, query: PageQuery = {}) =>
      http<Answer<'listPeriodStatements'>>('GET', adminPaths.periodStatements(), {
        query: { ...query, period } satisfies Query<'listPeriodStatements'>,
      }),
    /** The finance export: every account's statement of the month, as the API's CSV. */
    periodStatementsCsv: (period: string) =>
      http<string>('GET', adminPaths.periodStatements(), {
        query: { period } satisfies Query<'listPeriodStatements'>,
        accept: 'text/csv',
      }),

    listAccountRequests: (accountId: string, filter: RequestLogFilter, query: PageQuery = {}) =>
      http<Answer<'listAccountRequests'>>('GET', adminPaths.requests(accountId), {
        query: { ...filter, ...query },
      }),
    searchBookings: (search: BookingSearch, query: PageQuery = {}) =>
      http<Answer<'searchBookings'>>('GET', adminPaths.bookings(), { query: { ...search, ...query } }),
    getBooking: (bookingId: string) => http<Answer<'getAdminBooking'>>('GET', adminPaths.booking(bookingId)),
    cancelBooking: (bookingId: string, input: Body<'cancelBookingOnBehalf'>, idempotencyKey: string) =>
      http<Answer<'cancelBookingOnBehalf'>>('POST', adminPaths.cancelBooking(bookingId), {
        json: input,
        idempotencyKey,
      }),
    listEsims: (accountId: string, status: EsimStatus | undefined, query: PageQuery = {}) =>
      http<Answer<'listAdminEsims'>>('GET', adminPaths.esims(), {
        query: { ...query, account_id: accountId, status } satisfies Query<'listAdminEsims'>,
      }),
    getEsim: (iccid: string) => http<Answer<'getAdminEsim'>>('GET', adminPaths.esim(iccid)),
    suspendEsim: (iccid: string, input: Body<'suspendEsim'>, idempotencyKey: string) =>
      http<Answer<'suspendEsim'>>('POST', adminPaths.suspendEsim(iccid), { json: input, idempotencyKey }),
    resumeEsim: (iccid: string, input: Body<'resumeEsim'>, idempotencyKey: string) =>
      http<Answer<'resumeEsim'>>('POST', adminPaths.resumeEsim(iccid), { json: input, idempotencyKey }),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
