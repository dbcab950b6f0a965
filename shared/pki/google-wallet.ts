import { importPKCS8, SignJWT } from 'jose';
import type { GoogleGenericObject, GoogleWalletLinks } from '../domain/booking/wallet.ts';
import * as z from '../schemas/zod.ts';
import type { SecretStore } from '../secrets/store.ts';
import { LruMap } from '../util/lru-map.ts';
import { Cached } from './pass-signing.ts';

/** Where a save link opens: Google Wallet's "Add to Google Wallet" page for the JWT in the path. */
export const googleWalletSaveUrl = 'https://pay.google.com/gp/v/save/';

/**
 * The `googleWalletKey` secret: the JSON key file Google gives for the issuer's service account
 * (other fields of the file are ignored). Google verifies save links with the account's public key,
 * so they are signed with this key and not with the service's own token keys (docs/wallet.md).
 */
const serviceAccountKeySchema = z.object({
  client_email: z.string().check(z.minLength(1)),
  private_key: z.string().check(z.minLength(1)),
  private_key_id: z.optional(z.string()),
});

interface ServiceAccount {
  email: string;
  keyId: string | undefined;
  key: Awaited<ReturnType<typeof importPKCS8>>;
}

async function readServiceAccount(store: SecretStore, secretId: string): Promise<ServiceAccount | undefined> {
  const raw = await store.get(secretId);
  if (raw === undefined) return undefined;
  const stored = serviceAccountKeySchema.parse(JSON.parse(raw));
  return {
    email: stored.client_email,
    keyId: stored.private_key_id,
    key: await importPKCS8(stored.private_key, 'RS256'),
  };
}

/**
 * Save links: a JWT (RS256, `typ: savetowallet`, `aud: google`) carrying the pass's generic object.
 * An Active pass's object never changes, so its link is signed once per container.
 */
export class GoogleWalletSaveLinks implements GoogleWalletLinks {
  private readonly account: Cached<ServiceAccount>;
  private readonly signed = new LruMap<string, string>(1000);

  constructor(store: () => SecretStore, secretId: () => string) {
    this.account = new Cached(() => readServiceAccount(store(), secretId()));
  }

  async saveUrl(genericObject: GoogleGenericObject): Promise<string | null> {
    const cacheKey = JSON.stringify(genericObject);
    const known = this.signed.get(cacheKey);
    if (known !== undefined) return known;
    // A stage whose operator has not loaded the key yet offers no link rather than failing the pass read.
    const account = await this.account.get();
    if (!account) return null;
    const jwt = await new SignJWT({
      typ: 'savetowallet',
      // No web origin: the link is opened, not rendered as a button on a partner's page.
      origins: [],
      payload: { genericObjects: [genericObject] },
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.keyId ? { kid: account.keyId } : {}) })
      .setIssuer(account.email)
      .setAudience('google')
      .setIssuedAt()
      .sign(account.key);
    const url = `${googleWalletSaveUrl}${jwt}`;
    this.signed.set(cacheKey, url);
    return url;
  }
}
