import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../shared/openapi/document.ts';
import { routeList } from '../../../shared/routes/index.ts';

const options = { apiBaseUrl: 'https://api.test', authBaseUrl: 'https://auth.test' };

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per route of the table', () => {
    const document = buildOpenApiDocument({ ...options, stage: 'stage' });
    const operationIds = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map(
        (operation) => operation.operationId,
      ),
    );

    expect(document.openapi).toBe('3.1.0');
    expect(operationIds.sort()).toEqual(routeList.map((route) => route.operationId).sort());
  });

  it('leaves sandbox operations out of the production document', () => {
    const sandbox = routeList.filter((route) => route.sandboxOnly).map((route) => route.path);
    const paths = Object.keys(buildOpenApiDocument({ ...options, stage: 'prod' }).paths ?? {});

    for (const path of sandbox) expect(paths).not.toContain(path);
  });

  it('documents the scope of every protected operation and the idempotency header of creates', () => {
    const document = buildOpenApiDocument({ ...options, stage: 'stage' });
    for (const route of routeList) {
      const operation = (document.paths?.[route.path] as Record<string, Record<string, unknown>>)[
        route.method.toLowerCase()
      ];
      if (route.auth) {
        const accepted = [route.auth.scope, ...(route.auth.alternatives ?? [])];
        expect(operation?.security).toEqual(
          accepted.map((scope) => ({ mutualTLS: [], partnerToken: [scope] })),
        );
      }
      if (route.idempotency === 'required') {
        const parameters = operation?.parameters as { name: string; required?: boolean }[];
        expect(parameters.find((parameter) => parameter.name === 'Idempotency-Key')?.required).toBe(true);
      }
    }
  });
});
