import { describe, expect, it } from 'vitest';
import {
  employeeOnlyScopes,
  employeeScopes,
  roleScopes,
  rolesFor,
  scopesFor,
} from '../../../../shared/domain/employees/model.ts';
import { applicationScopes } from '../../../../shared/vocabulary/scopes.ts';
import { lenient, strict } from './fakes.ts';

describe('rolesFor', () => {
  it('maps each known group to its role', () => {
    expect(rolesFor(['pts-admins'], strict)).toEqual(['admin']);
    expect(rolesFor(['pts-support'], strict)).toEqual(['support']);
  });

  it('gives the union of the roles of every mapped group, once each', () => {
    expect(rolesFor(['pts-support', 'pts-admins', 'pts-support', 'other'], strict)).toEqual([
      'admin',
      'support',
    ]);
  });

  it('gives no role under strict mapping to an employee in no mapped group', () => {
    expect(rolesFor(['pts-finance'], strict)).toEqual([]);
    expect(rolesFor([], strict)).toEqual([]);
  });

  it('treats an employee in no mapped group as admin under lenient mapping', () => {
    expect(rolesFor(['pts-finance'], lenient)).toEqual(['admin']);
    expect(rolesFor([], lenient)).toEqual(['admin']);
  });

  it('keeps a mapped role under lenient mapping instead of raising it to admin', () => {
    expect(rolesFor(['pts-support'], lenient)).toEqual(['support']);
  });

  it('does not take object prototype names for groups', () => {
    expect(rolesFor(['constructor', '__proto__', 'toString', 'hasOwnProperty'], strict)).toEqual([]);
  });
});

describe('role scopes', () => {
  it('gives admin every employee scope, including the identity scopes operator applications hold', () => {
    expect(scopesFor(['admin'])).toEqual([...employeeScopes]);
    expect(scopesFor(['admin'])).toEqual(
      expect.arrayContaining(['identity.account:*', 'identity.application:*']),
    );
  });

  it('gives support only reads', () => {
    const scopes = scopesFor(['support']);
    expect(scopes).toEqual([
      'identity.account:read',
      'identity.application:read',
      'admin.catalog:read',
      'admin.esim_pools:read',
      'admin.webhook_deliveries:read',
      'admin.audit_log:read',
      'admin.venues:read',
      'admin.redemptions:read',
      'admin.billing:read',
      'admin.bookings:read',
      'admin.esims:read',
      'admin.requests:read',
    ]);
    for (const scope of scopes) expect(scope).toMatch(/:read$/);
  });

  it('gives admin and support together what admin alone has', () => {
    expect(scopesFor(['support', 'admin'])).toEqual(scopesFor(['admin']));
  });

  it('gives no scope to no role', () => {
    expect(scopesFor([])).toEqual([]);
  });

  it('names no employee-only scope that partner applications could already be granted', () => {
    const partnerKnown = new Set<string>(applicationScopes);
    for (const scope of employeeOnlyScopes) expect(partnerKnown.has(scope)).toBe(false);
    expect(roleScopes.support.every((scope) => roleScopes.admin.includes(scope))).toBe(true);
  });
});
