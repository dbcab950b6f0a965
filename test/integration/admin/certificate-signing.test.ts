import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import * as x509 from '@peculiar/x509';
import { afterAll, describe, expect, it } from 'vitest';
import { localFunctionName } from '../../../infra/local/functions.ts';
import { createCsr, generateKeyPair } from '../../../shared/pki/certificates.ts';
import { endpoints, stage } from '../../support/api.ts';

const { region, environment } = endpoints();
const lambda = new LambdaClient({
  region,
  endpoint: environment.LAMBDA_ENDPOINT,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
afterAll(() => lambda.destroy());

async function invoke(functionName: string, event: unknown) {
  const answer = await lambda.send(
    new InvokeCommand({ FunctionName: functionName, Payload: JSON.stringify(event) }),
  );
  return {
    functionError: answer.FunctionError,
    payload: JSON.parse(Buffer.from(answer.Payload ?? []).toString('utf8')) as Record<string, unknown>,
  };
}

describe("the stage's certificate-signing function, reached as the admin function reaches it", () => {
  it('signs a CSR with the stage CA for the account the request names', async () => {
    const accountId = randomUUID();
    const csrPem = await createCsr(await generateKeyPair(), 'partner');

    const { functionError, payload } = await invoke(environment.CERTIFICATE_SIGNING_FUNCTION_NAME ?? '', {
      csr_pem: csrPem,
      account_id: accountId,
      requested_at: new Date().toISOString(),
    });

    expect(functionError).toBeUndefined();
    const certificate = new x509.X509Certificate((payload.ok as { certificate_pem: string }).certificate_pem);
    const ca = new x509.X509Certificate(readFileSync(stage().ca_cert, 'utf8'));
    expect(certificate.subject).toContain(`CN=${accountId}`);
    expect(await certificate.verify({ publicKey: ca.publicKey })).toBe(true);
  });

  it('acts on nothing but a signing request: no certificate for a caller that sets its own fields', async () => {
    const csrPem = await createCsr(await generateKeyPair(), 'partner');

    const { functionError, payload } = await invoke(localFunctionName('certificate-signing'), {
      csr_pem: csrPem,
      account_id: randomUUID(),
      requested_at: new Date().toISOString(),
      days: 36500,
    });

    expect(functionError).toBe('Unhandled');
    expect(payload).toMatchObject({ errorType: 'SigningRequestError' });
  });

  it('is the only function the stage lets be invoked: the admin function is not', async () => {
    const error = await invoke(localFunctionName('admin'), {}).catch((caught) => caught);

    expect(error).toBeInstanceOf(ResourceNotFoundException);
  });
});
