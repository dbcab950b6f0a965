import type { Scope } from '../../vocabulary/scopes.ts';
import type { PlanName } from '../quotas/plans.ts';

export type AccountKind = 'partner' | 'operator';
export type AccountStatus = 'Active' | 'Disabled';
export type ApplicationStatus = 'Active' | 'Disabled';

/** The mTLS client certificate issued from the account's CSR; its subject CN is the account id. */
export interface AccountCertificate {
  serialNumber: string;
  fingerprintSha256: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  pem: string;
}

/** A tenant. Operator accounts hold the applications that may be granted the identity (admin) scopes. */
export interface Account {
  accountId: string;
  name: string;
  kind: AccountKind;
  status: AccountStatus;
  /** The rate limit plan metering the account's requests (docs/quotas.md). */
  plan: PlanName;
  certificate: AccountCertificate;
  /** Applications ever created; caps them and detects a create racing a disable. */
  applicationCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Holds client credentials and the scopes its tokens may carry. */
export interface Application {
  clientId: string;
  accountId: string;
  name: string;
  allowedScopes: Scope[];
  status: ApplicationStatus;
  /** Copied from the account, so issuing a token reads one item. */
  accountStatus: AccountStatus;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
}

/** What the store keeps beside the application: the keyed hash of its client secret, never the secret. */
export interface ApplicationRecord extends Application {
  secretHash: string;
  /**
   * The generation of the application's tokens: each token carries the generation it was issued in,
   * and verifiers refuse one of an older generation. Rotating the secret and disabling the application
   * or its account start a new one, so enabling again revives no token (docs/accounts.md, Token generations).
   */
  tokenGeneration: number;
}

/** Applications per account, disabled ones included: disabling an account updates them in one transaction. */
export const maxApplicationsPerAccount = 50;

/** An employee assigned to look after a partner account (docs/employees.md). */
export interface AccountManager {
  accountId: string;
  /** The employee's id at the identity provider. */
  employeeId: string;
  assignedAt: string;
  /** The employee who made the assignment. */
  assignedBy: string;
}
