import { clientCredentialIssuer } from '../../shared/auth/client-secrets.ts';
import { config } from '../../shared/config/env.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { applicationStore } from '../../shared/db/entities/application.ts';
import type { Account, Application } from '../../shared/domain/accounts/model.ts';
import type { AccountPorts } from '../../shared/domain/accounts/ports.ts';
import {
  changeAccountPlan,
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
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { partnerCertificateSigner } from '../../shared/pki/partner-ca.ts';
import { adminRoutes } from '../../shared/routes/admin.ts';
import { usagePlanAssigner } from '../../shared/usage-plans/index.ts';

const ports: AccountPorts = {
  accounts: accountStore,
  applications: applicationStore,
  certificates: partnerCertificateSigner,
  credentials: clientCredentialIssuer,
  usagePlans: { assign: (accountId, plan) => usagePlanAssigner().assign(accountId, plan) },
};

function accountView(account: Account) {
  const { certificate } = account;
  return {
    account_id: account.accountId,
    name: account.name,
    kind: account.kind,
    status: account.status,
    plan: account.plan,
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

export const handler = createApiHandler(adminRoutes, {
  createAccount: async ({ body, uow, now }) => {
    const { account, certificatePem } = await createAccount(
      ports,
      { name: body.name, csrPem: body.csr_pem, plan: quotaSettingsByStage[config().stage].defaultPlan },
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

  changeAccountPlan: async ({ params, body, uow, now }) => {
    // TODO(audit): record `changeAccountPlan` (previous and new plan) once the audit log table is wired.
    const { account } = await changeAccountPlan(ports, params.accountID, body.plan, uow, now);
    return { status: 200, body: accountView(account) };
  },

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
