import { clientCredentialIssuer } from '../../shared/auth/client-secrets.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { applicationStore } from '../../shared/db/entities/application.ts';
import type { Account, Application } from '../../shared/domain/accounts/model.ts';
import type { AccountPorts } from '../../shared/domain/accounts/ports.ts';
import {
  createAccount,
  createApplication,
  disableAccount,
  disableApplication,
  getAccount,
  getApplication,
  listAccounts,
  listApplications,
  rotateApplicationSecret,
} from '../../shared/domain/accounts/service.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { partnerCertificateSigner } from '../../shared/pki/partner-ca.ts';
import { adminRoutes } from '../../shared/routes/admin.ts';
import { esimAdminRoutes } from '../../shared/routes/esim-admin.ts';
import { esimAdminImplementations } from './esim-pool.ts';

const ports: AccountPorts = {
  accounts: accountStore,
  applications: applicationStore,
  certificates: partnerCertificateSigner,
  credentials: clientCredentialIssuer,
};

function accountView(account: Account) {
  const { certificate } = account;
  return {
    account_id: account.accountId,
    name: account.name,
    kind: account.kind,
    status: account.status,
    certificate: {
      serial_number: certificate.serialNumber,
      fingerprint_sha256: certificate.fingerprintSha256,
      subject: certificate.subject,
      not_before: certificate.notBefore,
      not_after: certificate.notAfter,
    },
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

function applicationView(application: Application) {
  return {
    client_id: application.clientId,
    account_id: application.accountId,
    name: application.name,
    allowed_scopes: application.allowedScopes,
    status: application.status,
    created_at: application.createdAt,
    updated_at: application.updatedAt,
    secret_rotated_at: application.secretRotatedAt,
  };
}

const accountLocation = (accountId: string) => `/v2/admin/accounts/${accountId}`;
const noStore = { 'Cache-Control': 'no-store' };

/** The eSIM operations of this group live beside it (docs/esim.md). */
const groupRoutes = { ...adminRoutes, ...esimAdminRoutes };

export const handler = createApiHandler(groupRoutes, {
  ...esimAdminImplementations,
  createAccount: async ({ body, uow, now }) => {
    const { account, certificatePem } = await createAccount(
      ports,
      { name: body.name, csrPem: body.csr_pem },
      uow,
      now,
    );
    return {
      status: 201,
      headers: { Location: accountLocation(account.accountId) },
      body: { ...accountView(account), certificate_pem: certificatePem },
    };
  },

  listAccounts: async ({ query }) => {
    const page = await listAccounts(ports, query);
    return { status: 200, body: { data: page.items.map(accountView), next_cursor: page.nextCursor } };
  },

  getAccount: async ({ params }) => ({
    status: 200,
    body: accountView(await getAccount(ports, params.accountID)),
  }),

  disableAccount: async ({ params, uow, now }) => ({
    status: 200,
    body: accountView(await disableAccount(ports, params.accountID, uow, now)),
  }),

  createApplication: async ({ params, body, uow, now }) => {
    const { application, clientSecret } = await createApplication(
      ports,
      { accountId: params.accountID, name: body.name, allowedScopes: body.allowed_scopes },
      uow,
      now,
    );
    return {
      status: 201,
      headers: {
        ...noStore,
        Location: `${accountLocation(application.accountId)}/applications/${application.clientId}`,
      },
      body: { ...applicationView(application), client_secret: clientSecret },
    };
  },

  listApplications: async ({ params, query }) => {
    const page = await listApplications(ports, params.accountID, query);
    return { status: 200, body: { data: page.items.map(applicationView), next_cursor: page.nextCursor } };
  },

  getApplication: async ({ params }) => ({
    status: 200,
    body: applicationView(await getApplication(ports, params.accountID, params.clientID)),
  }),

  disableApplication: async ({ params, uow, now }) => ({
    status: 200,
    body: applicationView(await disableApplication(ports, params.accountID, params.clientID, uow, now)),
  }),

  rotateApplicationSecret: async ({ params, uow, now }) => {
    const { application, clientSecret } = await rotateApplicationSecret(
      ports,
      params.accountID,
      params.clientID,
      uow,
      now,
    );
    return {
      status: 200,
      headers: noStore,
      body: { ...applicationView(application), client_secret: clientSecret },
    };
  },
});
