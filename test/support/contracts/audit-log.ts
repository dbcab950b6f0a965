import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../shared/domain/audit/model.ts';
import type { AuditLog } from '../../../shared/domain/audit/ports.ts';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';

export interface AuditLogSetup {
  /** A log of its own, so the records it appends stay out of other tests' reads of the log. */
  log: AuditLog;
  committer: WriteCommitter;
}

/**
 * What every `AuditLog` does, in memory and on DynamoDB (the pattern of lockout-store.ts): records
 * appended with the change they describe and never overwritten, read newest first through one filter
 * index narrowed by the others, a page at a time.
 */
export function auditLogContract(name: string, setup: () => AuditLogSetup): void {
  const second = (n: number) => `2030-06-01T12:00:${String(n).padStart(2, '0')}.000Z`;

  function aRecord(overrides: Partial<AuditRecord> = {}): AuditRecord {
    return {
      id: randomUUID(),
      at: second(0),
      actor: { type: 'employee', id: 'ada.admin', roles: ['admin'] },
      action: 'createContract',
      target: { type: 'contract', id: randomUUID() },
      requestId: 'req-1',
      outcome: 'succeeded',
      reason: null,
      details: { after: { lounges: 'all' } },
      ...overrides,
    };
  }

  async function appended(...records: AuditRecord[]): Promise<void> {
    const { log, committer } = setup();
    await committer.commit(records.map((record) => log.append(record)));
  }

  const ids = (records: readonly AuditRecord[]) => records.map((record) => record.id);

  describe(`the audit log contract: ${name}`, () => {
    it('holds a record once the change it was staged with commits', async () => {
      const { log } = setup();
      const record = aRecord({ actor: { type: 'employee', id: randomUUID(), roles: [] } });

      const staged = log.append(record);
      expect((await log.list({ actorId: record.actor.id ?? undefined, limit: 10 })).items).toEqual([]);
      await setup().committer.commit([staged]);

      expect(await log.list({ actorId: record.actor.id ?? undefined, limit: 10 })).toEqual({
        items: [record],
        nextCursor: null,
      });
    });

    it('never overwrites a record', async () => {
      const record = aRecord();
      await appended(record);

      await refusalOf(() => appended({ ...record, details: { overwritten: true } }));

      expect((await setup().log.list({ targetId: record.target.id ?? undefined, limit: 10 })).items).toEqual([
        record,
      ]);
    });

    it('lists newest first, a page at a time', async () => {
      const actor = { type: 'employee' as const, id: randomUUID(), roles: ['admin'] };
      const records = [3, 1, 4, 2, 5].map((n) => aRecord({ actor, at: second(n) }));
      await appended(...records);

      const pages = [];
      let cursor: string | undefined;
      do {
        const page = await setup().log.list({ actorId: actor.id, limit: 2, cursor });
        pages.push(page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);

      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(ids(pages.flat())).toEqual(ids([...records].sort((a, b) => (a.at < b.at ? 1 : -1))));
    });

    it('reads by actor, target or action, narrowed by the other filters and by time', async () => {
      const actorId = randomUUID();
      const targetId = randomUUID();
      const action = `contractTest${randomUUID().slice(0, 8)}`;
      const early = aRecord({ actor: { type: 'employee', id: actorId, roles: [] }, action, at: second(1) });
      const onTarget = aRecord({
        actor: { type: 'application', id: actorId, roles: [] },
        action,
        target: { type: 'account', id: targetId },
        at: second(2),
      });
      const late = aRecord({ action, target: { type: 'account', id: targetId }, at: second(3) });
      const nobody = aRecord({ actor: { type: 'employee', id: null, roles: [] }, action, at: second(4) });
      await appended(early, onTarget, late, nobody);
      const list = async (query: Parameters<AuditLog['list']>[0]) =>
        ids((await setup().log.list(query)).items);

      expect(await list({ actorId, limit: 10 })).toEqual(ids([onTarget, early]));
      expect(await list({ actorId, actorType: 'employee', limit: 10 })).toEqual(ids([early]));
      expect(await list({ actorId, targetId, limit: 10 })).toEqual(ids([onTarget]));
      expect(await list({ targetId, since: second(3), limit: 10 })).toEqual(ids([late]));
      expect(await list({ action, targetType: 'account', limit: 10 })).toEqual(ids([late, onTarget]));
      expect(await list({ action, since: second(2), limit: 10 })).toEqual(ids([nobody, late, onTarget]));
    });

    it('refuses a cursor it did not hand out with ValidationError', async () => {
      const refused = await refusalOf(() => setup().log.list({ limit: 10, cursor: 'not-a-cursor' }));

      expect(refused).toMatchObject({ code: 'ValidationError' });
    });
  });
}
