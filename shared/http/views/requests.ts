import type { RequestRecord } from '../../domain/requests/model.ts';

/** A request log record as the API answers it (RequestRecord in the OpenAPI document). */
export function requestRecordView(record: RequestRecord) {
  return {
    request_id: record.requestId,
    received_at: record.receivedAt,
    method: record.method,
    path: record.path,
    operation_id: record.operationId,
    status: record.status,
    code: record.code,
    duration_ms: record.durationMs,
    client_id: record.clientId,
    idempotency_status: record.idempotencyStatus,
  };
}
