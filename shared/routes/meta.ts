import * as z from '../schemas/zod.ts';
import { defineRoute } from './types.ts';

export const metaRoutes = {
  getOpenApiDocument: defineRoute({
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/v2/openapi.json',
    hosts: ['api'],
    group: 'meta',
    summary: 'This API described as OpenAPI 3.1',
    tags: ['Meta'],
    auth: null,
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  }),
} as const;
