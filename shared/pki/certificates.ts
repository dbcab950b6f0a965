import 'reflect-metadata';
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { partnerCertificateSubject } from '../auth/certificate-binding.ts';
import type { SignedCertificate } from '../domain/accounts/ports.ts';
import { ValidationError } from '../domain/errors.ts';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const ecdsa = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const signingAlgorithm = { name: 'ECDSA', hash: 'SHA-256' } as const;
const dayMs = 24 * 60 * 60 * 1000;

export interface CertificateAuthority {
  certificatePem: string;
  privateKeyPem: string;
}

/** Stored form of the partner CA in the secret store (`partner-ca`). */
export interface StoredCertificateAuthority {
  certificate_pem: string;
  private_key_pem: string;
}

function pem(label: string, der: ArrayBuffer): string {
  const body = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${body}${body.endsWith('\n') ? '' : '\n'}-----END ${label}-----\n`;
}

function derOf(pemText: string): Buffer {
  return Buffer.from(pemText.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

async function importPrivateKey(privateKeyPem: string): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', derOf(privateKeyPem), ecdsa, false, [
    'sign',
  ]) as Promise<CryptoKey>;
}

/** Positive 128-bit serial (RFC 5280: at most 20 octets, non-negative). */
function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ecdsa, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

export async function privateKeyPem(key: CryptoKey): Promise<string> {
  return pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', key));
}

export async function createCertificateAuthority(
  commonName: string,
  years = 10,
): Promise<CertificateAuthority> {
  const keys = await generateKeyPair();
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: newSerial(),
    name: `CN=${commonName}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + years * 365 * dayMs),
    keys,
    signingAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificatePem: certificate.toString('pem'), privateKeyPem: await privateKeyPem(keys.privateKey) };
}

export interface IssueParams {
  ca: CertificateAuthority;
  subject: string;
  publicKey: x509.PublicKeyType;
  days: number;
  usage: 'client' | 'server';
  /** Server certificates: DNS names and IP addresses. */
  altNames?: { dns?: string[]; ip?: string[] };
  now?: Date;
}

export async function issueCertificate(params: IssueParams): Promise<SignedCertificate> {
  const caCertificate = new x509.X509Certificate(params.ca.certificatePem);
  const now = params.now ?? new Date();
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now.getTime() + params.days * dayMs);
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(
      x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
      true,
    ),
    new x509.ExtendedKeyUsageExtension(
      [params.usage === 'client' ? x509.ExtendedKeyUsage.clientAuth : x509.ExtendedKeyUsage.serverAuth],
      false,
    ),
    await x509.AuthorityKeyIdentifierExtension.create(caCertificate, false),
  ];
  if (params.altNames) {
    extensions.push(
      new x509.SubjectAlternativeNameExtension([
        ...(params.altNames.dns ?? []).map((value) => ({ type: 'dns' as const, value })),
        ...(params.altNames.ip ?? []).map((value) => ({ type: 'ip' as const, value })),
      ]),
    );
  }
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: newSerial(),
    subject: params.subject,
    issuer: caCertificate.subject,
    notBefore,
    notAfter,
    publicKey: params.publicKey,
    signingKey: await importPrivateKey(params.ca.privateKeyPem),
    signingAlgorithm,
    extensions,
  });
  return {
    certificatePem: certificate.toString('pem'),
    serialNumber: certificate.serialNumber,
    fingerprintSha256: createHash('sha256').update(Buffer.from(certificate.rawData)).digest('hex'),
    subject: certificate.subject,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
}

/** A PKCS#10 request for a key pair, as a partner would make with openssl. */
export async function createCsr(keys: CryptoKeyPair, commonName: string): Promise<string> {
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=${commonName}`,
    keys,
    signingAlgorithm,
  });
  return csr.toString('pem');
}

function invalidCsr(message: string, cause?: unknown): ValidationError {
  return new ValidationError(message, [{ path: 'body.csr_pem', message }], { cause });
}

/**
 * Parses and checks a partner's CSR: PEM, a valid self-signature (proof of key possession) and a strong
 * key: RSA of at least 2048 bits or ECDSA on P-256, P-384 or P-521. Returns its public key.
 */
export async function checkCsr(csrPem: string): Promise<x509.PublicKey> {
  if (
    !/-----BEGIN (NEW )?CERTIFICATE REQUEST-----[\s\S]+-----END (NEW )?CERTIFICATE REQUEST-----/.test(csrPem)
  ) {
    throw invalidCsr('csr_pem must be a PEM-encoded PKCS#10 certificate signing request.');
  }
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(csrPem.trim());
  } catch (error) {
    throw invalidCsr('csr_pem could not be parsed as a PKCS#10 request.', error);
  }
  let signatureValid = false;
  try {
    signatureValid = await csr.verify();
  } catch (error) {
    throw invalidCsr('The CSR uses an unsupported key or signature algorithm.', error);
  }
  if (!signatureValid) throw invalidCsr('The CSR signature does not verify.');

  const algorithm = csr.publicKey.algorithm as { name: string; namedCurve?: string };
  if (algorithm.name === 'ECDSA') {
    if (!['P-256', 'P-384', 'P-521'].includes(algorithm.namedCurve ?? '')) {
      throw invalidCsr('EC keys must use P-256, P-384 or P-521.');
    }
  } else if (algorithm.name.startsWith('RSA')) {
    const key = (await csr.publicKey.export({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, [
      'verify',
    ])) as CryptoKey;
    const bits = (key.algorithm as webcrypto.RsaHashedKeyAlgorithm).modulusLength;
    if (bits < 2048) throw invalidCsr(`RSA keys must have at least 2048 bits; this one has ${bits}.`);
  } else {
    throw invalidCsr(`Keys of type ${algorithm.name} are not accepted; use RSA (2048+) or ECDSA.`);
  }
  return csr.publicKey;
}

/** The subject every partner certificate carries: the account id is what binds calls to tokens. */
export const partnerSubject = partnerCertificateSubject;

export async function signPartnerCsr(params: {
  ca: CertificateAuthority;
  csrPem: string;
  accountId: string;
  days?: number;
  now?: Date;
}): Promise<SignedCertificate> {
  const publicKey = await checkCsr(params.csrPem);
  return issueCertificate({
    ca: params.ca,
    subject: partnerSubject(params.accountId),
    publicKey,
    days: params.days ?? 365,
    usage: 'client',
    ...(params.now ? { now: params.now } : {}),
  });
}
