import * as z from 'zod';

/** RFC 6749 section 4.4.2; unknown parameters are ignored, as the RFC requires. */
export const tokenRequestSchema = z
  .object({
    grant_type: z.string().meta({ description: '`client_credentials`' }),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
    scope: z
      .string()
      .optional()
      .meta({ description: 'Space-separated scopes; omitted grants every allowed scope.' }),
  })
  .meta({ id: 'TokenRequest' });

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.int().positive(),
    scope: z.string().meta({ description: 'The granted scopes, space-separated (RFC 6749 section 5.1).' }),
  })
  .meta({ id: 'TokenResponse' });

export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;

export const oauthErrorSchema = z
  .object({ error: z.enum(oauthErrorCodes), error_description: z.string().optional() })
  .meta({ id: 'OAuthError', description: 'RFC 6749 section 5.2 error body.' });

export const publicJwkSchema = z
  .object({
    kty: z.literal('EC'),
    use: z.literal('sig'),
    kid: z.string(),
    alg: z.literal('ES256'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
  })
  .meta({ id: 'PublicJwk' });

export const jwksSchema = z.object({ keys: z.array(publicJwkSchema) }).meta({ id: 'Jwks' });

export const openidConfigurationSchema = z
  .object({
    issuer: z.string(),
    token_endpoint: z.string(),
    jwks_uri: z.string(),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    id_token_signing_alg_values_supported: z.array(z.string()),
    token_endpoint_auth_signing_alg_values_supported: z.array(z.string()).optional(),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()).optional(),
  })
  .meta({ id: 'OpenidConfiguration' });
