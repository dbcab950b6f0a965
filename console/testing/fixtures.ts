/** Admin API answers for the console's browser tests, shaped like the OpenAPI document's schemas. */
export const accountId = '0b7c3f4e-1111-4222-8333-444455556666';

const certificate = {
  serial_number: '0a1b2c',
  fingerprint_sha256: 'ab'.repeat(32),
  subject: `CN=${accountId}`,
  not_before: '2026-01-01T00:00:00Z',
  not_after: '2027-01-01T00:00:00Z',
};

export const account = {
  account_id: accountId,
  name: 'Acme Travel',
  kind: 'partner',
  status: 'Active',
  certificate,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  plan: 'standard',
};

export const otherAccount = {
  ...account,
  account_id: '1c8d4f5a-2222-4333-8444-555566667777',
  name: 'Globex Journeys',
  status: 'Disabled',
};

export const application = {
  client_id: 'pts_abc123',
  account_id: accountId,
  name: 'Booking backend',
  allowed_scopes: ['catalog.lounges:read', 'booking.lounges:write'],
  status: 'Active',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  secret_rotated_at: null,
};

export const webhook = {
  id: '5d9e6a7b-3333-4444-8555-666677778888',
  url: 'https://partner.example.com/hooks',
  status: 'Active',
  disabled_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  secret_rotation: null,
};

export const delivery = {
  id: '018f0000-0000-7000-8000-000000000001',
  status: 'Failed',
  status_reason: 'Receiver answered 500',
  event: {
    id: '018f0000-0000-7000-8000-000000000001',
    event: 'booking.status.changed',
    timestamp: '2026-01-03T00:00:00Z',
    data: { booking_id: 'b1', service_type: 'Lounge', status: 'Issued', previous_status: 'Processing' },
  },
  attempts: [{ attempted_at: '2026-01-03T00:00:05Z', status_code: 500, latency_ms: 120, error: null }],
  next_attempt_at: null,
  created_at: '2026-01-03T00:00:00Z',
  updated_at: '2026-01-03T00:00:05Z',
};

export const lounge = {
  id: 'lounge-1',
  name: { 'en-US': 'Blue Lounge', 'ru-RU': 'Синий зал' },
  hub_id: 'hub-1',
  is_active: true,
  landside: false,
  amenity_ids: ['wifi'],
  image_ids: [],
};

export const auditRecord = {
  id: 'audit-1',
  at: '2026-01-04T10:00:00Z',
  actor: { type: 'employee', id: 'emp-1', roles: ['admin'] },
  action: 'disableAccount',
  target: { type: 'account', id: accountId },
  request_id: 'req-77',
  outcome: 'success',
};
