import { config } from '../../shared/config/env.ts';
import { createApiHandler } from '../../shared/http/pipeline/index.ts';
import type { buildOpenApiDocument } from '../../shared/openapi/document.ts';
import { metaRoutes } from '../../shared/routes/meta.ts';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/**
 * The OpenAPI document, and API Gateway's catch-all `{proxy+}`: every unknown path lands here as 404.
 * The document needs the whole route table and zod-openapi; both load on its first request, so the
 * 404s this function mostly serves do not pay for them at cold start.
 */
export const handler = createApiHandler(metaRoutes, {
  getOpenApiDocument: async () => {
    if (!document) {
      const { buildOpenApiDocument } = await import('../../shared/openapi/document.ts');
      const { stage, apiBaseUrl, authBaseUrl, adminBaseUrl, venueBaseUrl } = config();
      document = buildOpenApiDocument({ stage, apiBaseUrl, authBaseUrl, adminBaseUrl, venueBaseUrl });
    }
    return { status: 200, body: document, headers: { 'Cache-Control': 'public, max-age=300' } };
  },
});
