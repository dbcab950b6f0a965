import { config } from '../../shared/config/env.ts';
import { createApiHandler } from '../../shared/http/pipeline.ts';
import { buildOpenApiDocument } from '../../shared/openapi/document.ts';
import { metaRoutes } from '../../shared/routes/meta.ts';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The OpenAPI document, and API Gateway's catch-all `{proxy+}`: every unknown path lands here as 404. */
export const handler = createApiHandler(metaRoutes, {
  getOpenApiDocument: async () => {
    const { stage, apiBaseUrl, authBaseUrl } = config();
    document ??= buildOpenApiDocument({ stage, apiBaseUrl, authBaseUrl });
    return { status: 200, body: document, headers: { 'Cache-Control': 'public, max-age=300' } };
  },
});
