import 'reflect-metadata';
import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import * as x509 from '@peculiar/x509';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FunctionModules, localFunctionName } from '../../../infra/local/functions.ts';
import { type InvokeListener, startInvokeListener } from '../../../infra/local/invoke.ts';
import { ValidationError } from '../../../shared/domain/errors.ts';
import { createCertificateAuthority, createCsr, generateKeyPair } from '../../../shared/pki/certificates.ts';
import { signingFunctionSigner } from '../../../shared/pki/signing-function.ts';
import { secretStore } from '../../../shared/secrets/store.ts';
import { useLocalConfig } from '../auth/local-config.ts';

const region = 'eu-west-1';
const signingFunction = localFunctionName('certificate-signing');
const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
let listener: InvokeListener;
let lambda: LambdaClient;

beforeAll(async () => {
  listener = await startInvokeListener({ functions: new FunctionModules(), region });
  lambda = new LambdaClient({
    region,
    endpoint: listener.url,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  lambda.destroy();
  await listener.close();
});

describe("the local stage's Lambda Invoke listener", () => {
  let cleanUp: () => Promise<void>;
  beforeEach(async () => {
    ({ cleanUp } = await useLocalConfig({
      LAMBDA_ENDPOINT: listener.url,
      CERTIFICATE_SIGNING_FUNCTION_NAME: signingFunction,
    }));
  });
  afterEach(() => cleanUp());

  const storeCa = async () => {
    const ca = await createCertificateAuthority('Test Partner CA');
    await secretStore().put(
      'partner-ca',
      JSON.stringify({ certificate_pem: ca.certificatePem, private_key_pem: ca.privateKeyPem }),
    );
  };

  it('runs the signing function for the admin function through the real Lambda client', async () => {
    await storeCa();
    const csrPem = await createCsr(await generateKeyPair(), 'partner');

    const signed = await signingFunctionSigner().signPartnerCsr({ csrPem, accountId, now: new Date() });

    expect(new x509.X509Certificate(signed.certificatePem).subject).toContain(`CN=${accountId}`);
  });

  it('brings a refused CSR back as the 422 ValidationError on body.csr_pem', async () => {
    await storeCa();

    const error = await signingFunctionSigner()
      .signPartnerCsr({ csrPem: 'not a CSR', accountId, now: new Date() })
      .catch((caught) => caught);

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual([{ path: 'body.csr_pem', message: expect.stringMatching(/PEM/) }]);
  });

  it('answers a function that throws with X-Amz-Function-Error, as Lambda does', async () => {
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: signingFunction, Payload: JSON.stringify({ csr_pem: 'x' }) }),
    );

    expect(answer.StatusCode).toBe(200);
    expect(answer.FunctionError).toBe('Unhandled');
    expect(JSON.parse(Buffer.from(answer.Payload ?? []).toString('utf8'))).toMatchObject({
      errorType: 'SigningRequestError',
    });
  });

  it('invokes by ARN as well as by name', async () => {
    const arn = `arn:aws:lambda:${region}:000000000000:function:${signingFunction}`;

    const answer = await lambda.send(new InvokeCommand({ FunctionName: arn, Payload: '{}' }));

    expect(answer.FunctionError).toBe('Unhandled');
  });

  it('answers 404 ResourceNotFoundException for a function that is not invocable', async () => {
    for (const name of ['no-such-function', localFunctionName('admin')]) {
      const error = await lambda
        .send(new InvokeCommand({ FunctionName: name, Payload: '{}' }))
        .catch((caught) => caught);

      expect(error, name).toBeInstanceOf(ResourceNotFoundException);
      expect(error.$metadata.httpStatusCode, name).toBe(404);
    }
  });

  it('fails the admin function loudly when the signing function cannot read the CA', async () => {
    const csrPem = await createCsr(await generateKeyPair(), 'partner');

    const error = await signingFunctionSigner()
      .signPartnerCsr({ csrPem, accountId, now: new Date() })
      .catch((caught) => caught);

    expect(error).not.toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/Unhandled/);
  });

  it('answers 400 for a payload that is not JSON', async () => {
    const error = await lambda
      .send(new InvokeCommand({ FunctionName: signingFunction, Payload: 'not json' }))
      .catch((caught) => caught);

    expect(error.name).toBe('InvalidRequestContentException');
    expect(error.$metadata.httpStatusCode).toBe(400);
  });
});
