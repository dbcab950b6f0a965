/**
 * Shapes of the admin API, taken from the types generated from the OpenAPI document
 * (clients/typescript, `npm run client`): each call of admin.ts names its operation id, and its body,
 * query and answer types follow the document, so the console cannot drift from the API. The catalog
 * item editor is generic (it edits whatever form `GET /{id}` answers), so what it sends is a plain
 * record the API validates.
 */
import type { components, operations } from '../../../clients/typescript/src/schema';

type Schemas = components['schemas'];
export type OperationId = keyof operations;

type SuccessStatus = 200 | 201 | 202;
type JsonOf<Response> = Response extends { content: { 'application/json': infer Json } } ? Json : never;

/** The JSON body of an operation's success answer. */
export type Answer<Op extends OperationId> = {
  [Status in keyof operations[Op]['responses'] & SuccessStatus]: JsonOf<operations[Op]['responses'][Status]>;
}[keyof operations[Op]['responses'] & SuccessStatus];

/** The JSON request body of an operation. */
export type Body<Op extends OperationId> = JsonOf<NonNullable<operations[Op]['requestBody']>>;

/** The query parameters of an operation. */
export type Query<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;

export type Plan = Schemas['Plan'];
export const plans = ['sandbox', 'standard', 'premium'] as const satisfies readonly Plan[];
// A plan the document adds fails the build here until the list above offers it.
const everyPlanOffered: [Exclude<Plan, (typeof plans)[number]>] extends [never] ? true : false = true;
void everyPlanOffered;

export type Account = Answer<'employeeGetAccount'>;
export type CreatedAccount = Answer<'employeeCreateAccount'>;
export type CreateAccountRequest = Body<'employeeCreateAccount'>;
export type Application = Answer<'employeeGetApplication'>;
export type Certificate = Answer<'employeeRevokeAccountCertificate'>;
export type IssuedCertificate = Answer<'employeeAddAccountCertificate'>;
export type ApplicationWithSecret = Answer<'employeeCreateApplication'>;
export type CreateApplicationRequest = Body<'employeeCreateApplication'>;
export type Scope = Application['allowed_scopes'][number];
export type EsimPool = Answer<'employeeGetEsimPool'>;
export type EsimPoolLoad = Answer<'employeeLoadEsimPool'>;
export type EsimResellerLink = Answer<'employeeLinkEsimReseller'>;
export type AccountManager = Schemas['AccountManager'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type AuditRecord = Schemas['AuditRecord'];
export type AuditLogFilter = Pick<Query<'listAuditLog'>, 'actor' | 'target' | 'action' | 'since'>;

export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

export type Contract = Answer<'getAccountContract'>;
export type ContractInput = Body<'createAccountContract'>;
export type ContractSelection = ContractInput['lounges'];

export const catalogKinds = ['lounges', 'fast-tracks', 'tariffs', 'hubs', 'amenities'] as const;
export type CatalogKind = (typeof catalogKinds)[number];

/** An item's admin form, as `GET /{id}` answers it: localized texts per locale, references by id. */
export type CatalogItem =
  | Answer<'getCatalogLounge'>
  | Answer<'getCatalogFastTrack'>
  | Answer<'getCatalogTariff'>
  | Answer<'getCatalogHub'>
  | Answer<'getCatalogAmenity'>;
/** What the generic editor sends: the form without `id`, validated by the API (422 per field). */
export type CatalogItemInput = Record<string, unknown>;

/** A page of a kind's list (cursor paging, every kind alike). */
export type CatalogList = CursorPage<CatalogItem>;
export type UploadedImage = Answer<'uploadCatalogImage'>;
export type CatalogDraft = Answer<'getCatalogDraft'>;
export type CatalogDiff = Answer<'getCatalogDiff'>;
export type CatalogPublication = Answer<'publishCatalog'>;

export type Venue = Answer<'employeeGetVenue'>;
export type VenueItemsInput = Body<'employeeReplaceVenueItems'>;
export type VenueDevice = Schemas['VenueDevice'];
export type EnrollmentCode = Answer<'employeeCreateEnrollmentCode'>;
export type DisputedRedemption = Schemas['AdminRedemption'];

export type Statement = Schemas['Statement'];
export type AccountStatement = Schemas['AccountStatement'];
export type LedgerLine = Schemas['LedgerLine'];
export type LineKind = LedgerLine['kind'];
export const lineKinds = [
  'visit',
  'no_show',
  'pass',
  'cancellation_credit',
  'cancellation_fee',
  'esim',
  'esim_topup',
  'esim_refund',
  'adjustment',
] as const satisfies readonly LineKind[];
// A kind the document adds fails the build here until the filter offers it.
const everyKindOffered: [Exclude<LineKind, (typeof lineKinds)[number]>] extends [never] ? true : false = true;
void everyKindOffered;
export type AdjustmentInput = Body<'createAdjustment'>;

export type RequestRecord = Schemas['RequestRecord'];
/** The request log's filters (the page's cursor and limit apart). */
export type RequestLogFilter = Omit<Query<'listAccountRequests'>, 'cursor' | 'limit'>;
export type AdminBooking = Schemas['AdminBooking'];
export type AdminBookingDetail = Schemas['AdminBookingDetail'];
export type BookingStatus = AdminBooking['status'];
export type ServiceType = AdminBooking['service_type'];
/** The booking search's filters (the page's cursor and limit apart). */
export type BookingSearch = Omit<Query<'searchBookings'>, 'cursor' | 'limit'>;
export type AdminEsim = Schemas['AdminEsim'];
export type AdminEsimDetail = Schemas['AdminEsimDetail'];
export type EsimStatus = AdminEsim['status'];
