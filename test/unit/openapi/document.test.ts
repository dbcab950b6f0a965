import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, publishedDocumentOptions } from '../../../shared/openapi/document.ts';
import { routeList } from '../../../shared/routes/index.ts';
import { defineRoute } from '../../../shared/routes/types.ts';
import {
  applicationScopes,
  employeeOnlyScopes,
  identityScopes,
  venueDeviceScopes,
} from '../../../shared/vocabulary/scopes.ts';

const options = {
  apiBaseUrl: 'https://api.test',
  authBaseUrl: 'https://auth.test',
  adminBaseUrl: 'https://admin.test',
  venueBaseUrl: 'https://venue.test',
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per route of the table', () => {
    const document = buildOpenApiDocument({ ...options, stage: 'stage' });
    const operationIds = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map(
        (operation) => operation.operationId,
      ),
    );

    expect(document.openapi).toBe('3.1.0');
    // ES2+ is the SM-DP+'s, not a partner's: it stays out of the document.
    const documented = routeList.filter(
      (route) => !route.hosts.every((host) => host === 'es2plus' || host === 'esim-page'),
    );
    expect(operationIds.sort()).toEqual(documented.map((route) => route.operationId).sort());
  });

  it('leaves sandbox operations out of the production document', () => {
    const sandbox = routeList.filter((route) => route.sandboxOnly).map((route) => route.path);
    const paths = Object.keys(buildOpenApiDocument({ ...options, stage: 'prod' }).paths ?? {});

    for (const path of sandbox) expect(paths).not.toContain(path);
  });

  it('documents the scope of every protected operation and the idempotency header of creates', () => {
    const document = buildOpenApiDocument({ ...options, stage: 'stage' });
    const paths = document.paths ?? {};
    const sharedParameters = (document.components?.parameters ?? {}) as Record<string, unknown>;
    const resolved = (parameter: { $ref?: string }) =>
      (parameter.$ref
        ? sharedParameters[parameter.$ref.replace('#/components/parameters/', '')]
        : parameter) as {
        name: string;
        required?: boolean;
      };
    for (const route of routeList.filter((candidate) => candidate.auth || candidate.idempotency)) {
      const item = paths[route.path] as Record<string, Record<string, unknown>>;
      const operation = item[route.method.toLowerCase()];
      if (route.auth) {
        const employeesOnly = route.hosts.every((host) => host === 'admin');
        const devicesOnly = route.hosts.every((host) => host === 'venue');
        // Only the scopes the route's kind of token can carry: its security scheme declares no other.
        const carried: readonly string[] = devicesOnly
          ? venueDeviceScopes
          : employeesOnly
            ? [...identityScopes, ...employeeOnlyScopes]
            : applicationScopes;
        const accepted = [route.auth.scope, ...(route.auth.alternatives ?? [])].filter((scope) =>
          carried.includes(scope),
        );
        expect(accepted.length, route.operationId).toBeGreaterThan(0);
        expect(operation?.security, route.operationId).toEqual(
          accepted.map((scope) =>
            devicesOnly
              ? { deviceToken: [scope] }
              : employeesOnly
                ? { employeeToken: [scope] }
                : { mutualTLS: [], partnerToken: [scope] },
          ),
        );
      }
      if (route.idempotency === 'required') {
        const parameters = ((operation?.parameters ?? []) as { $ref?: string }[]).map(resolved);
        expect(parameters.find((parameter) => parameter.name === 'Idempotency-Key')?.required).toBe(true);
      }
    }
  });

  it('serves each operation from its hosts: the admin API for employees, the auth host for the login', () => {
    const paths = buildOpenApiDocument({ ...options, stage: 'stage' }).paths ?? {};
    const serversOf = (path: string, method: string) =>
      (paths[path] as Record<string, { servers: { url: string }[] }>)[method]?.servers;

    expect(serversOf('/api/v1/admin/accounts', 'get')).toEqual([{ url: options.adminBaseUrl }]);
    expect(serversOf('/v2/admin/accounts', 'get')).toEqual([{ url: options.apiBaseUrl }]);
    expect(serversOf('/api/v1/auth/idp/login', 'get')).toEqual([{ url: options.authBaseUrl }]);
  });

  it('documents the employee login as the authorization code flow of the employee token', () => {
    const document = buildOpenApiDocument({ ...options, stage: 'stage' });
    const schemes = document.components?.securitySchemes as Record<
      string,
      { flows: { authorizationCode?: { authorizationUrl: string; tokenUrl: string } } }
    >;

    expect(schemes.employeeToken?.flows.authorizationCode).toMatchObject({
      authorizationUrl: 'https://auth.test/api/v1/auth/idp/login',
      tokenUrl: 'https://auth.test/oauth/v2/token',
    });
  });
});

describe('the catalog administration operations', () => {
  it('serve on the admin host, and the image upload takes the raw file of each image type', () => {
    const paths = buildOpenApiDocument({ ...options, stage: 'prod' }).paths ?? {};
    const upload =
      (paths['/api/v1/admin/catalog/images'] as Record<string, Record<string, unknown>>).post ?? {};
    const content = (upload.requestBody as { content: Record<string, { schema: unknown }> }).content;

    expect(upload.servers).toEqual([{ url: 'https://admin.test' }]);
    expect(Object.keys(content)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(content['image/png']?.schema).toEqual({ type: 'string', format: 'binary' });
  });
});

describe('the OpenAPI webhooks section', () => {
  it('describes one notification per event type, signed with both signature headers', () => {
    const webhooks = buildOpenApiDocument({ ...options, stage: 'prod' }).webhooks ?? {};
    const ping = (webhooks['webhook.ping'] as { post: { parameters: { name: string }[] } }).post;

    expect(Object.keys(webhooks)).toContain('booking.status.changed');
    expect(Object.keys(webhooks)).toContain('pass.status.changed');
    expect(ping.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['X-Webhook-Signature', 'webhook-signature']),
    );
  });
});

describe('what the OpenAPI document tells its readers', () => {
  const documents = (['prod', 'stage'] as const).map((stage) => buildOpenApiDocument({ ...options, stage }));

  it('never points at a file of the repository: partners read it without one', () => {
    for (const document of documents) {
      expect(JSON.stringify(document).match(/[\w./-]*\b(docs\/|[\w-]+\.md\b)[\w./-]*/g) ?? []).toEqual([]);
    }
  });

  it('documents the 429 of every metered operation with Retry-After, RateLimit-Policy and RateLimit', () => {
    type Response = { $ref?: string; headers?: Record<string, { $ref?: string }> };
    const metered = routeList.filter(
      (route) => route.auth && route.hosts.includes('api') && !route.sandboxOnly,
    );
    const [document] = documents;
    const paths = (document?.paths ?? {}) as Record<
      string,
      Record<string, { responses: Record<string, Response> }>
    >;
    const responses = (document?.components?.responses ?? {}) as Record<string, Response>;

    expect(metered.length).toBeGreaterThan(50);
    for (const route of metered) {
      const answer = paths[route.path]?.[route.method.toLowerCase()]?.responses['429'];
      const tooMany = responses[answer?.$ref?.replace('#/components/responses/', '') ?? ''];
      expect(Object.keys(tooMany?.headers ?? {}), route.operationId).toEqual(
        expect.arrayContaining(['Retry-After', 'RateLimit-Policy', 'RateLimit']),
      );
      expect(tooMany?.headers?.['Retry-After']?.$ref).toBe('#/components/headers/Retry-After');
      expect(tooMany?.headers?.['RateLimit-Policy']?.$ref).toBe('#/components/headers/RateLimit-Policy');
    }
  });
});

describe('the committed openapi.json', () => {
  it('is the document the route table produces today (run `npm run openapi` after changing a route)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8'));

    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(publishedDocumentOptions))));
  });
});

describe('the shared parts of the OpenAPI document', () => {
  type Header = { $ref?: string; required?: boolean; description?: string };
  type Response = { $ref?: string; headers?: Record<string, Header>; 'x-error-codes'?: string[] };
  const document = buildOpenApiDocument({ ...options, stage: 'prod' });
  const responsesOf = () =>
    Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { responses: Record<string, Response> }>).flatMap((operation) =>
        Object.values(operation.responses),
      ),
    );
  const components = document.components as {
    headers: Record<string, Header>;
    responses: Record<string, Response>;
  };

  it('answers every problem through one components.responses entry that lists its codes', () => {
    const problems = responsesOf().filter((response) => response.$ref?.startsWith('#/components/responses/'));
    const inlineProblems = responsesOf().filter((response) => response['x-error-codes']);

    expect(problems.length).toBeGreaterThan(500);
    expect(inlineProblems).toEqual([]);
    for (const { $ref } of problems) {
      const shared = components.responses[$ref?.replace('#/components/responses/', '') ?? ''];
      expect(shared?.['x-error-codes']?.length, $ref).toBeGreaterThan(0);
    }
  });

  it('references the shared response headers from components.headers', () => {
    const headers = [
      ...responsesOf().filter((response) => !response.$ref),
      ...Object.values(components.responses),
    ].flatMap((response) => Object.entries(response.headers ?? {}));
    const shared = [
      'X-Request-ID',
      'RateLimit-Policy',
      'Retry-After',
      'Allow',
      'Idempotency-Key',
      'Idempotency-Status',
    ];

    expect(Object.keys(components.headers).sort()).toEqual([...shared].sort());
    // A route's own header of the same name (a token endpoint's Retry-After) says something else.
    const copies = headers.filter(
      ([name, header]) => !header.$ref && header.description === components.headers[name]?.description,
    );
    const references = headers.filter(([, header]) => header.$ref);

    expect(copies.map(([name]) => name)).toEqual([]);
    expect(references.length).toBeGreaterThan(100);
    for (const [name, header] of references) expect(header.$ref).toBe(`#/components/headers/${name}`);
  });

  it('keeps RateLimit inline and optional: it is left out when the daily count could not be read in time', () => {
    const rateLimits = responsesOf()
      .flatMap((response) => Object.entries(response.headers ?? {}))
      .filter(([name]) => name === 'RateLimit')
      .map(([, header]) => header);

    expect(rateLimits.length).toBeGreaterThan(50);
    for (const header of rateLimits) {
      expect(header.$ref).toBeUndefined();
      expect(header.required).toBeUndefined();
      expect(header.description).toContain('"daily";r=<remaining>;t=<seconds to 00:00 UTC>');
      expect(header.description).toContain('100 ms');
    }
  });

  it('keeps the committed openapi.json under 1 MiB', () => {
    const bytes = readFileSync(new URL('../../../openapi.json', import.meta.url)).byteLength;

    expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('marks a deprecated operation and documents its Deprecation, Sunset and Link headers, errors included', () => {
    // A fixture route: no route of the table is deprecated today.
    const oldThing = defineRoute({
      operationId: 'getOldThing',
      method: 'GET',
      path: '/v2/b2b/old-things',
      hosts: ['api'],
      group: 'meta',
      summary: 'test',
      tags: [],
      auth: { scope: 'webhooks' },
      deprecated: { since: '2026-12-01', sunset: '2027-06-01', link: 'https://docs.test/changelog#old' },
      responses: { 200: { description: 'ok' } },
    });
    type Response = { headers?: object; $ref?: string };
    const document = buildOpenApiDocument({ ...options, stage: 'stage' }, [oldThing]);
    const item = document.paths?.['/v2/b2b/old-things'] as
      | Record<string, { deprecated?: boolean; responses: Record<string, Response> }>
      | undefined;
    const operation = item?.get ?? { responses: {} };
    const components = (document.components?.responses ?? {}) as Record<string, Response>;
    const headersOf = (status: string) => {
      const response = operation.responses[status];
      const ref = response?.$ref?.split('/').at(-1);
      return Object.keys((ref ? components[ref] : response)?.headers ?? {});
    };

    expect(operation.deprecated).toBe(true);
    for (const status of ['200', '401', '429']) {
      expect(headersOf(status)).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    }
    const current = buildOpenApiDocument({ ...options, stage: 'stage' }).paths?.[
      '/v2/b2b/webhooks'
    ] as Record<string, { deprecated?: boolean }>;
    expect(current.post?.deprecated).toBeUndefined();
  });
});
