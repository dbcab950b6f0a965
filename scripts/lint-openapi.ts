import { readFile } from 'node:fs/promises';
import { formatFindings, openApiLinter } from './openapi-lint.ts';

/** `npm run lint:openapi`: Spectral (`spectral:oas`) and Redocly (`recommended`) on every document `npm run openapi` writes; fails on any error or warning. */
const documents = ['openapi.json'];
const lint = await openApiLinter();
let failed = false;
for (const source of documents) {
  const findings = await lint(await readFile(source, 'utf8'), source);
  if (findings.length > 0) {
    failed = true;
    console.error(formatFindings(source, findings));
  }
  console.log(
    `${source}: ${findings.length} errors and warnings (Spectral spectral:oas, Redocly recommended)`,
  );
}
if (failed) process.exitCode = 1;
