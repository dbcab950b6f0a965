import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../shared/domain/errors.ts';
import type { RequestLogQuery, RequestLogStore } from '../../../shared/domain/requests/ports.ts';
import { readRequestLog } from '../../../shared/domain/requests/service.ts';

const accountId = '0b3c6a7e-0000-4000-8000-000000000001';
const now = new Date('2030-06-15T12:00:00.000Z');

/** Records the query the use case sends; the store itself is tested on DynamoDB Local. */
function recordingStore() {
  const queries: RequestLogQuery[] = [];
  const store: RequestLogStore = {
    append: async () => {},
    list: async (query) => {
      queries.push(query);
      return { items: [], nextCursor: null };
    },
  };
  return { store, queries };
}

describe('reading an account’s request log', () => {
  it('covers the last 24 hours when no window is given', async () => {
    const { store, queries } = recordingStore();

    await readRequestLog(store, accountId, { limit: 50 }, now);

    expect(queries).toEqual([
      expect.objectContaining({
        accountId,
        since: '2030-06-14T12:00:00.000Z',
        until: '2030-06-15T12:00:00.000Z',
        limit: 50,
      }),
    ]);
  });

  it('takes the day before `until` when only `until` is given, and passes the filters on', async () => {
    const { store, queries } = recordingStore();

    await readRequestLog(
      store,
      accountId,
      {
        until: '2030-06-10T00:00:00Z',
        status: 422,
        operationId: 'createBooking',
        requestId: 'r-1',
        limit: 5,
      },
      now,
    );

    expect(queries[0]).toMatchObject({
      since: '2030-06-09T00:00:00.000Z',
      until: '2030-06-10T00:00:00.000Z',
      status: 422,
      operationId: 'createBooking',
      requestId: 'r-1',
    });
  });

  it('refuses a window that ends before it starts (422)', async () => {
    const { store, queries } = recordingStore();

    const read = readRequestLog(
      store,
      accountId,
      { since: '2030-06-15T00:00:00Z', until: '2030-06-14T00:00:00Z', limit: 5 },
      now,
    );

    await expect(read).rejects.toBeInstanceOf(ValidationError);
    expect(queries).toEqual([]);
  });

  it('refuses a window wider than the 30 days records are kept (422)', async () => {
    const { store } = recordingStore();

    await expect(
      readRequestLog(store, accountId, { since: '2030-05-15T11:59:59Z', limit: 5 }, now),
    ).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(
      readRequestLog(store, accountId, { since: '2030-05-16T12:00:00Z', limit: 5 }, now),
    ).resolves.toEqual({
      items: [],
      nextCursor: null,
    });
  });
});
