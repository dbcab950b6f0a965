import { clientCredentialIssuer } from '../../shared/auth/client-secrets.ts';
import { config } from '../../shared/config/env.ts';
import { accountStore } from '../../shared/db/entities/account.ts';
import { accountManagerStore } from '../../shared/db/entities/account-manager.ts';
import { applicationStore } from '../../shared/db/entities/application.ts';
import { deliveryStore } from '../../shared/db/entities/delivery.ts';
import { dynamoEmployeeRevocationStore } from '../../shared/db/entities/employee-revocation.ts';
import { eventOutbox } from '../../shared/db/entities/event.ts';
import { partnerCertificateStore } from '../../shared/db/entities/partner-certificate.ts';
import { redemptionStore } from '../../shared/db/entities/redemption.ts';
import { webhookStore } from '../../shared/db/entities/webhook.ts';
import {
  addCertificate,
  listCertificates,
  revokeCertificate,
} from '../../shared/domain/accounts/certificates.ts';
import type { AccountManagerStore, AccountPorts } from '../../shared/domain/accounts/ports.ts';
import {
  addAccountManager,
  changeAccountPlan,
  createAccount,
  createApplication,
  disableAccount,
  disableApplication,
  enableAccount,
  enableApplication,
  getAccount,
  getApplication,
  listAccountManagers,
  listAccounts,
  listApplications,
  rotateApplicationSecret,
} from '../../shared/domain/accounts/service.ts';
import type { EmployeeRevocationStore } from '../../shared/domain/employees/ports.ts';
import { reinstateEmployee, revokeEmployee } from '../../shared/domain/employees/revocation.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { listDisputedRedemptions } from '../../shared/domain/redemptions/service.ts';
import { listDeliveries, redeliver } from '../../shared/domain/webhooks/deliveries.ts';
import type { RedeliveryPorts } from '../../shared/domain/webhooks/ports.ts';
import { listWebhooks } from '../../shared/domain/webhooks/subscriptions.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import {
  accountManagerView,
  accountView,
  applicationView,
  certificateView,
} from '../../shared/http/views/accounts.ts';
import { employeeRevocationView } from '../../shared/http/views/employees.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { adminRedemptionView } from '../../shared/http/views/redemptions.ts';
import { deliveryView, webhookListView } from '../../shared/http/views/webhooks.ts';
import { signingFunctionSigner } from '../../shared/pki/signing-function.ts';
import { adminRoutes } from '../../shared/routes/admin.ts';
import { employeeAdminRoutes } from '../../shared/routes/employee-admin.ts';
import { employeeAdminPrefix, employeeTwin } from '../../shared/routes/employee-twins.ts';
import { esimAdminRoutes } from '../../shared/routes/esim-admin.ts';
import { supportRoutes } from '../../shared/routes/support.ts';
import { filledPath, type RouteDefinition } from '../../shared/routes/types.ts';
import { venueAdminRoutes } from '../../shared/routes/venues-admin.ts';
import { usagePlanAssigner } from '../../shared/usage-plans/assignment.ts';
import { esimAdminImplementations } from './esim-pool.ts';
import { supportImplementations } from './support.ts';
import { venueAdminImplementations } from './venues.ts';

const ports: AccountPorts &
  RedeliveryPorts & { managers: AccountManagerStore; readonly revocations: EmployeeRevocationStore } = {
  accounts: accountStore,
  applications: applicationStore,
  // The partner CA's key is out of this function's reach: the certificate-signing function signs.
  certificates: signingFunctionSigner(),
  partnerCertificates: partnerCertificateStore,
  credentials: clientCredentialIssuer,
  usagePlans: { assign: (accountId, plan) => usagePlanAssigner().assign(accountId, plan) },
  managers: accountManagerStore,
  webhooks: webhookStore,
  deliveries: deliveryStore,
  outbox: eventOutbox,
  // Partners' own pings and redeliveries are limited per account; an employee's redelivery is audited.
  limits: 'unlimited',
  // Its table name is read per call, as the other stores read theirs.
  get revocations() {
    return dynamoEmployeeRevocationStore({ tableName: config().mainTableName });
  },
};

/**
 * A Location under the prefix the caller used: the `/v2/admin` route, or for employees its twin under
 * `/api/v1/admin`.
 */
const locationOf = (caller: RouteDefinition, target: RouteDefinition, params: Record<string, string>) =>
  filledPath(caller.path.startsWith(employeeAdminPrefix) ? employeeTwin(target).path : target.path, params);
const noStore = { 'Cache-Control': 'no-store' };

/**
 * The `/v2/admin` operations (operator applications) and, through their derived twins, the same
 * operations under `/api/v1/admin` (employees); then the employee-only operations. The eSIM pool and
 * reseller operations live beside them (functions/admin/esim-pool.ts, docs/esim.md), and so do the
 * venues (functions/admin/venues.ts, docs/venues.md) and the support tools (functions/admin/support.ts).
 */
export const handler = createApiHandler(
  { ...adminRoutes, ...esimAdminRoutes, ...venueAdminRoutes, ...employeeAdminRoutes, ...supportRoutes },
  {
    ...esimAdminImplementations,
    ...supportImplementations,
    ...venueAdminImplementations,
    createAccount: async ({ route, body, uow, now }) => {
      const { account, certificatePem } = await createAccount(
        ports,
        { name: body.name, csrPem: body.csr_pem, plan: quotaSettingsByStage[config().stage].defaultPlan },
        uow,
        now,
      );
      return {
        status: 201,
        headers: { Location: locationOf(route, adminRoutes.getAccount, { accountID: account.accountId }) },
        body: { ...accountView(account), certificate_pem: certificatePem },
      };
    },

    listAccounts: async ({ query }) => {
      const page = await listAccounts(ports, query);
      return { status: 200, body: pageView(page, accountView) };
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
      const { account } = await changeAccountPlan(ports, params.accountID, body.plan, uow, now);
      return { status: 200, body: accountView(account) };
    },

    addAccountCertificate: async ({ route, params, body, uow, now }) => {
      const certificate = await addCertificate(
        ports,
        { accountId: params.accountID, csrPem: body.csr_pem },
        uow,
        now,
      );
      return {
        status: 201,
        headers: {
          Location: locationOf(route, adminRoutes.listAccountCertificates, {
            accountID: certificate.accountId,
          }),
        },
        body: { ...certificateView(certificate), certificate_pem: certificate.pem },
      };
    },

    listAccountCertificates: async ({ params }) => ({
      status: 200,
      body: { items: (await listCertificates(ports, params.accountID)).map(certificateView) },
    }),

    revokeAccountCertificate: async ({ params, uow, now }) => ({
      status: 200,
      body: certificateView(
        await revokeCertificate(
          ports,
          { accountId: params.accountID, serialNumber: params.serial },
          uow,
          now,
        ),
      ),
    }),

    createApplication: async ({ route, params, body, uow, now }) => {
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
          Location: locationOf(route, adminRoutes.getApplication, {
            accountID: application.accountId,
            clientID: application.clientId,
          }),
        },
        body: { ...applicationView(application), client_secret: clientSecret },
      };
    },

    listApplications: async ({ params, query }) => {
      const page = await listApplications(ports, params.accountID, query);
      return { status: 200, body: pageView(page, applicationView) };
    },

    getApplication: async ({ params }) => ({
      status: 200,
      body: applicationView(await getApplication(ports, params.accountID, params.clientID)),
    }),

    disableApplication: async ({ params, uow, now }) => ({
      status: 200,
      body: applicationView(await disableApplication(ports, params.accountID, params.clientID, uow, now)),
    }),

    enableApplication: async ({ params, uow, now }) => ({
      status: 200,
      body: applicationView(await enableApplication(ports, params.accountID, params.clientID, uow, now)),
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

    enableAccount: async ({ params, uow, now }) => ({
      status: 200,
      body: accountView(await enableAccount(ports, params.accountID, uow, now)),
    }),

    addAccountManager: async ({ principal, params, body, uow, now }) => {
      const manager = await addAccountManager(
        ports,
        { accountId: params.accountID, employeeId: body.employee_id, assignedBy: principal.subject },
        uow,
        now,
      );
      return {
        status: 201,
        headers: {
          Location: filledPath(employeeAdminRoutes.listAccountManagers.path, {
            accountID: manager.accountId,
          }),
        },
        body: accountManagerView(manager),
      };
    },

    listRedemptions: async ({ query }) => ({
      status: 200,
      body: pageView(await listDisputedRedemptions(redemptionStore, query), adminRedemptionView),
    }),

    listAccountManagers: async ({ params, query }) => {
      const page = await listAccountManagers(ports, params.accountID, query);
      return {
        status: 200,
        body: pageView(page, accountManagerView),
      };
    },

    listAccountWebhooks: async ({ params, now }) => {
      await getAccount(ports, params.accountID);
      const webhooks = await listWebhooks(ports, params.accountID);
      return {
        status: 200,
        body: webhookListView(webhooks, now),
      };
    },

    listAccountWebhookDeliveries: async ({ params, query }) => {
      await getAccount(ports, params.accountID);
      const page = await listDeliveries(ports, params.accountID, params.webhookID, query);
      return { status: 200, body: pageView(page, deliveryView) };
    },

    redeliverAccountWebhookDelivery: async ({ params, uow, now }) => {
      await getAccount(ports, params.accountID);
      const delivery = await redeliver(
        ports,
        params.accountID,
        params.webhookID,
        params.deliveryID,
        uow,
        now,
      );
      return { status: 202, body: deliveryView(delivery) };
    },

    revokeEmployee: async ({ principal, params, body, uow, now }) => {
      const change = { employeeId: params.employeeID, by: principal.subject, reason: body.reason };
      return { status: 200, body: employeeRevocationView(await revokeEmployee(ports, change, uow, now)) };
    },

    reinstateEmployee: async ({ principal, params, body, uow, now }) => {
      const change = { employeeId: params.employeeID, by: principal.subject, reason: body.reason };
      return { status: 200, body: employeeRevocationView(await reinstateEmployee(ports, change, uow, now)) };
    },
  },
);
