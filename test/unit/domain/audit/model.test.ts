import { describe, expect, it } from 'vitest';
import { buildAuditRecord, redactSecrets } from '../../../../shared/domain/audit/model.ts';
import type { AuditLog, AuditQuery } from '../../../../shared/domain/audit/ports.ts';
import { readAuditLog } from '../../../../shared/domain/audit/service.ts';
import { ValidationError } from '../../../../shared/domain/errors.ts';

const now = new Date('2026-05-01T10:00:00.000Z');
const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl';

describe('redactSecrets', () => {
  it.each([
    'client_secret',
    'clientSecret',
    'password',
    'new_password',
    'access_token',
    'refreshToken',
    'api_key',
    'private_key_pem',
    'code_verifier',
    'authorization',
    'Cookie',
    'credentials',
    'code',
    'signature',
  ])('replaces a field named %s', (name) => {
    expect(redactSecrets({ [name]: 'hunter2', name: 'kept' })).toEqual({
      [name]: '[redacted]',
      name: 'kept',
    });
  });

  it('replaces secret-looking values whatever their field is called', () => {
    expect(
      redactSecrets({
        note: jwt,
        pem: '-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----\n',
        shown: 'ptss_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
        certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
      }),
    ).toEqual({
      note: '[redacted]',
      pem: '[redacted]',
      shown: '[redacted]',
      certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
    });
  });

  it('looks into nested objects and arrays', () => {
    expect(
      redactSecrets({ application: { client_id: 'pts_1', client_secret: 's' }, list: [{ token: 't' }, jwt] }),
    ).toEqual({
      application: { client_id: 'pts_1', client_secret: '[redacted]' },
      list: [{ token: '[redacted]' }, '[redacted]'],
    });
  });

  it('cuts off nesting deeper than a record needs', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 'deep' } } } } } } };
    expect(JSON.stringify(redactSecrets(deep))).not.toContain('deep');
  });
});

describe('buildAuditRecord', () => {
  it('makes a record with every field, redacting secrets in the details', () => {
    const record = buildAuditRecord(
      {
        actor: { type: 'application', id: 'pts_operator', roles: [] },
        action: 'rotateApplicationSecret',
        target: { type: 'application', id: 'pts_partner' },
        requestId: 'req-9',
        details: { client_secret: 'ptss_new', account_id: 'acme' },
      },
      '01890000-0000-7000-8000-000000000000',
      now,
    );
    expect(record).toEqual({
      id: '01890000-0000-7000-8000-000000000000',
      at: '2026-05-01T10:00:00.000Z',
      actor: { type: 'application', id: 'pts_operator', roles: [] },
      action: 'rotateApplicationSecret',
      target: { type: 'application', id: 'pts_partner' },
      requestId: 'req-9',
      outcome: 'succeeded',
      reason: null,
      details: { client_secret: '[redacted]', account_id: 'acme' },
    });
  });
});

describe('readAuditLog', () => {
  const recorder = () => {
    const queries: AuditQuery[] = [];
    const log: AuditLog = {
      append: () => ({ description: 'unused' }),
      list: async (query) => {
        queries.push(query);
        return { items: [], nextCursor: null };
      },
    };
    return { log, queries };
  };

  it('passes the filters on with a default limit of 50 and since as a UTC instant', async () => {
    const { log, queries } = recorder();
    await readAuditLog(log, { actorId: 'ada', action: 'createAccount', since: '2026-05-01T00:00:00Z' });
    expect(queries).toEqual([
      expect.objectContaining({
        actorId: 'ada',
        action: 'createAccount',
        since: '2026-05-01T00:00:00.000Z',
        limit: 50,
      }),
    ]);
  });

  it.each([
    ['limit 0', { limit: 0 }, 'query.limit'],
    ['limit 201', { limit: 201 }, 'query.limit'],
    ['since without a zone', { since: '2026-05-01T00:00:00' }, 'query.since'],
    ['since that is no date', { since: 'yesterday' }, 'query.since'],
    ['an unknown actor type', { actorType: 'robot' }, 'query.actor_type'],
  ])('refuses %s with a 422 naming the parameter', async (_case, filters, path) => {
    const { log, queries } = recorder();
    const error = await readAuditLog(log, filters).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors.map((field) => field.path)).toEqual([path]);
    expect(queries).toEqual([]);
  });
});
