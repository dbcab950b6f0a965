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
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const renewBeforeMs = 30 * 24 * 60 * 60 * 1000;

function expiresSoon(certificatePem: string): boolean {
  return Date.parse(new X509Certificate(certificatePem).validTo) - Date.now() < renewBeforeMs;
}

/**
 * The stage's CA (also the partner CA that signs account CSRs) and a server certificate for
 * localhost and 127.0.0.1, kept in `<dir>` so a persistent stage keeps trusting the same clients.
 */
export async function ensureLocalPki(dir: string): Promise<LocalPki> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const paths = {
    caCert: join(dir, 'ca.pem'),
    caKey: join(dir, 'ca-key.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server-key.pem'),
  };
  const storedCert = await readIfExists(paths.caCert);
  const storedKey = await readIfExists(paths.caKey);
  let ca: CertificateAuthority;
  let caIsNew = false;
  if (storedCert && storedKey) {
    ca = { certificatePem: storedCert, privateKeyPem: storedKey };
  } else {
    ca = await createCertificateAuthority('Partner Travel Services Local CA');
    await writeFile(paths.caKey, ca.privateKeyPem, { mode: 0o600 });
    await writeFile(paths.caCert, ca.certificatePem);
    caIsNew = true;
  }

  let serverCert = await readIfExists(paths.serverCert);
  let serverKey = await readIfExists(paths.serverKey);
  if (caIsNew || !serverCert || !serverKey || expiresSoon(serverCert)) {
    const keys = await generateKeyPair();
    const issued = await issueCertificate({
      ca,
      subject: 'CN=localhost',
      publicKey: keys.publicKey,
      days: 365,
      usage: 'server',
      altNames: { dns: ['localhost'], ip: ['127.0.0.1'] },
    });
    serverCert = issued.certificatePem;
    serverKey = await privateKeyPem(keys.privateKey);
    await writeFile(paths.serverKey, serverKey, { mode: 0o600 });
    await writeFile(paths.serverCert, serverCert);
  }
  return {
    ca,
    smdp: await ensureSmdpPki(dir),
    caCertPath: paths.caCert,
    server: { cert: serverCert, key: serverKey },
    serverFiles: { cert: paths.serverCert, key: paths.serverKey },
  };
}

/** The simulated SM-DP+'s CA and client certificate, kept like the stage CA. */
async function ensureSmdpPki(dir: string): Promise<LocalPki['smdp']> {
  const paths = {
    caCert: join(dir, 'smdp-ca.pem'),
    caKey: join(dir, 'smdp-ca-key.pem'),
    clientCert: join(dir, 'smdp-client.pem'),
    clientKey: join(dir, 'smdp-client-key.pem'),
  };
  const storedCert = await readIfExists(paths.caCert);
  const storedKey = await readIfExists(paths.caKey);
  let ca: CertificateAuthority;
  let caIsNew = false;
  if (storedCert && storedKey) {
    ca = { certificatePem: storedCert, privateKeyPem: storedKey };
  } else {
    ca = await createCertificateAuthority('Simulated SM-DP+ Local CA');
    await writeFile(paths.caKey, ca.privateKeyPem, { mode: 0o600 });
    await writeFile(paths.caCert, ca.certificatePem);
    caIsNew = true;
  }
  let cert = await readIfExists(paths.clientCert);
  let key = await readIfExists(paths.clientKey);
  if (caIsNew || !cert || !key || expiresSoon(cert)) {
    const keys = await generateKeyPair();
    const issued = await issueCertificate({
      ca,
      subject: 'CN=smdp.local.partner-travel.example.com',
      publicKey: keys.publicKey,
      days: 365,
      usage: 'client',
    });
    cert = issued.certificatePem;
    key = await privateKeyPem(keys.privateKey);
    await writeFile(paths.clientKey, key, { mode: 0o600 });
    await writeFile(paths.clientCert, cert);
  }
  return {
    ca,
    caCertPath: paths.caCert,
    client: { cert, key },
    clientFiles: { cert: paths.clientCert, key: paths.clientKey },
  };
}
