import { describe, expect, it } from 'vitest';
import { Offline, ProblemError, type Redemption } from './api.ts';
import type { PendingRedemption } from './store.ts';
import { syncQueue } from './sync.ts';

const pending = (n: number): PendingRedemption => ({
  idempotencyKey: `key-${n}`,
  qr: `qr-${n}`,
  admittedGuests: 1,
  scannedAt: `2030-05-01T10:0${n}:00.000Z`,
  passId: `pass-${n}`,
});

const accepted = (item: PendingRedemption, status: Redemption['status'] = 'Accepted'): Redemption => ({
  redemption_id: `r-${item.passId}`,
  pass_id: item.passId,
  admitted_guests: item.admittedGuests,
  scanned_at: item.scannedAt,
  recorded_at: '2030-05-01T11:00:00.000Z',
  status,
});

/** A queue in memory and a service that answers each pass as told. */
function queueOf(items: PendingRedemption[], answer: (item: PendingRedemption) => Promise<Redemption>) {
  const queue = new Map(items.map((item, index) => [index + 1, item]));
  const sent: PendingRedemption[] = [];
  return {
    queue,
    sent,
    ports: {
      oldest: async () => {
        const [first] = [...queue].sort(([a], [b]) => a - b);
        return first ? { key: first[0], value: first[1] } : undefined;
      },
      remove: async (key: number) => {
        queue.delete(key);
      },
      redeem: (item: PendingRedemption) => {
        sent.push(item);
        return answer(item);
      },
    },
  };
}

describe('sending the offline queue', () => {
  it('sends every entry oldest first with its own key and scan time, and empties the queue', async () => {
    const { ports, queue, sent } = queueOf([pending(1), pending(2)], async (item) =>
      accepted(item, item.passId === 'pass-2' ? 'Disputed' : 'Accepted'),
    );

    const result = await syncQueue(ports);

    expect(sent).toEqual([pending(1), pending(2)]);
    expect(queue.size).toBe(0);
    expect(result.stopped).toBeUndefined();
    expect(
      result.outcomes.map((outcome) => outcome.kind === 'recorded' && outcome.redemption.status),
    ).toEqual(['Accepted', 'Disputed']);
  });

  it('settles an entry the service refuses (409, 422) and goes on', async () => {
    const { ports, queue } = queueOf([pending(1), pending(2)], async (item) => {
      if (item.passId === 'pass-1')
        throw new ProblemError({ status: 409, code: 'PassAlreadyUsed', details: { redeemed_at: 'x' } });
      return accepted(item);
    });

    const result = await syncQueue(ports);

    expect(queue.size).toBe(0);
    expect(result.outcomes.map((outcome) => outcome.kind)).toEqual(['refused', 'recorded']);
  });

  it('stops with the entry kept when the network is gone, the device is cut off or the service fails', async () => {
    for (const failure of [
      new Offline('https://venue.example'),
      new ProblemError({ status: 401, code: 'Unauthorized' }),
      new ProblemError({ status: 503, code: 'ServiceUnavailable' }),
      new ProblemError({ status: 404, code: 'ResourceNotFound' }),
    ]) {
      const { ports, queue, sent } = queueOf([pending(1), pending(2)], async () => {
        throw failure;
      });

      const result = await syncQueue(ports);

      expect(result.stopped).toBe(failure instanceof Offline ? 'offline' : 'unsettled');
      expect(result.unsettledBy).toBe(failure instanceof Offline ? undefined : failure);
      expect(sent).toEqual([pending(1)]);
      expect([...queue.values()]).toEqual([pending(1), pending(2)]);
    }
  });
});
