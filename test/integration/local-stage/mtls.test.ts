import { describe, expect, it } from 'vitest';
import {
  createCertificateAuthority,
  generateKeyPair,
  issueCertificate,
  privateKeyPem,
} from '../../../shared/pki/certificates.ts';
import { type ClientIdentity, request, stage } from '../../support/api.ts';

async function certificateFromAnotherCa(accountId: string): Promise<ClientIdentity> {
  const ca = await createCertificateAuthority('Somebody Else CA');
  const keys = await generateKeyPair();
  const issued = await issueCertificate({
    ca,
    subject: `CN=${accountId}, OU=Partners, O=Partner Travel Services`,
    publicKey: keys.publicKey,
    days: 30,
    usage: 'client',
  });
  return { cert: issued.certificatePem, key: await privateKeyPem(keys.privateKey) };
}

describe('mutual TLS on base_url', () => {
  it('refuses a connection without a client certificate at TLS level', async () => {
    await expect(request('GET', '/v2/openapi.json', { cert: null })).rejects.toThrow();
  });

  it('refuses a certificate from another CA, even one naming a real account', async () => {
    const foreign = await certificateFromAnotherCa(stage().partners[0]?.account_id as string);

    await expect(request('GET', '/v2/openapi.json', { cert: foreign })).rejects.toThrow();
  });

  it('accepts a certificate the stage CA signed', async () => {
    const response = await request('GET', '/v2/openapi.json', { cert: 0 });

    expect(response.status).toBe(200);
  });
});

describe('auth_url', () => {
  it('needs no client certificate', async () => {
    const response = await request('GET', '/.well-known/jwks.json', { host: 'auth', cert: null });

    expect(response.status).toBe(200);
    expect(response.body).toHaveProperty('keys');
  });
});
