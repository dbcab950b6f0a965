import { describe, expect, it } from 'vitest';
import { auditFromItem, auditToItem } from '../../../../shared/db/entities/audit.ts';
import { loginStateFromItem, loginStateToItem } from '../../../../shared/db/entities/login-state.ts';
import { oneTimeCodeFromItem, oneTimeCodeToItem } from '../../../../shared/db/entities/one-time-code.ts';
import { auditTable, mainTable } from '../../../../shared/db/tables.ts';
import { buildAuditRecord } from '../../../../shared/domain/audit/model.ts';

const expiresAt = '2026-05-01T10:10:00.000Z';

describe('login state and one-time code items', () => {
  it('carry the main table TTL attribute in epoch seconds and round-trip', () => {
    const login = { stateId: 's1', codeVerifier: 'v'.repeat(43), nonce: 'n', expiresAt };
    const item = loginStateToItem(login);
    expect(item).toMatchObject({ pk: 'LOGIN_STATE#s1', sk: 'LOGIN_STATE', entity: 'LoginState' });
    const fields: Record<string, unknown> = { ...item };
    expect(fields[mainTable.timeToLiveAttribute]).toBe(1777630200);
    expect(loginStateFromItem({ ...item })).toEqual(login);

    const code = {
      codeHash: 'h4sh',
      employeeId: 'ada',
      roles: ['admin' as const],
      codeChallenge: 'c'.repeat(43),
      redirectUri: 'https://console.test/callback',
      expiresAt,
    };
    const codeItem = oneTimeCodeToItem(code);
    expect(codeItem).toMatchObject({ pk: 'LOGIN_CODE#h4sh', sk: 'LOGIN_CODE', entity: 'LoginCode' });
    const codeFields: Record<string, unknown> = { ...codeItem };
    expect(codeFields[mainTable.timeToLiveAttribute]).toBe(1777630200);
    expect(oneTimeCodeFromItem({ ...codeItem })).toEqual(code);
  });

  it('drops a stored role the service no longer knows', () => {
    const item = { pk: 'LOGIN_CODE#h', roles: ['admin', 'superuser'], expires_at: expiresAt };
    expect(oneTimeCodeFromItem(item).roles).toEqual(['admin']);
  });
});

describe('audit items', () => {
  const record = (actorId: string | null, targetId: string | null) =>
    buildAuditRecord(
      {
        actor: { type: 'employee', id: actorId, roles: actorId ? ['admin'] : [] },
        action: 'completeEmployeeLogin',
        target: { type: 'employee', id: targetId },
        requestId: null,
        outcome: 'refused',
        reason: 'identity_provider',
      },
      '01890000-0000-7000-8000-000000000001',
      new Date('2026-05-01T10:00:00.000Z'),
    );

  it('are keyed for every index and round-trip', () => {
    const item = auditToItem(record('ada', 'ada'));
    expect(item).toMatchObject({
      pk: 'AUDIT',
      sk: '2026-05-01T10:00:00.000Z#01890000-0000-7000-8000-000000000001',
      actor_key: 'ACTOR#ada',
      target_key: 'TARGET#ada',
      action_key: 'ACTION#completeEmployeeLogin',
    });
    expect(auditFromItem({ ...item })).toEqual(record('ada', 'ada'));
  });

  it('leave the actor and target indexes when they name nobody', () => {
    const item = auditToItem(record(null, null));
    expect(item).not.toHaveProperty('actor_key');
    expect(item).not.toHaveProperty('target_key');
    expect(auditFromItem({ ...item })).toEqual(record(null, null));
  });

  it('match the audit table: every index key attribute is written', () => {
    const item: Record<string, unknown> = { ...auditToItem(record('ada', 'ada')) };
    for (const index of auditTable.globalSecondaryIndexes) {
      expect(typeof item[index.partitionKey]).toBe('string');
      expect(typeof item[index.sortKey]).toBe('string');
    }
    expect(auditTable.stream).toBe(false);
  });
});
