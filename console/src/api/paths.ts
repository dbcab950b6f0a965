/**
 * Every path the console calls, on the auth host and on the admin API, and nowhere else: a path that
 * moves is a one-line change here.
 */
import type { CatalogKind } from './types.ts';

export const authPaths = {
  login: '/api/v1/auth/idp/login',
  token: '/oauth/v2/token',
} as const;

const prefix = '/api/v1/admin';
const segment = encodeURIComponent;

export const adminPaths = {
  accounts: () => `${prefix}/accounts`,
  account: (accountId: string) => `${prefix}/accounts/${segment(accountId)}`,
  disableAccount: (accountId: string) => `${adminPaths.account(accountId)}/disable`,
  enableAccount: (accountId: string) => `${adminPaths.account(accountId)}/enable`,
  applications: (accountId: string) => `${adminPaths.account(accountId)}/applications`,
  application: (accountId: string, clientId: string) =>
    `${adminPaths.applications(accountId)}/${segment(clientId)}`,
  disableApplication: (accountId: string, clientId: string) =>
    `${adminPaths.application(accountId, clientId)}/disable`,
  enableApplication: (accountId: string, clientId: string) =>
    `${adminPaths.application(accountId, clientId)}/enable`,
  rotateApplicationSecret: (accountId: string, clientId: string) =>
    `${adminPaths.application(accountId, clientId)}/rotate-secret`,
  certificates: (accountId: string) => `${adminPaths.account(accountId)}/certificates`,
  revokeCertificate: (accountId: string, serial: string) =>
    `${adminPaths.certificates(accountId)}/${segment(serial)}/revoke`,
  esimPool: (accountId: string) => `${adminPaths.account(accountId)}/esim-pool`,
  esimReseller: (accountId: string) => `${adminPaths.account(accountId)}/esim-reseller`,
  plan: (accountId: string) => `${adminPaths.account(accountId)}/plan`,
  contract: (accountId: string) => `${adminPaths.account(accountId)}/contract`,
  managers: (accountId: string) => `${adminPaths.account(accountId)}/managers`,
  webhooks: (accountId: string) => `${adminPaths.account(accountId)}/webhooks`,
  webhookDeliveries: (accountId: string, webhookId: string) =>
    `${adminPaths.webhooks(accountId)}/${segment(webhookId)}/deliveries`,
  redeliver: (accountId: string, webhookId: string, deliveryId: string) =>
    `${adminPaths.webhookDeliveries(accountId, webhookId)}/${segment(deliveryId)}/redeliver`,
  auditLog: () => `${prefix}/audit-log`,
  catalogItems: (kind: CatalogKind) => `${prefix}/catalog/${kind}`,
  catalogItem: (kind: CatalogKind, id: string) => `${prefix}/catalog/${kind}/${segment(id)}`,
  deactivateCatalogItem: (kind: CatalogKind, id: string) => `${adminPaths.catalogItem(kind, id)}/deactivate`,
  catalogImages: () => `${prefix}/catalog/images`,
  catalogDraft: () => `${prefix}/catalog/draft`,
  catalogDiff: () => `${prefix}/catalog/diff`,
  catalogPublish: () => `${prefix}/catalog/publish`,
  venues: () => `${prefix}/venues`,
  venue: (venueId: string) => `${prefix}/venues/${segment(venueId)}`,
  venueItems: (venueId: string) => `${adminPaths.venue(venueId)}/items`,
  disableVenue: (venueId: string) => `${adminPaths.venue(venueId)}/disable`,
  enrollments: (venueId: string) => `${adminPaths.venue(venueId)}/enrollments`,
  devices: (venueId: string) => `${adminPaths.venue(venueId)}/devices`,
  disableDevice: (venueId: string, deviceId: string) =>
    `${adminPaths.devices(venueId)}/${segment(deviceId)}/disable`,
  redemptions: () => `${prefix}/redemptions`,
  statements: (accountId: string) => `${adminPaths.account(accountId)}/billing/statements`,
  statementLines: (accountId: string, period: string) =>
    `${adminPaths.statements(accountId)}/${segment(period)}/lines`,
  adjustments: (accountId: string) => `${adminPaths.account(accountId)}/billing/adjustments`,
  periodStatements: () => `${prefix}/billing/statements`,
  requests: (accountId: string) => `${adminPaths.account(accountId)}/requests`,
  bookings: () => `${prefix}/bookings`,
  booking: (bookingId: string) => `${prefix}/bookings/${segment(bookingId)}`,
  cancelBooking: (bookingId: string) => `${adminPaths.booking(bookingId)}/cancel`,
  esims: () => `${prefix}/esims`,
  esim: (iccid: string) => `${prefix}/esims/${segment(iccid)}`,
  suspendEsim: (iccid: string) => `${adminPaths.esim(iccid)}/suspend`,
  resumeEsim: (iccid: string) => `${adminPaths.esim(iccid)}/resume`,
} as const;
