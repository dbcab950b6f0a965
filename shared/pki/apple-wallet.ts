import type { ApplePassContent, ApplePassSigner } from '../domain/booking/wallet.ts';
import * as z from '../schemas/zod.ts';
import type { SecretStore } from '../secrets/store.ts';
import { Cached } from './pass-signing.ts';

/**
 * The pass-type certificate as the `applePassCertificate` secret holds it (docs/wallet.md): the
 * certificate Apple issued for the pass type identifier, its private key (RSA, optionally encrypted),
 * and the Apple WWDR intermediate that issued it. The local stage writes a chain of its own.
 */
const storedCertificateSchema = z.object({
  signer_cert_pem: z.string().check(z.minLength(1)),
  signer_key_pem: z.string().check(z.minLength(1)),
  signer_key_passphrase: z.optional(z.string()),
  wwdr_cert_pem: z.string().check(z.minLength(1)),
});

interface PassCertificates {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
}

/**
 * Wallet requires an icon; the pass shows no other image. A small square in the pass's colours, at
 * the three scales Wallet asks for (29, 58 and 87 points).
 */
const icons: Record<string, string> = {
  'icon.png':
    'iVBORw0KGgoAAAANSUhEUgAAAB0AAAAdCAIAAADZ8fBYAAAALElEQVR42mMQ0wuhBWIYNXfU3IE09z/RYNTcUXNHzR01d3CbO1quj5pLRQQAUqvI2jw8yw4AAAAASUVORK5CYII=',
  'icon@2x.png':
    'iVBORw0KGgoAAAANSUhEUgAAADoAAAA6CAIAAABu2d1/AAAATklEQVR42u3YQQ0AQAgDQVQgAzXn38qhgkeTaVbAvFs9L6jCxcXFxcXFxcWN4v6b4eLi4uLi4uLi4uLi4uLi4uLi4nogcXFxcXFxcXFTWiCcrA+gAu+1AAAAAElFTkSuQmCC',
  'icon@3x.png':
    'iVBORw0KGgoAAAANSUhEUgAAAFcAAABXCAIAAAD+qk47AAAAiElEQVR42u3aMREAAAgDMVQgAzX4twIiWBjSewWZG1mtQECBAgUKFChQoECBAgUKFChQoECBAgUKPxXmwShQoECBAgUKFChQoECBAgUKFChQoECBAgUKFChQoECBAgUKFChQoECBAgUKFChQoEDBG5wCBQoUKFCgQIECBQoUKFCgQIECBQoUTi1Fqav2p9S37AAAAABJRU5ErkJggg==',
};

async function readCertificates(store: SecretStore, secretId: string): Promise<PassCertificates | undefined> {
  const raw = await store.get(secretId);
  if (raw === undefined) return undefined;
  const stored = storedCertificateSchema.parse(JSON.parse(raw));
  return {
    wwdr: stored.wwdr_cert_pem,
    signerCert: stored.signer_cert_pem,
    signerKey: stored.signer_key_pem,
    ...(stored.signer_key_passphrase === undefined
      ? {}
      : { signerKeyPassphrase: stored.signer_key_passphrase }),
  };
}

/**
 * Signs and zips passes with passkit-generator: pass.json, the icons and one pass.strings per
 * language, then the manifest (SHA-1 of every file) and its detached PKCS#7 signature. The
 * certificate is read once and again after five minutes, so a replaced certificate reaches every
 * container within that.
 */
export class PassKitSigner implements ApplePassSigner {
  private readonly certificates: Cached<PassCertificates>;

  constructor(store: () => SecretStore, secretId: () => string) {
    this.certificates = new Cached(() => readCertificates(store(), secretId()));
  }

  async pkpass(content: ApplePassContent): Promise<Uint8Array> {
    const certificates = await this.certificates.get();
    if (!certificates)
      throw new Error('The Apple pass-type certificate secret holds no value (docs/wallet.md).');
    const files = Object.fromEntries(
      Object.entries(icons).map(([name, base64]) => [name, Buffer.from(base64, 'base64')]),
    );
    // passkit-generator (with joi and node-forge) loads with the first pass, not at the booking function's init.
    const { PKPass } = await import('passkit-generator');
    const pass = new PKPass(
      { ...files, 'pass.json': Buffer.from(JSON.stringify(content.passJson)) },
      certificates,
    );
    for (const [language, strings] of Object.entries(content.strings)) pass.localize(language, strings);
    if (content.barcode !== null) {
      pass.setBarcodes({
        message: content.barcode,
        format: 'PKBarcodeFormatQR',
        messageEncoding: 'iso-8859-1',
      });
    }
    return pass.getAsBuffer();
  }
}
