import { randomUUID } from 'node:crypto';
import { signCompactJws } from '../crypto/jws.ts';
import type { EmployeeTokenClaims, EmployeeTokenIssuer } from '../domain/employees/ports.ts';
import { accessTokenLifetimeSeconds, accessTokenType } from './keys.ts';
import type { SigningKeyCache } from './signing-key-cache.ts';

export interface EmployeeTokenIssuerOptions {
  /** The token issuer (the same `iss` as partner tokens: one authorization server). */
  issuer: string;
  /** The admin API audience: an employee token is refused by the partner API, and the reverse. */
  audience: string;
  signingKeys: SigningKeyCache;
}

/**
 * Employee access tokens: ES256 with the service's rotating keys (so the one JWKS verifies both
 * kinds), header `typ: at+jwt`, claims iss, aud, sub (employee id), scopes, roles, client_id, iat,
 * exp (1 hour) and jti. No account_id: employees act across accounts.
 */
export function createEmployeeTokenIssuer(options: EmployeeTokenIssuerOptions): EmployeeTokenIssuer {
  return {
    async issue(claims: EmployeeTokenClaims, now: Date) {
      const signer = await options.signingKeys.current(now);
      const iat = Math.floor(now.getTime() / 1000);
      const accessToken = await signCompactJws(
        accessTokenType,
        {
          scopes: [...claims.scopes],
          roles: [...claims.roles],
          client_id: claims.clientId,
          iss: options.issuer,
          aud: options.audience,
          sub: claims.employeeId,
          iat,
          exp: iat + accessTokenLifetimeSeconds,
          jti: randomUUID(),
        },
        signer,
      );
      return {
        accessToken,
        expiresIn: accessTokenLifetimeSeconds,
        scopes: claims.scopes,
        roles: claims.roles,
      };
    },
  };
}
