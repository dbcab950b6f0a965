import { randomInt } from 'node:crypto';
import { LruMap } from '../../util/lru-map.ts';

/**
 * What a phone needs to download the eSIM profile (GSMA SGP.22 activation code): the SM-DP+ server that
 * holds the profile and the matching id the profile is reserved under, as a QR code or Apple's link.
 */
export interface ActivationData {
  lpa: string;
  smdpAddress: string;
  matchingId: string;
  iosInstallUrl: string;
}

/** SGP.22 activation code, format 1: `LPA:1$<SM-DP+ address>$<matching id>`. */
export function lpaActivationCode(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

/** Apple's universal link that installs the eSIM in one tap on iOS 17.4 and later. */
export function iosInstallUrl(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

export function activationData(smdpAddress: string, matchingId: string): ActivationData {
  const lpa = lpaActivationCode(smdpAddress, matchingId);
  return { lpa, smdpAddress, matchingId, iosInstallUrl: iosInstallUrl(lpa) };
}

/** Upper-case letters and digits without I, O and U, which are misread on paper. */
const alphabet = '0123456789ABCDEFGHJKLMNPQRSTVWXYZ';
const groups = 4;
const groupLength = 5;

/** A matching id like the ones SM-DP+ servers issue: 4 groups of 5 (about 100 random bits). */
export function newMatchingId(): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join(''),
  ).join('-');
}

export const matchingIdPattern = /^[0-9A-Z]+(-[0-9A-Z]+)*$/;

/** An eSIM's activation code never changes, so its QR code is rendered once per container. */
const renderedQrCodes = new LruMap<string, string>(1000);

/** The activation code as an SVG QR code (error correction M, as SGP.22 recommends for print). */
export async function activationQrSvg(lpa: string): Promise<string> {
  let svg = renderedQrCodes.get(lpa);
  if (svg === undefined) {
    // qrcode loads on the first eSIM rendered, not at cold start.
    const { default: QRCode } = await import('qrcode');
    svg = await QRCode.toString(lpa, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    renderedQrCodes.set(lpa, svg);
  }
  return svg;
}

/**
 * Android's universal install link (Android 10 and later with a recent Google eSIM manager): the same
 * query as Apple's. Google documents no web form of it; eSIM sellers use this one, so a phone that does
 * not open it still has the QR code and the manual details.
 */
export function androidInstallUrl(lpa: string): string {
  return `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}
