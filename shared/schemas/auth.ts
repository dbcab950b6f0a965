import { oauthErrorCodes } from '../vocabulary/oauth-error.ts';
import * as z from './zod.ts';

/** An optional form or query field (a string unless told), described for the OpenAPI document. */
const optionalField = (description: string, field: z.ZodMiniType<string> = z.string()) =>
  z.optional(field).register(z.globalRegistry, { description });

/**
 * Both grants in one form (RFC 6749 sections 4.1.3 and 4.4.2): which fields apply depends on
 * `grant_type`, checked by the grant itself so an unknown grant is `unsupported_grant_type`. Unknown
 * parameters are ignored, as the RFC requires.
 */
export const tokenRequestSchema = z
  .object({
    grant_type: z.string().register(z.globalRegistry, {
      description:
        '`client_credentials` (partner applications) or `authorization_code` (the employee console)',
    }),
    client_id: optionalField('client_credentials: required (or HTTP Basic); authorization_code: optional'),
    client_secret: optionalField('client_credentials only (or HTTP Basic); the console is a public client'),
    scope: optionalField('client_credentials: space-separated scopes; omitted grants every allowed scope.'),
    code: optionalField('authorization_code: the one-time code the login redirected with'),
    code_verifier: optionalField('authorization_code: the PKCE verifier (43..128 of [A-Za-z0-9._~-])'),
    redirect_uri: optionalField('authorization_code: exactly the redirect_uri of the login'),
    client_assertion_type: optionalField(
      'client_credentials of a venue device: `urn:ietf:params:oauth:client-assertion-type:jwt-bearer`',
    ),
    client_assertion: optionalField(
      'client_credentials of a venue device: a JWT signed by its enrolled key (RFC 7523), with a `DPoP` header (RFC 9449)',
    ),
  })
  .register(z.globalRegistry, { id: 'TokenRequest' });

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.enum(['Bearer', 'DPoP']).register(z.globalRegistry, {
      description: '`DPoP` for venue devices: send the token as `Authorization: DPoP` with a fresh proof',
    }),
    expires_in: z.int().check(z.positive()),
    scope: z.string().register(z.globalRegistry, {
      description: 'The granted scopes, space-separated (RFC 6749 section 5.1).',
    }),
  })
  .register(z.globalRegistry, { id: 'TokenResponse' });

export const oauthErrorSchema = z
  .object({ error: z.enum(oauthErrorCodes), error_description: z.optional(z.string()) })
  .register(z.globalRegistry, { id: 'OAuthError', description: 'RFC 6749 section 5.2 error body.' });

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
  .register(z.globalRegistry, { id: 'PublicJwk' });

export const jwksSchema = z
  .object({ keys: z.array(publicJwkSchema) })
  .register(z.globalRegistry, { id: 'Jwks' });

export const openidConfigurationSchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.optional(z.string()),
    token_endpoint: z.string(),
    jwks_uri: z.string(),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    id_token_signing_alg_values_supported: z.array(z.string()),
    token_endpoint_auth_signing_alg_values_supported: z.optional(z.array(z.string())),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.optional(z.array(z.string())),
  })
  .register(z.globalRegistry, { id: 'OpenidConfiguration' });

const loginParameter = z.string().check(z.maxLength(2048));

/** The console's login request; the operation itself refuses what is missing or wrong (a 400 page). */
export const employeeLoginQuery = z
  .object({
    redirect_uri: optionalField('Exactly one of the console addresses', loginParameter),
    code_challenge: optionalField('BASE64URL(SHA256(code_verifier))', loginParameter),
    code_challenge_method: optionalField('`S256` (the only method)', loginParameter),
    state: optionalField("The console's state, given back with the code", loginParameter),
  })
  .register(z.globalRegistry, { id: 'EmployeeLoginQuery' });

/** The identity provider's answer (RFC 6749 section 4.1.2, RFC 9207 `iss`): every parameter is passed on. */
export const employeeLoginCallbackQuery = z
  .looseObject({
    code: z.optional(loginParameter),
    state: z.optional(loginParameter),
    iss: z.optional(loginParameter),
    error: z.optional(loginParameter),
    error_description: z.optional(loginParameter),
  })
  .register(z.globalRegistry, { id: 'EmployeeLoginCallbackQuery' });
