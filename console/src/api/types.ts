/**
 * Shapes of the admin API, taken from the types generated from the OpenAPI document
 * (clients/typescript, `npm run client`): each call of admin.ts names its operation id, and its body,
 * query and answer types follow the document, so the console cannot drift from the API. Only the
 * catalog administration forms are written here (the document does not describe them yet).
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

export type ContractSelection = 'all' | string[];
export interface Contract {
  lounges: ContractSelection;
  fast_tracks: ContractSelection;
  tariffs: ContractSelection;
}

export const catalogKinds = ['lounges', 'fast-tracks', 'tariffs', 'hubs', 'amenities'] as const;
export type CatalogKind = (typeof catalogKinds)[number];

/** An item's admin form, as `GET /{id}` answers it: localized texts per locale, references by id. */
export type CatalogItem = { id: string } & Record<string, unknown>;
export type CatalogItemInput = Record<string, unknown>;

/** A catalog list answer: a cursor page or a catalog page; the console reads `data` from either. */
export interface CatalogList {
  data: CatalogItem[];
  next_cursor?: string | null;
  pagination?: { count: number; offset: number; total: number };
}

export type UploadedImage = { id: string } & Record<string, unknown>;
export type CatalogDiff = unknown;
export type PublishResult = Record<string, unknown>;
