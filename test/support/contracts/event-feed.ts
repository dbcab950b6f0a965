import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventFeedReader, EventFeedWriter } from '../../../shared/domain/event-feed/ports.ts';
import type { DomainEvent } from '../../../shared/domain/events.ts';

export interface EventFeedSetup {
  writer: EventFeedWriter;
  reader: EventFeedReader;
}

const now = new Date('2030-06-01T12:00:00.000Z');

export function feedEvent(accountId: string, overrides: Partial<DomainEvent> = {}): DomainEvent {
  return {
    id: randomUUID(),
    accountId,
    type: 'booking.status.changed',
    timestamp: now.toISOString(),
    orderingKey: randomUUID(),
    data: { booking_id: randomUUID(), status: 'Issued' },
    ...overrides,
  };
}

/** What every events feed store does, in memory and on DynamoDB (docs/events.md, Data). */
export function eventFeedContract(name: string, setup: () => EventFeedSetup): void {
  describe(`the events feed contract: ${name}`, () => {
    it('numbers appended events 1, 2, 3, ... and reads them back in that order, as appended', async () => {
      const { writer, reader } = setup();
      const accountId = randomUUID();
      const events = [feedEvent(accountId), feedEvent(accountId, { type: 'pass.status.changed' })];
      await writer.append(accountId, events, now);
      await writer.append(accountId, [feedEvent(accountId)], now);

      const read = await reader.read(accountId, undefined, 10);

      expect(read.after).toBe(0);
      expect(read.more).toBe(false);
      expect(read.entries.map((entry) => entry.position)).toEqual([1, 2, 3]);
      expect(read.entries[0]?.event).toEqual(events[0]);
      expect(read.entries[1]?.event).toEqual(events[1]);
      expect(read.entries[0]?.appendedAt).toEqual(now);
    });

    it('reads after a cursor, at most the number asked for, and says when more follow', async () => {
      const { writer, reader } = setup();
      const accountId = randomUUID();
      await writer.append(
        accountId,
        [1, 2, 3, 4, 5].map(() => feedEvent(accountId)),
        now,
      );

      const read = await reader.read(accountId, reader.cursorAt(accountId, 2), 2);

      expect(read.after).toBe(2);
      expect(read.entries.map((entry) => entry.position)).toEqual([3, 4]);
      expect(read.more).toBe(true);
    });

    it('appends an event once: a repeated event keeps its position and the new ones follow densely', async () => {
      const { writer, reader } = setup();
      const accountId = randomUUID();
      const first = feedEvent(accountId);
      const second = feedEvent(accountId);
      await writer.append(accountId, [first], now);

      const outcome = await writer.append(accountId, [first, second, first], now);
      await writer.append(accountId, [second], now);

      const read = await reader.read(accountId, undefined, 10);
      expect(outcome.appended).toBe(1);
      expect(read.entries.map((entry) => [entry.position, entry.event.id])).toEqual([
        [1, first.id],
        [2, second.id],
      ]);
    });

    it('gives every event of concurrent appends of one account its own position, with no hole', async () => {
      const { writer, reader } = setup();
      const accountId = randomUUID();
      const batches = [1, 2, 3, 4, 5].map(() => [feedEvent(accountId), feedEvent(accountId)]);

      await Promise.all(batches.map((batch) => writer.append(accountId, batch, now)));

      const read = await reader.read(accountId, undefined, 100);
      expect(read.entries.map((entry) => entry.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(new Set(read.entries.map((entry) => entry.event.id))).toEqual(
        new Set(batches.flat().map((event) => event.id)),
      );
      for (const batch of batches) {
        const [a, b] = batch.map((event) => read.entries.find((entry) => entry.event.id === event.id));
        expect(b?.position).toBe((a?.position ?? 0) + 1);
      }
    });

    it("keeps accounts apart: another account's feed is empty and its cursor is refused", async () => {
      const { writer, reader } = setup();
      const accountId = randomUUID();
      const other = randomUUID();
      await writer.append(accountId, [feedEvent(accountId)], now);

      expect((await reader.read(other, undefined, 10)).entries).toEqual([]);
      await expect(reader.read(other, reader.cursorAt(accountId, 0), 10)).rejects.toMatchObject({
        code: 'ValidationError',
        details: { errors: [{ path: 'query.cursor' }] },
      });
    });

    it('refuses an altered cursor', async () => {
      const { reader } = setup();
      const accountId = randomUUID();
      const forged = Buffer.from(JSON.stringify({ a: accountId, p: -1 })).toString('base64url');

      for (const cursor of [forged, 'not a cursor', `${reader.cursorAt(accountId, 3)}x!`]) {
        await expect(reader.read(accountId, cursor, 10)).rejects.toMatchObject({ code: 'ValidationError' });
      }
    });
  });
}
