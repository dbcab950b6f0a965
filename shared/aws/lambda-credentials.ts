import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * The SDK clients' credentials in a function's bundle, where `@aws-sdk/credential-provider-node` is
 * aliased to this module (infra/constructs/bundle.ts). Lambda hands a function its execution role's
 * credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), the
 * first link of the SDK's default chain and the only one a function ever reaches. The other links
 * (SSO, shared ini files, credential processes, web identity, container and instance metadata) are
 * loaded with `import()`, and esbuild puts the protocol code they share with the DynamoDB client
 * (STS's query protocol and XML parser, SSO's REST binding) in the chunks every cold start loads
 * (docs/bench.md, "Cold start"). Without credentials in the environment a client fails with the
 * SDK's own error ("Unable to find environment variable credentials.").
 */
export const defaultProvider = fromEnv;
