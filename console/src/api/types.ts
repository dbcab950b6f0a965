/**
 * Shapes of the admin API. Those the OpenAPI document already describes come from the generated
 * client types (clients/typescript, `npm run client`); the rest are written here until the document
 * covers `/api/v1/admin/*` (then they should move to the generated types too).
 */
import type { components } from '../../../clients/typescript/src/schema';

type Schemas = components['schemas'];

export type Plan = 'sandbox' | 'standard' | 'premium';
export const plans: readonly Plan[] = ['sandbox', 'standard', 'premium'];

export type Account = Schemas['Account'] & { plan?: Plan; managers?: string[] };
export type CreatedAccount = Schemas['CreatedAccount'];
export type CreateAccountRequest = Schemas['CreateAccountRequest'];
export type Application = Schemas['Application'];
export type ApplicationWithSecret = Schemas['ApplicationWithSecret'];
export type CreateApplicationRequest = Schemas['CreateApplicationRequest'];
export type Scope = Application['allowed_scopes'][number];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];

export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

/** The counts of an account's ICCID pool; the console shows every numeric field the API sends. */
export type EsimPoolCounts = Record<string, unknown>;

export type ContractSelection = 'all' | string[];
export interface Contract {
  lounges: ContractSelection;
  fast_tracks: ContractSelection;
  tariffs: ContractSelection;
}

export interface AuditRecord {
  id: string;
  at: string;
  actor: { type: 'employee' | 'application'; id: string; roles?: string[] };
  action: string;
  target: { type: string; id: string };
  request_id?: string;
  outcome: string;
}

export interface AuditLogFilter {
  actor?: string;
  target?: string;
  action?: string;
  /** RFC 3339 UTC. */
  since?: string;
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
