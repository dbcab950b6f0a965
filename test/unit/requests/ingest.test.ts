import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { subscriptionEvent, subscriptionMessages } from '../../../shared/aws/log-subscription.ts';
import { ingestRequestLines, requestRecordsOf } from '../../../shared/domain/requests/ingest.ts';
import type { AccountRequestRecord } from '../../../shared/domain/requests/model.ts';
import type { RequestLogStore } from '../../../shared/domain/requests/ports.ts';
import type { RequestLogLine } from '../../../shared/schemas/requests.ts';

const line: RequestLogLine = {
  kind: 'request',
  account_id: '0b3c6a7e-0000-4000-8000-000000000001',
  request_id: 'req-1',
  received_at: '2030-01-01T10:32:00.123Z',
  method: 'POST',
  path: '/v2/b2b/bookings',
  operation_id: 'createBooking',
  status: 422,
  code: 'ValidationError',
  duration_ms: 12.5,
  client_id: 'pts_client',
  idempotency_status: null,
};

describe('a CloudWatch Logs subscription event', () => {
  it('gives the messages of its log events, in order', async () => {
    const event = await subscriptionEvent('/aws/lambda/booking', [
      { id: '1', timestamp: 1, message: JSON.stringify(line) },
      { id: '2', timestamp: 2, message: 'another line' },
    ]);

    expect(await subscriptionMessages(event)).toEqual([JSON.stringify(line), 'another line']);
  });

  it('gives no message for the control message CloudWatch sends to check the destination', async () => {
    const control = {
      messageType: 'CONTROL_MESSAGE',
      owner: 'CloudwatchLogs',
      logGroup: '',
      logStream: '',
      subscriptionFilters: [],
      logEvents: [{ id: '', timestamp: 1, message: 'CWL CONTROL MESSAGE: Checking health of destination' }],
    };
    const data = gzipSync(Buffer.from(JSON.stringify(control))).toString('base64');

    expect(await subscriptionMessages({ awslogs: { data } })).toEqual([]);
  });
});

describe('request records among log messages', () => {
  it('are the request lines that parse, with their account; other lines are skipped and counted', () => {
    const { records, skipped } = requestRecordsOf([
      JSON.stringify(line),
      JSON.stringify({ level: 'INFO', message: 'Request refused' }),
      JSON.stringify({ ...line, status: 'teapot' }),
      `${JSON.stringify(line).slice(0, 40)}`,
    ]);

    expect(records).toEqual([
      {
        accountId: line.account_id,
        requestId: 'req-1',
        receivedAt: line.received_at,
        method: 'POST',
        path: '/v2/b2b/bookings',
        operationId: 'createBooking',
        status: 422,
        code: 'ValidationError',
        durationMs: 12.5,
        clientId: 'pts_client',
        idempotencyStatus: null,
      },
    ]);
    expect(skipped).toBe(3);
  });

  it('keeps no field a line carries beyond the record (a header slipped into a line stays out)', () => {
    const { records } = requestRecordsOf([JSON.stringify({ ...line, authorization: 'Bearer secret' })]);

    expect(JSON.stringify(records)).not.toContain('secret');
  });

  it('are stored in one append per batch, and none when a batch holds no request line', async () => {
    const appended: AccountRequestRecord[][] = [];
    const store: RequestLogStore = {
      append: async (records) => {
        appended.push([...records]);
      },
      list: async () => ({ items: [], nextCursor: null }),
    };

    expect(await ingestRequestLines(store, [JSON.stringify(line), 'noise'])).toEqual({
      stored: 1,
      skipped: 1,
    });
    expect(await ingestRequestLines(store, ['noise'])).toEqual({ stored: 0, skipped: 1 });
    expect(appended.map((batch) => batch.length)).toEqual([1]);
  });
});
