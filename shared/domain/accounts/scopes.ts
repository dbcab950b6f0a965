import { OAuthError } from '../../vocabulary/oauth-error.ts';
import {
  canonicalScope,
  canonicalScopes,
  employeeOnlyScopes,
  identityScopes,
  type Scope,
  venueDeviceScopes,
} from '../../vocabulary/scopes.ts';
import { type FieldError, ValidationError } from '../errors.ts';
import type { AccountKind } from './model.ts';

const identity = new Set<Scope>(identityScopes);
const employeeOnly = new Set<Scope>(employeeOnlyScopes);
const venueDeviceOnly = new Set<Scope>(venueDeviceScopes);

/**
 * The scopes an application may hold: canonical names (aliases accepted), each once. Unknown names are
 * refused rather than dropped, so a typo never yields an application that silently lacks a scope; the
 * admin (identity) scopes belong to operator accounts only, the employee and venue device scopes to no
 * application.
 */
export function allowedScopesFor(names: readonly string[], kind: AccountKind): Scope[] {
  const errors: FieldError[] = [];
  names.forEach((name, index) => {
    const scope = canonicalScope(name);
    const path = `body.allowed_scopes.${index}`;
    if (!scope) errors.push({ path, message: `Unknown scope ${name}` });
    else if (employeeOnly.has(scope)) errors.push({ path, message: `${scope} is granted to employees only` });
    else if (venueDeviceOnly.has(scope))
      errors.push({ path, message: `${scope} is granted to venue devices only` });
    else if (identity.has(scope) && kind !== 'operator') {
      errors.push({ path, message: `${scope} is granted to applications of operator accounts only` });
    }
  });
  if (names.length === 0) errors.push({ path: 'body.allowed_scopes', message: 'Name at least one scope' });
  if (errors.length > 0)
    throw new ValidationError('allowed_scopes names scopes this account cannot hold.', errors);
  return canonicalScopes(names);
}

/**
 * RFC 6749 section 3.3 as the contract settles it (docs/contract.md, Tokens): no scope (or only spaces) grants every allowed
 * scope; otherwise the requested scopes, aliases resolved, that the application holds. Names outside
 * `allowed_scopes`, unknown ones included, are dropped; nothing left is invalid_scope.
 */
export function grantedScopes(requested: string | undefined, allowed: readonly Scope[]): Scope[] {
  const names = (requested ?? '').split(' ').filter((name) => name.length > 0);
  if (names.length === 0) return [...allowed];
  const wanted = new Set(canonicalScopes(names));
  const granted = allowed.filter((scope) => wanted.has(scope));
  if (granted.length === 0) {
    throw new OAuthError('invalid_scope', 'None of the requested scopes is allowed for this client.');
  }
  return granted;
}
