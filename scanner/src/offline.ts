import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import type { VenueItems } from './store.ts';

/**
 * The offline check of a pass QR: the signature against the cached pass keys, `typ`, the validity
 * window (30 s of skew, as the service allows) and whether this venue operates the item. The QR
 * carries no names, so offline the staff see the number of guests only; whether the pass was used
 * or canceled meanwhile is known only when the queued redemption reaches the service.
 */
export interface OfflinePass {
  passId: string;
  serviceType: string;
  itemId: string;
  guestsCount: number;
  validFrom: string;
  validUntil: string;
}

export type OfflineCheck =
  | { ok: true; pass: OfflinePass }
  | { ok: false; refusal: 'InvalidQr' | 'PassExpired' | 'PassNotValidHere' | 'NoPassKeys' };

export async function checkOffline(
  qr: string,
  jwks: { keys: unknown[] } | undefined,
  items: VenueItems | undefined,
  now: Date,
): Promise<OfflineCheck> {
  if (!jwks) return { ok: false, refusal: 'NoPassKeys' };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(qr, createLocalJWKSet(jwks as JSONWebKeySet), {
      algorithms: ['ES256'],
      typ: 'pass+jwt',
      requiredClaims: ['sub', 'nbf', 'exp'],
      // The service's own skew (shared/pki/pass-signing.ts).
      clockTolerance: 30,
      currentDate: now,
    }));
  } catch (error) {
    const { code, claim } = error as { code?: string; claim?: string };
    const outsideWindow =
      code === 'ERR_JWT_EXPIRED' || (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'nbf');
    return { ok: false, refusal: outsideWindow ? 'PassExpired' : 'InvalidQr' };
  }
  const nbf = Number(payload.nbf);
  const exp = Number(payload.exp);
  const serviceType = String(payload.svc);
  const itemId = String(payload.sid);
  const operated = serviceType === 'Lounge' ? items?.lounges : items?.fast_tracks;
  if (items && !operated?.includes(itemId)) return { ok: false, refusal: 'PassNotValidHere' };
  return {
    ok: true,
    pass: {
      passId: String(payload.sub),
      serviceType,
      itemId,
      guestsCount: Number(payload.gst),
      validFrom: new Date(nbf * 1000).toISOString(),
      validUntil: new Date(exp * 1000).toISOString(),
    },
  };
}
