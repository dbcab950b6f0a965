import { beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, openApiLinter } from '../../../scripts/openapi-lint.ts';
import { buildOpenApiDocument, publishedDocumentOptions } from '../../../shared/openapi/document.ts';

/*
 * Partners run public linters on the document before they generate a client: Spectral's `spectral:oas`
 * and Redocly's `recommended` rules, as configured in .spectral.yaml and redocly.yaml. The committed
 * openapi.json (prod) and the stage document (with the sandbox operations) pass both with no error and
 * no warning. Built-in rulesets only: the linters fetch nothing.
 */
let lint: Awaited<ReturnType<typeof openApiLinter>>;
beforeAll(async () => {
  lint = await openApiLinter();
});

describe('the OpenAPI documents under Spectral and Redocly', () => {
  it('report what they find: both rulesets are loaded', async () => {
    const flawed = {
      openapi: '3.1.0',
      info: { title: 'Flawed', version: '1' },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            tags: ['Things'],
            security: [{ token: ['things:read'] }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
      components: {
        securitySchemes: {
          token: {
            type: 'oauth2',
            flows: { clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: {} } },
          },
        },
      },
    };
    const rules = (await lint(JSON.stringify(flawed, null, 2), 'flawed.json')).map(
      (finding) => `${finding.linter} ${finding.rule}`,
    );

    expect(rules).toEqual(
      expect.arrayContaining([
        'spectral operation-tag-defined',
        'spectral oas3-operation-security-defined',
        'redocly security-scopes-defined',
        'redocly info-license',
      ]),
    );
  });

  // About 3 s a document on an idle machine (Spectral resolving every $ref of a 1 MB document), several
  // times that when the CPUs are shared.
  it.each(['prod', 'stage'] as const)(
    'the %s document has no error and no warning',
    async (stage) => {
      const document = buildOpenApiDocument({ ...publishedDocumentOptions, stage });
      const source = `openapi.${stage}.json`;
      const findings = await lint(JSON.stringify(document, null, 2), source);

      expect(formatFindings(source, findings)).toBe('');
    },
    90_000,
  );
});
