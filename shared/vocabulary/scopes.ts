/** Canonical scope names; aliases resolve to these (docs/contract.md, Tokens). */
export const partnerScopes = [
  'catalog.lounges:read',
  'catalog.fast_tracks:read',
  'catalog.esim:read',
  'booking.lounges:write',
  'booking.fast_tracks:write',
  'esim:write',
  'esim:read',
  'webhooks',
  'billing:read',
  'events:read',
] as const;

/**
 * The operator (admin) scopes an operator account's applications may hold, and the admin role too:
 * accounts, applications and venues.
 */
export const identityScopes = ['identity.account:*', 'identity.application:*', 'admin.venues:write'] as const;

/**
 * Scopes only employee tokens carry (docs/employees.md, Roles and scopes): no application can be
 * granted one. `identity.account:*` and `identity.application:*` (shared with operator applications)
 * grant every account and application operation, the `:read` scopes below only the reads.
 */
export const employeeOnlyScopes = [
  'identity.account:read',
  'identity.application:read',
  'admin.catalog:read',
  'admin.catalog:write',
  'admin.esim_pools:read',
  'admin.esim_pools:write',
  'admin.account_managers:write',
  'admin.webhook_deliveries:read',
  'admin.webhook_deliveries:write',
  'admin.audit_log:read',
  'admin.employees:write',
  'admin.venues:read',
  'admin.redemptions:read',
  'admin.billing:read',
  'admin.billing:write',
  'admin.bookings:read',
  'admin.bookings:write',
  'admin.esims:read',
  'admin.esims:write',
  'admin.requests:read',
] as const;

/** Scopes only venue device tokens carry (docs/venues.md): no application or employee holds them. */
export const venueDeviceScopes = ['passes:verify', 'passes:redeem'] as const;
export type VenueDeviceScope = (typeof venueDeviceScopes)[number];

/** What an application may be granted (operators' applications alone the identity scopes). */
export const applicationScopes = [...partnerScopes, ...identityScopes] as const;
export type ApplicationScope = (typeof applicationScopes)[number];

export const allScopes = [...applicationScopes, ...employeeOnlyScopes, ...venueDeviceScopes] as const;
export type Scope = (typeof allScopes)[number];

const aliases: Record<string, Scope> = {
  'catalog.lounges': 'catalog.lounges:read',
  'catalog.fast_tracks': 'catalog.fast_tracks:read',
  'booking.lounges': 'booking.lounges:write',
  'booking.fast_tracks': 'booking.fast_tracks:write',
};

const known = new Set<string>(allScopes);

export function isScope(value: string): value is Scope {
  return known.has(value);
}

/** Resolves an alias to its canonical name; unknown names come back as undefined. */
export function canonicalScope(value: string): Scope | undefined {
  if (isScope(value)) return value;
  return aliases[value];
}

/** Canonical, de-duplicated, in the order of `allScopes`, dropping unknown names. */
export function canonicalScopes(values: Iterable<string>): Scope[] {
  const granted = new Set<Scope>();
  for (const value of values) {
    const scope = canonicalScope(value);
    if (scope) granted.add(scope);
  }
  return allScopes.filter((scope) => granted.has(scope));
}
