import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../shared/domain/errors.ts';
import { createCertificateAuthority, createCsr, generateKeyPair } from '../../../shared/pki/certificates.ts';
import { partnerCertificateSigner } from '../../../shared/pki/partner-ca.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const now = new Date('2030-01-01T00:00:00Z');
const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
let caPem: string;

async function rsaCsr(modulusLength: number): Promise<string> {
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength,
  };
  const generated = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const keys = generated as webcrypto.CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: 'CN=partner',
    keys,
    signingAlgorithm: algorithm,
  });
  return csr.toString('pem');
}

/** Flips one character inside the signature, which sits at the end of the DER. */
function tamper(csrPem: string): string {
  const lines = csrPem.trim().split('\n');
  const last = lines.length - 2;
  const line = lines[last] ?? '';
  const index = Math.max(0, line.length - 6);
  lines[last] = `${line.slice(0, index)}${line[index] === 'A' ? 'B' : 'A'}${line.slice(index + 1)}`;
  return `${lines.join('\n')}\n`;
}

const sign = (csrPem: string) => partnerCertificateSigner.signPartnerCsr({ csrPem, accountId, now });

async function csrRefusal(csrPem: string): Promise<ValidationError> {
  const error = await sign(csrPem).catch((caught) => caught);
  expect(error).toBeInstanceOf(ValidationError);
  expect(error).toMatchObject({ code: 'ValidationError' });
  return error as ValidationError;
}

describe('the partner CA signing account certificates', () => {
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig());
    const ca = await createCertificateAuthority('Test Partner CA');
    caPem = ca.certificatePem;
    await secretStore().put(
      'partner-ca',
      JSON.stringify({ certificate_pem: ca.certificatePem, private_key_pem: ca.privateKeyPem }),
    );
  });
  afterEach(() => cleanUp());

  it('signs the CSR with the CA in the secret store for a certificate whose CN is the account id', async () => {
    const csrPem = await createCsr(await generateKeyPair(), 'whatever the partner wrote');

    const signed = await sign(csrPem);

    const certificate = new x509.X509Certificate(signed.certificatePem);
    expect(certificate.subject).toContain(`CN=${accountId}`);
    expect(
      await certificate.verify({ publicKey: new x509.X509Certificate(caPem).publicKey, date: now }),
    ).toBe(true);
    expect(signed.serialNumber).toBe(certificate.serialNumber);
    expect(signed.subject).toBe(certificate.subject);
    expect(signed.notBefore.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('fails loudly when the CA secret is missing', async () => {
    await secretStore().put('partner-ca', '{}');

    await expect(sign(await createCsr(await generateKeyPair(), 'x'))).rejects.toThrow();
  });

  it('refuses a CSR that is not PEM with 422', async () => {
    const error = await csrRefusal('MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA');

    expect(error.errors).toEqual([{ path: 'body.csr_pem', message: expect.stringMatching(/PEM/) }]);
  });

  it('refuses PEM that does not hold a PKCS#10 request', async () => {
    const garbage = '-----BEGIN CERTIFICATE REQUEST-----\nbm90IGEgY3Ny\n-----END CERTIFICATE REQUEST-----\n';

    expect((await csrRefusal(garbage)).message).toMatch(/could not be parsed/);
  });

  it('refuses a CSR whose signature does not verify', async () => {
    const csrPem = await createCsr(await generateKeyPair(), 'partner');

    expect((await csrRefusal(tamper(csrPem))).message).toBe('The CSR signature does not verify.');
  });

  it('refuses a weak RSA key and accepts a 2048-bit one', async () => {
    const weak = await csrRefusal(await rsaCsr(1024));
    const strong = await sign(await rsaCsr(2048));

    expect(weak.message).toMatch(/at least 2048 bits/);
    expect(strong.certificatePem).toContain('BEGIN CERTIFICATE');
  });
});
