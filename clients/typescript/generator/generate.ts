/**
 * `npm run client`: regenerates the client's types (src/schema.d.ts) from the OpenAPI document.
 * openapi-typescript runs here, beside its own TypeScript 5 (this package's node_modules), because the
 * project's TypeScript 7 has no compiler API.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

const header = `/**
 * Generated from openapi.json by \`npm run client\` (openapi-typescript). Do not edit by hand:
 * a unit test fails when this file differs from what the current document generates.
 */

`;

export async function generateSchemaTypes(openapiPath: string): Promise<string> {
  const document = JSON.parse(await readFile(openapiPath, 'utf8')) as OpenAPI3;
  const ast = await openapiTS(document, {
    // A field with a default is always present in what the service sends.
    defaultNonNullable: true,
    exportType: false,
    alphabetize: false,
    // A free-form `details` stays `unknown` per key rather than widening whole records to `any`.
    emptyObjectsUnknown: true,
  });
  return header + astToString(ast);
}

export const defaultPaths = {
  openapi: fileURLToPath(new URL('../../../openapi.json', import.meta.url)),
  output: fileURLToPath(new URL('../src/schema.d.ts', import.meta.url)),
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const output = process.argv[2] ?? defaultPaths.output;
  await writeFile(output, await generateSchemaTypes(defaultPaths.openapi));
  console.log(`client types written to ${output}`);
}
