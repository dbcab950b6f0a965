import { requestLogLineSchema } from '../../schemas/requests.ts';
import type { AccountRequestRecord } from './model.ts';
import type { RequestLogStore } from './ports.ts';

/**
 * The records among a function's log messages: each `kind: request` line (shared/observability/
 * request-log.ts) that parses. Anything else (another log line, a line cut short) is skipped and
 * counted, never stored half.
 */
export function requestRecordsOf(messages: readonly string[]): {
  records: AccountRequestRecord[];
  skipped: number;
} {
  const records: AccountRequestRecord[] = [];
  let skipped = 0;
  for (const message of messages) {
    let value: unknown;
    try {
      value = JSON.parse(message);
    } catch {
      skipped++;
      continue;
    }
    const parsed = requestLogLineSchema.safeParse(value);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const line = parsed.data;
    records.push({
      accountId: line.account_id,
      requestId: line.request_id,
      receivedAt: line.received_at,
      method: line.method,
      path: line.path,
      operationId: line.operation_id,
      status: line.status,
      code: line.code,
      durationMs: line.duration_ms,
      clientId: line.client_id,
      idempotencyStatus: line.idempotency_status,
    });
  }
  return { records, skipped };
}

/** Stores the request records among `messages`; how many were stored and skipped. */
export async function ingestRequestLines(
  store: RequestLogStore,
  messages: readonly string[],
): Promise<{ stored: number; skipped: number }> {
  const { records, skipped } = requestRecordsOf(messages);
  if (records.length > 0) await store.append(records);
  return { stored: records.length, skipped };
}
