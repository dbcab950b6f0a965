import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import type { WalletConfig } from '../../shared/config/env.ts';
import { expiresSoon, readIfExists } from './pki.ts';

/**
 * What Apple and Google hold in AWS, made by the local stage (docs/wallet.md, Local stage): a chain
 * root -> "WWDR" intermediate -> pass-type certificate, and a Google Wallet service-account key. All
 * RSA 2048, as Apple issues them and as passkit-generator (node-forge) signs with.
 */
export interface LocalWalletPki {
  identifiers: WalletConfig;
  /** The chain's root (absolute path): what a test verifies a pass's signature against, as Apple's root. */
  rootCertPath: string;
  apple: { signerCertPem: string; signerKeyPem: string; wwdrCertPem: string };
  google: { clientEmail: string; privateKeyId: string; privateKeyPem: string; publicKeyPath: string };
}

export const localWalletIdentifiers: WalletConfig = {
  passTypeIdentifier: 'pass.com.example.partner-travel.local',
  teamIdentifier: 'L0CALTEAM1',
  googleIssuerId: '3388000000000000001',
};

const rsa = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;
const dayMs = 24 * 60 * 60 * 1000;

const generateRsaKeys = () =>
  webcrypto.subtle.generateKey(rsa, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;

function pem(label: string, der: ArrayBuffer): string {
  const body = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${body}${body.endsWith('\n') ? '' : '\n'}-----END ${label}-----\n`;
}

async function issue(params: {
  subject: string;
  keys: webcrypto.CryptoKeyPair;
  issuer?: { name: string; key: webcrypto.CryptoKey };
  /** CA certificates: how many CAs may follow below (the root 1, the intermediate 0). */
  ca: { pathLength: number } | false;
  days: number;
}): Promise<string> {
  const now = Date.now();
  const common = {
    serialNumber: `01${Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex')}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + params.days * dayMs),
    signingAlgorithm: rsa,
    extensions: [
      new x509.BasicConstraintsExtension(
        params.ca !== false,
        params.ca ? params.ca.pathLength : undefined,
        true,
      ),
      new x509.KeyUsagesExtension(
        params.ca
          ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
          : x509.KeyUsageFlags.digitalSignature,
        true,
      ),
    ],
  };
  const certificate = params.issuer
    ? await x509.X509CertificateGenerator.create({
        ...common,
        subject: params.subject,
        issuer: params.issuer.name,
        publicKey: params.keys.publicKey,
        signingKey: params.issuer.key,
      })
    : await x509.X509CertificateGenerator.createSelfSigned({
        ...common,
        name: params.subject,
        keys: params.keys,
      });
  return certificate.toString('pem');
}

const keyPem = async (key: webcrypto.CryptoKey) =>
  pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', key));

/** Made on first use and kept in `dir`; made again when the pass-type certificate expires soon. */
export async function ensureLocalWalletPki(dir: string): Promise<LocalWalletPki> {
  const paths = {
    root: join(dir, 'wallet-root.pem'),
    wwdr: join(dir, 'wallet-wwdr.pem'),
    signer: join(dir, 'wallet-pass-type.pem'),
    signerKey: join(dir, 'wallet-pass-type-key.pem'),
    googleKey: join(dir, 'wallet-google-key.pem'),
    googlePublic: join(dir, 'wallet-google-public.pem'),
  };
  const { passTypeIdentifier, teamIdentifier } = localWalletIdentifiers;
  let wwdr = await readIfExists(paths.wwdr);
  let signer = await readIfExists(paths.signer);
  let signerKey = await readIfExists(paths.signerKey);
  if (!(await readIfExists(paths.root)) || !wwdr || !signer || !signerKey || expiresSoon(signer)) {
    const rootKeys = await generateRsaKeys();
    const wwdrKeys = await generateRsaKeys();
    const signerKeys = await generateRsaKeys();
    const rootName = 'CN=Partner Travel Services Local Wallet Root';
    const wwdrName = 'CN=Local Worldwide Developer Relations, OU=G4, O=Partner Travel Services Local';
    const root = await issue({ subject: rootName, keys: rootKeys, ca: { pathLength: 1 }, days: 3650 });
    wwdr = await issue({
      subject: wwdrName,
      keys: wwdrKeys,
      issuer: { name: rootName, key: rootKeys.privateKey },
      ca: { pathLength: 0 },
      days: 3650,
    });
    // Apple's subject: UID (0.9.2342.19200300.100.1.1) and CN name the pass type, OU the team.
    signer = await issue({
      subject: `0.9.2342.19200300.100.1.1=${passTypeIdentifier}, CN=Pass Type ID\\: ${passTypeIdentifier}, OU=${teamIdentifier}`,
      keys: signerKeys,
      issuer: { name: wwdrName, key: wwdrKeys.privateKey },
      ca: false,
      days: 365,
    });
    signerKey = await keyPem(signerKeys.privateKey);
    await writeFile(paths.signerKey, signerKey, { mode: 0o600 });
    await writeFile(paths.signer, signer);
    await writeFile(paths.wwdr, wwdr);
    await writeFile(paths.root, root);
  }
  let googleKey = await readIfExists(paths.googleKey);
  if (!googleKey || !(await readIfExists(paths.googlePublic))) {
    const keys = await generateRsaKeys();
    googleKey = await keyPem(keys.privateKey);
    await writeFile(paths.googleKey, googleKey, { mode: 0o600 });
    await writeFile(
      paths.googlePublic,
      pem('PUBLIC KEY', await webcrypto.subtle.exportKey('spki', keys.publicKey)),
    );
  }
  return {
    identifiers: localWalletIdentifiers,
    rootCertPath: paths.root,
    apple: { signerCertPem: signer, signerKeyPem: signerKey, wwdrCertPem: wwdr },
    google: {
      clientEmail: 'wallet-issuer@partner-travel-local.iam.gserviceaccount.com',
      privateKeyId: 'local-wallet-key',
      privateKeyPem: googleKey,
      publicKeyPath: paths.googlePublic,
    },
  };
}
