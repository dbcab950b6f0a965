import { config } from '../../shared/config/env.ts';
import { dynamoRequestLog } from '../../shared/db/entities/request-log.ts';
import { type RequestLogRead, readRequestLog } from '../../shared/domain/requests/service.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import { pageView } from '../../shared/http/views/page.ts';
import { requestRecordView } from '../../shared/http/views/requests.ts';
import { requestsRoutes } from '../../shared/routes/requests.ts';
import type { requestLogQuery } from '../../shared/schemas/requests.ts';
import type * as z from '../../shared/schemas/zod.ts';

const store = () => {
  const tableName = config().requestLogTableName;
  if (!tableName) throw new Error('REQUEST_LOG_TABLE_NAME is not set for the requests function');
  return dynamoRequestLog({ tableName });
};

const readOf = (query: z.infer<typeof requestLogQuery>): RequestLogRead => ({
  since: query.since,
  until: query.until,
  status: query.status,
  operationId: query.operation_id,
  requestId: query.request_id,
  limit: query.limit,
  cursor: query.cursor,
});

/** The request log's reader: a partner reads its own account's, an employee the account in the path. */
export const handler = createApiHandler(requestsRoutes, {
  listRequests: async ({ principal, query, now }) => ({
    status: 200,
    body: pageView(await readRequestLog(store(), principal.accountId, readOf(query), now), requestRecordView),
  }),
  listAccountRequests: async ({ params, query, now }) => ({
    status: 200,
    body: pageView(await readRequestLog(store(), params.accountID, readOf(query), now), requestRecordView),
  }),
});
