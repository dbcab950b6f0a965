import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CertificateSigner } from '../../../shared/domain/accounts/ports.ts';
import { ValidationError } from '../../../shared/domain/errors.ts';
import {
  certificateOf,
  maxRequestSkewMs,
  SigningRequestError,
  signingRequestOf,
  signRequest,
} from '../../../shared/pki/certificate-signing.ts';
import {
  type CertificateAuthority,
  createCertificateAuthority,
  createCsr,
  generateKeyPair,
  signPartnerCsr,
} from '../../../shared/pki/certificates.ts';
import { signingFunctionSigner } from '../../../shared/pki/signing-function.ts';
import { TestClock } from '../../../shared/util/clock.ts';

const now = new Date('2030-01-01T00:00:00Z');
const clock = TestClock.stoppedAt(now);
const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
let ca: CertificateAuthority;
/** The CA held in memory: what the signing function does with the one in its secret. */
let signer: CertificateSigner;
let csrPem: string;

beforeAll(async () => {
  ca = await createCertificateAuthority('Test Partner CA');
  signer = { signPartnerCsr: (input) => signPartnerCsr({ ...input, ca }) };
  csrPem = await createCsr(await generateKeyPair(), 'partner');
});

const request = (overrides: Record<string, unknown> = {}) => ({
  csr_pem: csrPem,
  account_id: accountId,
  requested_at: now.toISOString(),
  ...overrides,
});

/** The admin function's signer wired straight to the signing function's use case, as Invoke wires them. */
const overTheWire = () =>
  signingFunctionSigner(async (sent) => JSON.parse(JSON.stringify(await signRequest(sent, signer, clock))));

const badCsrs: [string, () => Promise<string>][] = [
  ['a CSR that is not PEM', async () => 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
  [
    'PEM that holds no PKCS#10 request',
    async () => '-----BEGIN CERTIFICATE REQUEST-----\nbm90IGEgY3Ny\n-----END CERTIFICATE REQUEST-----\n',
  ],
];

describe('the certificate-signing function', () => {
  it('signs a well-formed request and answers the certificate for the account', async () => {
    const result = await signRequest(request(), signer, clock);

    if (!('ok' in result)) throw new Error('expected a certificate');
    const certificate = new x509.X509Certificate(result.ok.certificate_pem);
    expect(certificate.subject).toContain(`CN=${accountId}`);
    expect(result.ok).toMatchObject({
      serial_number: certificate.serialNumber,
      subject: certificate.subject,
      not_before: certificate.notBefore.toISOString(),
      not_after: certificate.notAfter.toISOString(),
    });
  });

  it.each(badCsrs)('answers a refusal, not an error, for %s', async (_case, makeCsr) => {
    const result = await signRequest(request({ csr_pem: await makeCsr() }), signer, clock);

    expect(result).toEqual({
      refused: { code: 'ValidationError', detail: expect.any(String), path: 'body.csr_pem' },
    });
  });

  it.each([
    ['no object at all', 'csr'],
    ['a missing account id', { csr_pem: 'x', requested_at: now.toISOString() }],
    ['an account id that is no UUID', { csr_pem: 'x', account_id: 'acme', requested_at: now.toISOString() }],
    ['a request time that is no timestamp', { csr_pem: 'x', account_id: accountId, requested_at: 'now' }],
    ['an empty CSR', { csr_pem: '', account_id: accountId, requested_at: now.toISOString() }],
    [
      'a CSR longer than the admin API accepts',
      { csr_pem: 'x'.repeat(16385), account_id: accountId, requested_at: now.toISOString() },
    ],
    [
      'a field it does not know',
      { csr_pem: 'x', account_id: accountId, requested_at: now.toISOString(), days: 9999 },
    ],
  ])('refuses to act on %s: a fault of its caller', async (_case, event) => {
    await expect(signRequest(event, signer, clock)).rejects.toBeInstanceOf(SigningRequestError);
  });

  it('refuses a request time further from its own clock than the allowed skew', async () => {
    const late = new Date(now.getTime() + maxRequestSkewMs + 1000).toISOString();
    const early = new Date(now.getTime() - maxRequestSkewMs - 1000).toISOString();

    await expect(signRequest(request({ requested_at: late }), signer, clock)).rejects.toThrow(/too far/);
    await expect(signRequest(request({ requested_at: early }), signer, clock)).rejects.toThrow(/too far/);
  });

  it('fails, rather than refusing the CSR, when the CA cannot sign', async () => {
    const broken: CertificateSigner = {
      signPartnerCsr: () => Promise.reject(new Error('The partner CA secret partner-ca is missing')),
    };

    await expect(signRequest(request(), broken, clock)).rejects.toThrow(/partner CA secret/);
  });
});

describe('the admin function signing through the certificate-signing function', () => {
  it('gets the same certificate fields the CA issued', async () => {
    const signed = await overTheWire().signPartnerCsr({ csrPem, accountId, now });

    const certificate = new x509.X509Certificate(signed.certificatePem);
    expect(signed).toEqual({
      certificatePem: signed.certificatePem,
      serialNumber: certificate.serialNumber,
      fingerprintSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      subject: certificate.subject,
      notBefore: certificate.notBefore,
      notAfter: certificate.notAfter,
    });
  });

  it.each(badCsrs)('throws for %s the ValidationError the CA itself throws', async (_case, makeCsr) => {
    const bad = await makeCsr();
    const direct = await signer.signPartnerCsr({ csrPem: bad, accountId, now }).catch((error) => error);
    const remote = await overTheWire()
      .signPartnerCsr({ csrPem: bad, accountId, now })
      .catch((error) => error);

    expect(remote).toBeInstanceOf(ValidationError);
    expect(remote).toMatchObject({ code: direct.code, message: direct.message, errors: direct.errors });
    expect(remote.details).toEqual(direct.details);
  });

  it('sends the port input as the request the signing function checks', () => {
    expect(signingRequestOf({ csrPem, accountId, now })).toEqual(request());
  });

  it('fails with an internal error on an answer that is neither a certificate nor a refusal', () => {
    expect(() => certificateOf({ errorMessage: 'boom' })).toThrow(/answered no result/);
    expect(() => certificateOf({ refused: { code: 'Forbidden', detail: 'x', path: 'body' } })).toThrow(
      /answered no result/,
    );
  });

  it('passes a failed invocation on as an error, never as a refusal', async () => {
    const failing = signingFunctionSigner(() =>
      Promise.reject(new Error('certificate-signing failed (Unhandled)')),
    );

    const error = await failing.signPartnerCsr({ csrPem, accountId, now }).catch((caught) => caught);

    expect(error).not.toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/Unhandled/);
  });
});
