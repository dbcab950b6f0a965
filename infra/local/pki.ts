import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CertificateAuthority,
  createCertificateAuthority,
  generateKeyPair,
  issueCertificate,
  privateKeyPem,
} from '../../shared/pki/certificates.ts';
import { ensureLocalWalletPki, type LocalWalletPki } from './wallet-pki.ts';

export interface LocalPki {
  ca: CertificateAuthority;
  caCertPath: string;
  server: { cert: string; key: string };
  /** The same server certificate and key as files (stage.json `webhook_receiver`). */
  serverFiles: { cert: string; key: string };
  /**
   * The simulated SM-DP+: its own CA (the truststore of {es2plus_url}, never the partner CA) and the
   * client certificate it calls ES2+ with.
   */
  smdp: {
    ca: CertificateAuthority;
    caCertPath: string;
    client: { cert: string; key: string };
    /** The same client certificate and key as files (stage.json `smdp_client`). */
    clientFiles: { cert: string; key: string };
  };
  /** The stand-ins for Apple's and Google's wallet signing material (wallet-pki.ts). */
  wallet: LocalWalletPki;
}

export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const renewBeforeMs = 30 * 24 * 60 * 60 * 1000;

export function expiresSoon(certificatePem: string): boolean {
  return Date.parse(new X509Certificate(certificatePem).validTo) - Date.now() < renewBeforeMs;
}

/**
 * The stage's CA (also the partner CA that signs account CSRs) and a server certificate for
 * localhost and 127.0.0.1, kept in `<dir>` so a persistent stage keeps trusting the same clients.
 */
export async function ensureLocalPki(dir: string): Promise<LocalPki> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stage = await ensureCaAndLeaf(dir, {
    ca: { name: 'Partner Travel Services Local CA', file: 'ca' },
    leaf: {
      file: 'server',
      subject: 'CN=localhost',
      usage: 'server',
      altNames: { dns: ['localhost'], ip: ['127.0.0.1'] },
    },
  });
  // The simulated SM-DP+ has a CA of its own: the ES2+ host trusts it and never the partner CA.
  const smdp = await ensureCaAndLeaf(dir, {
    ca: { name: 'Simulated SM-DP+ Local CA', file: 'smdp-ca' },
    leaf: { file: 'smdp-client', subject: 'CN=smdp.local.partner-travel.example.com', usage: 'client' },
  });
  const wallet = await ensureLocalWalletPki(dir);
  return {
    wallet,
    ca: stage.ca,
    smdp: { ca: smdp.ca, caCertPath: smdp.caCertPath, client: smdp.leaf, clientFiles: smdp.leafFiles },
    caCertPath: stage.caCertPath,
    server: stage.leaf,
    serverFiles: stage.leafFiles,
  };
}

/**
 * A CA and one certificate it issued, kept as `<file>.pem` and `<file>-key.pem` in `dir`: made on first
 * use, the certificate made again when the CA is new or it expires soon.
 */
async function ensureCaAndLeaf(
  dir: string,
  spec: {
    ca: { name: string; file: string };
    leaf: {
      file: string;
      subject: string;
      usage: 'server' | 'client';
      altNames?: { dns: string[]; ip: string[] };
    };
  },
) {
  const paths = {
    caCert: join(dir, `${spec.ca.file}.pem`),
    caKey: join(dir, `${spec.ca.file}-key.pem`),
    cert: join(dir, `${spec.leaf.file}.pem`),
    key: join(dir, `${spec.leaf.file}-key.pem`),
  };
  const storedCert = await readIfExists(paths.caCert);
  const storedKey = await readIfExists(paths.caKey);
  let ca: CertificateAuthority;
  let caIsNew = false;
  if (storedCert && storedKey) {
    ca = { certificatePem: storedCert, privateKeyPem: storedKey };
  } else {
    ca = await createCertificateAuthority(spec.ca.name);
    await writeFile(paths.caKey, ca.privateKeyPem, { mode: 0o600 });
    await writeFile(paths.caCert, ca.certificatePem);
    caIsNew = true;
  }
  let cert = await readIfExists(paths.cert);
  let key = await readIfExists(paths.key);
  if (caIsNew || !cert || !key || expiresSoon(cert)) {
    const keys = await generateKeyPair();
    const issued = await issueCertificate({
      ca,
      subject: spec.leaf.subject,
      publicKey: keys.publicKey,
      days: 365,
      usage: spec.leaf.usage,
      ...(spec.leaf.altNames ? { altNames: spec.leaf.altNames } : {}),
    });
    cert = issued.certificatePem;
    key = await privateKeyPem(keys.privateKey);
    await writeFile(paths.key, key, { mode: 0o600 });
    await writeFile(paths.cert, cert);
  }
  return {
    ca,
    caCertPath: paths.caCert,
    leaf: { cert, key },
    leafFiles: { cert: paths.cert, key: paths.key },
  };
}
