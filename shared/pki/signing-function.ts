import type { LambdaClient } from '@aws-sdk/client-lambda';
import { config, invokedFunctionName } from '../config/env.ts';
import { onReset } from '../config/reset.ts';
import type { CertificateSigner } from '../domain/accounts/ports.ts';
import type { SigningRequest } from './certificate-signing.ts';

/** Sends a signing request to the certificate-signing function and answers its result's payload. */
export type SigningInvoker = (request: SigningRequest) => Promise<unknown>;

let client: LambdaClient | undefined;

/**
 * Lambda's Invoke API (the local stage's own listener there: infra/local/invoke.ts). The SDK loads with
 * the first account creation, not at every cold start of the admin function.
 */
export const invokeSigningFunction: SigningInvoker = async (request) => {
  const sdk = await import('@aws-sdk/client-lambda');
  const { region, lambdaEndpoint } = config();
  client ??= new sdk.LambdaClient({ region, ...(lambdaEndpoint ? { endpoint: lambdaEndpoint } : {}) });
  const functionName = invokedFunctionName('certificate-signing');
  const answer = await client.send(
    new sdk.InvokeCommand({ FunctionName: functionName, Payload: JSON.stringify(request) }),
  );
  const payload = answer.Payload ? Buffer.from(answer.Payload).toString('utf8') : '';
  if (answer.FunctionError)
    throw new Error(`${functionName} failed (${answer.FunctionError}): ${payload.slice(0, 1000)}`);
  return JSON.parse(payload) as unknown;
};
onReset(() => {
  client?.destroy();
  client = undefined;
});

/** The accounts domain's certificate signer where the partner CA is out of reach: the signing function. */
export function signingFunctionSigner(invoke: SigningInvoker = invokeSigningFunction): CertificateSigner {
  return {
    async signPartnerCsr(input) {
      // The contract's schemas load with the first account creation, not at every cold start.
      const { certificateOf, signingRequestOf } = await import('./certificate-signing.ts');
      return certificateOf(await invoke(signingRequestOf(input)));
    },
  };
}
