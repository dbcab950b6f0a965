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

const here = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = join(here, '..', '..');
const require = createRequire(import.meta.url);

/**
 * Scalar injects its styles at run time, so this page (unlike the console) needs 'unsafe-inline' for
 * styles; scripts stay 'self' only. Nothing else is reachable: connect-src 'self' is the document.
 */
export const referenceContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

interface OpenApiDocument {
  info: { description?: string } & Record<string, unknown>;
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, ErrorResponse> }>>;
  [key: string]: unknown;
}

interface ErrorResponse {
  'x-error-codes'?: string[];
}

/** Operation ids per error code, read from the `x-error-codes` of every documented response. */
function operationsByCode(document: OpenApiDocument): Map<string, string[]> {
  const byCode = new Map<string, string[]>();
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      if (!operation.operationId) continue;
      for (const response of Object.values(operation.responses ?? {})) {
        for (const code of response['x-error-codes'] ?? []) {
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
    <meta http-equiv="Content-Security-Policy" content="${referenceContentSecurityPolicy}" />
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

export async function buildReference(
  outDir: string,
  openapiPath: string = join(repositoryRoot, 'openapi.json'),
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const document = JSON.parse(await readFile(openapiPath, 'utf8')) as OpenApiDocument;
  // The package exports no path to its browser bundle: resolve its entry (dist/index.js) and go from there.
  const scalarBundle = join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
  await Promise.all([
    writeFile(join(outDir, 'index.html'), indexHtml),
    writeFile(join(outDir, 'openapi.json'), `${JSON.stringify(referenceDocument(document), null, 2)}\n`),
    copyFile(scalarBundle, join(outDir, 'scalar.js')),
    copyFile(join(here, 'init.js'), join(outDir, 'init.js')),
    copyFile(join(here, 'reference.css'), join(outDir, 'reference.css')),
    copyFile(join(here, 'accessibility.js'), join(outDir, 'accessibility.js')),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outDir = process.argv[2] ?? join(here, '..', 'dist', 'reference');
  await buildReference(outDir);
  console.log(`API reference written to ${outDir}`);
}
