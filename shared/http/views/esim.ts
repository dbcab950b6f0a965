import { activationData, activationQrSvg } from '../../domain/esim/activation.ts';
import type { InstallHelp } from '../../domain/esim/install.ts';
import { esimStatusAt, statusAt } from '../../domain/esim/lifecycle.ts';
import type {
  Esim,
  EsimOrder,
  EsimPackage,
  EsimSettings,
  ResellerLink,
  Tariff,
} from '../../domain/esim/model.ts';
import type { EsimPage } from '../../domain/esim/page.ts';
import { profileOf } from '../../domain/esim/profile.ts';
import type { LoadResult, PoolStatus } from '../../domain/esim/service.ts';
import type { ShareLinkOf } from '../../domain/esim/share-link.ts';

/** The order as partners read it (docs/esim.md, Orders). */
export function orderView(order: EsimOrder) {
  return {
    order_id: order.orderId,
    status: order.status,
    package_template_id: order.packageTemplateId,
    active_period: order.activePeriod,
    validity_period: order.validityPeriod,
    price: { amount: order.price.amount, currency: order.price.currency },
    iccid: order.iccid,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
  };
}

/** A package as partners read it; its status is the one at `now` (Expired as soon as its time is up). */
export function packageView(pkg: EsimPackage, now: Date) {
  return {
    package_id: pkg.packageId,
    package_template_id: pkg.packageTemplateId,
    status: statusAt(pkg, now),
    data_mb: pkg.dataMb,
    used_mb: pkg.usedMb,
    remaining_mb: Math.max(0, pkg.dataMb - pkg.usedMb),
    usage_as_of: pkg.usageAsOf,
    active_period: pkg.activePeriod,
    validity_period: pkg.validityPeriod,
    activated_at: pkg.activatedAt,
    expires_at: pkg.expiresAt,
    created_at: pkg.createdAt,
  };
}

function activationFields(esim: Esim, now: Date, shareLinkOf: ShareLinkOf) {
  const activation = activationData(esim.smdpAddress, esim.matchingId);
  return {
    lpa: activation.lpa,
    smdp_address: activation.smdpAddress,
    matching_id: activation.matchingId,
    ios_install_url: activation.iosInstallUrl,
    share_url: shareLinkOf(esim, now),
  };
}

/** The profile as the SM-DP+ last reported it (the call identifiers it remembers stay inside). */
export function profileView(esim: Esim) {
  const profile = profileOf(esim);
  return { state: profile.state, eid: profile.eid, updated_at: profile.updatedAt };
}

/** An eSIM in a list: everything but the rendered QR code (the LPA string renders it). */
export function esimSummaryView(esim: Esim, now: Date, shareLinkOf: ShareLinkOf) {
  return {
    iccid: esim.iccid,
    status: esimStatusAt(esim, now),
    order_id: esim.orderId,
    activation: activationFields(esim, now, shareLinkOf),
    packages: esim.packages.map((pkg) => packageView(pkg, now)),
    profile: profileView(esim),
    created_at: esim.createdAt,
    updated_at: esim.updatedAt,
  };
}

/** The eSIM as confirm and read answer it, with its QR code as SVG. */
export async function esimView(esim: Esim, now: Date, shareLinkOf: ShareLinkOf) {
  const summary = esimSummaryView(esim, now, shareLinkOf);
  return {
    ...summary,
    activation: { ...summary.activation, qr_svg: await activationQrSvg(summary.activation.lpa) },
  };
}

/** A tariff offered as a top-up, in the catalog's shape (EsimTariff). */
export function tariffView(tariff: Tariff) {
  return {
    id: tariff.id,
    name: tariff.name,
    coverage: [...tariff.coverage],
    data_mb: tariff.dataMb,
    validity_days: tariff.validityDays,
    topup_allowed: tariff.topupAllowed,
    price: { amount: tariff.price.amount, currency: tariff.price.currency },
  };
}

/** What a pool load added to the account's pool, and what it already held. */
export function poolLoadView(accountId: string, result: LoadResult) {
  return { account_id: accountId, added: result.added, already_present: result.alreadyPresent };
}

/** An account's pool of ICCIDs, as operators read it. */
export function poolView(accountId: string, status: PoolStatus) {
  return {
    account_id: accountId,
    available: status.available,
    issued: status.issued,
    reseller_id: status.reseller?.resellerId ?? null,
  };
}

export function resellerLinkView(link: ResellerLink) {
  return { account_id: link.accountId, reseller_id: link.resellerId, linked_at: link.linkedAt };
}

export function esimSettingsView(settings: EsimSettings) {
  return { usage_thresholds: [...settings.usageThresholds], updated_at: settings.updatedAt };
}

/** Install help as partners read it (docs/esim.md, Install help). */
export function installHelpView(help: InstallHelp) {
  return {
    platform: help.platform,
    install_url: help.installUrl,
    steps: help.steps,
    manual: { smdp_address: help.manual.smdpAddress, activation_code: help.manual.activationCode },
  };
}

/** The traveller's page (docs/esim.md, Install help): only what it shows. */
export function esimPageView(page: EsimPage) {
  return {
    partner_name: page.partnerName,
    lpa: page.lpa,
    install_urls: page.installUrls,
    manual: { smdp_address: page.manual.smdpAddress, activation_code: page.manual.activationCode },
    steps: page.steps,
    packages: page.packages.map((pkg) => ({
      status: pkg.status,
      data_mb: pkg.dataMb,
      remaining_mb: pkg.remainingMb,
      expires_at: pkg.expiresAt,
    })),
    expires_at: page.linkExpiresAt.toISOString(),
  };
}
