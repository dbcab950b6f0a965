import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument, publishedDocumentOptions } from '../shared/openapi/document.ts';

/** `npm run openapi`: writes openapi.json, the production document as partners see it. */
const document = buildOpenApiDocument({
  ...publishedDocumentOptions,
  apiBaseUrl: process.env.API_BASE_URL ?? publishedDocumentOptions.apiBaseUrl,
  authBaseUrl: process.env.AUTH_BASE_URL ?? publishedDocumentOptions.authBaseUrl,
});
await writeFile('openapi.json', `${JSON.stringify(document, null, 2)}\n`);
console.log(`openapi.json: ${Object.keys(document.paths ?? {}).length} paths`);
