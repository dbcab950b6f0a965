import type { Locale } from '../catalog/locale.ts';
import { ApiError } from '../errors.ts';
import { lpaActivationCode } from './activation.ts';
import { allInstallSteps, type InstallPlatform, installPlatforms, installUrls } from './install.ts';
import { statusAt } from './lifecycle.ts';
import type { Esim, PackageStatus } from './model.ts';
import type { EsimStore } from './ports.ts';
import { verifyShareToken } from './share-link.ts';

/**
 * What the traveller's eSIM page shows (docs/esim.md, Install help), and nothing else: no ICCID, no
 * order, no history, no account id. The steps come in both platforms and languages, so the page
 * switches without another call.
 */
export interface EsimPage {
  partnerName: string;
  lpa: string;
  installUrls: Record<InstallPlatform, string>;
  manual: { smdpAddress: string; activationCode: string };
  steps: Readonly<Record<InstallPlatform, Readonly<Record<Locale, readonly string[]>>>>;
  packages: { status: PackageStatus; dataMb: number; remainingMb: number; expiresAt: string }[];
  /** When the link stops opening the page. */
  linkExpiresAt: Date;
}

export interface EsimPagePorts {
  esims: Pick<EsimStore, 'find'>;
  /** The partner's display name: its account's name. */
  partnerName(accountId: string): Promise<string | undefined>;
  shareLinkKey(): Promise<Buffer>;
}

const notFound = () => new ApiError('ResourceNotFound', 'This eSIM link is not valid.');

/**
 * The page's one read. A malformed or tampered token and an eSIM that is gone or refunded are the same
 * 404 (nothing tells a guesser which); a genuine link past its 30 days is 410 EsimShareLinkExpired.
 * The token's own account and ICCID are the only key read, so editing it cannot reach another eSIM
 * without breaking the signature.
 */
export async function esimPage(ports: EsimPagePorts, token: string, now: Date): Promise<EsimPage> {
  const verdict = verifyShareToken(await ports.shareLinkKey(), token, now);
  if (!verdict.valid) {
    if (verdict.reason === 'expired') {
      throw new ApiError('EsimShareLinkExpired', 'This eSIM link has expired: ask for a new one.');
    }
    throw notFound();
  }
  const { accountId, iccid, expiresAt } = verdict.claims;
  const [esim, partnerName] = await Promise.all([
    ports.esims.find(accountId, iccid),
    ports.partnerName(accountId),
  ]);
  if (!esim || esim.refundedAt !== undefined || partnerName === undefined) throw notFound();
  return pageOf(esim, partnerName, expiresAt, now);
}

function pageOf(esim: Esim, partnerName: string, linkExpiresAt: Date, now: Date): EsimPage {
  const lpa = lpaActivationCode(esim.smdpAddress, esim.matchingId);
  return {
    partnerName,
    lpa,
    installUrls: Object.fromEntries(
      installPlatforms.map((platform) => [platform, installUrls[platform](lpa)]),
    ) as Record<InstallPlatform, string>,
    manual: { smdpAddress: esim.smdpAddress, activationCode: esim.matchingId },
    steps: allInstallSteps,
    packages: esim.packages.map((pkg) => ({
      status: statusAt(pkg, now),
      dataMb: pkg.dataMb,
      remainingMb: Math.max(0, pkg.dataMb - pkg.usedMb),
      expiresAt: pkg.expiresAt,
    })),
    linkExpiresAt,
  };
}
