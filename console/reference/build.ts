/**
 * The API reference: a static page that renders the OpenAPI document with Scalar's self-hosted
 * standalone bundle. Everything it loads comes from its own directory (no CDN, no fonts, no telemetry).
 * `npm run console:build` writes it to console/dist/reference/; tests build it into a temp directory.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCatalog, errorCodes } from '../../shared/domain/errors.ts';
import { referenceContentSecurityPolicy } from '../csp.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = join(here, '..', '..');
const require = createRequire(import.meta.url);

interface OpenApiDocument {
  info: { description?: string } & Record<string, unknown>;
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, ErrorResponse> }>>;
  components?: { responses?: Record<string, ErrorResponse> } & Record<string, unknown>;
  [key: string]: unknown;
}

interface ErrorResponse {
  $ref?: string;
  'x-error-codes'?: string[];
}

/** A response as written, or the `components.responses` entry it references (problem answers are shared there). */
function resolveResponse(document: OpenApiDocument, response: ErrorResponse): ErrorResponse {
  const prefix = '#/components/responses/';
  if (!response.$ref?.startsWith(prefix)) return response;
  const target = document.components?.responses?.[response.$ref.slice(prefix.length)];
  if (!target) throw new Error(`Unresolved reference ${response.$ref}`);
  return target;
}

/** Operation ids per error code, read from the `x-error-codes` of every documented response. */
export function operationsByCode(document: OpenApiDocument): Map<string, string[]> {
  const byCode = new Map<string, string[]>();
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      if (!operation.operationId) continue;
      for (const response of Object.values(operation.responses ?? {})) {
        for (const code of resolveResponse(document, response)['x-error-codes'] ?? []) {
          const list = byCode.get(code) ?? [];
          if (!list.includes(operation.operationId)) list.push(operation.operationId);
          byCode.set(code, list);
        }
      }
    }
  }
  return byCode;
}

/** The "Error codes" chapter of the reference: every code of the catalog with its status. */
export function errorCodesMarkdown(document: OpenApiDocument): string {
  const byCode = operationsByCode(document);
  const rows = errorCodes.map((code) => {
    const operations = byCode.get(code) ?? [];
    const where =
      operations.length === 0
        ? 'not returned by a documented operation yet'
        : operations.length > 6
          ? `${operations.length} operations`
          : operations.map((id) => `\`${id}\``).join(', ');
    return `| \`${code}\` | ${errorCatalog[code].status} | ${where} |`;
  });
  return [
    '## Error codes',
    '',
    'Every error answer is an RFC 9457 problem (`application/problem+json`) with `code`, `title`, `status`,',
    '`instance`, `request_id` (equal to the `X-Request-ID` header) and, where useful, `detail` and `details`.',
    'A `ValidationError` lists each problem in `details.errors` as `{path, message}`, the path starting with',
    '`body.`, `query.`, `path.` or `headers.`. A client that meets a code it does not know can rely on `status`.',
    '',
    '| Code | HTTP status | Returned by |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

export function referenceDocument(document: OpenApiDocument): OpenApiDocument {
  const description = [document.info.description ?? '', errorCodesMarkdown(document)]
    .filter(Boolean)
    .join('\n\n');
  return { ...document, info: { ...document.info, description } };
}

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="${referenceContentSecurityPolicy('meta')}" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>Partner Travel Services API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="./reference.css" />
  </head>
  <body>
    <div id="app"></div>
    <script src="./scalar.js"></script>
    <script src="./init.js"></script>
    <script src="./accessibility.js"></script>
  </body>
</html>
`;

/** Scalar's self-hosted standalone bundle; the package exports no path to it, so go from its entry. */
function scalarBundlePath(): string {
  return join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
}

const pageFiles = ['init.js', 'reference.css', 'accessibility.js'] as const;

/** Every file a reference build is made of, so a build can tell whether it is still current. */
export function referenceInputs(openapiPath: string = join(repositoryRoot, 'openapi.json')): string[] {
  return [
    openapiPath,
    scalarBundlePath(),
    fileURLToPath(import.meta.url),
    join(here, '..', 'csp.ts'),
    join(repositoryRoot, 'shared', 'domain', 'errors.ts'),
    ...pageFiles.map((name) => join(here, name)),
  ];
}

export async function buildReference(
  outDir: string,
  openapiPath: string = join(repositoryRoot, 'openapi.json'),
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const document = JSON.parse(await readFile(openapiPath, 'utf8')) as OpenApiDocument;
  await Promise.all([
    writeFile(join(outDir, 'index.html'), indexHtml),
    writeFile(join(outDir, 'openapi.json'), `${JSON.stringify(referenceDocument(document), null, 2)}\n`),
    copyFile(scalarBundlePath(), join(outDir, 'scalar.js')),
    ...pageFiles.map((name) => copyFile(join(here, name), join(outDir, name))),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outDir = process.argv[2] ?? join(here, '..', 'dist', 'reference');
  await buildReference(outDir);
  console.log(`API reference written to ${outDir}`);
}
