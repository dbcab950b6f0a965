import type { Audience } from '../routes/types.ts';
import type { Scope } from './scopes.ts';

/** Who is calling, as proven by a verified access token. */
export interface Principal {
  audience: Audience;
  /** Partner tokens: the application's client_id. Employee tokens: the employee id. */
  subject: string;
  /** The tenant of a partner token; null for employees. */
  accountId: string | null;
  scopes: readonly Scope[];
  tokenId: string;
}

/** The client certificate API Gateway verified (requestContext.identity.clientCert). */
export interface ClientCertificate {
  pem: string;
  subjectDN: string;
  issuerDN: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
}
