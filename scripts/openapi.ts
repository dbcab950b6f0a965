import { writeFile } from 'node:fs/promises';
import { documentUrlOverrides } from '../infra/local/config.ts';
import { buildOpenApiDocument, publishedDocumentOptions } from '../shared/openapi/document.ts';

/** `npm run openapi`: writes openapi.json, the production document as partners see it. */
const overrides = documentUrlOverrides();
const document = buildOpenApiDocument({
  ...publishedDocumentOptions,
  apiBaseUrl: overrides.apiBaseUrl ?? publishedDocumentOptions.apiBaseUrl,
  authBaseUrl: overrides.authBaseUrl ?? publishedDocumentOptions.authBaseUrl,
  adminBaseUrl: overrides.adminBaseUrl ?? publishedDocumentOptions.adminBaseUrl,
  venueBaseUrl: overrides.venueBaseUrl ?? publishedDocumentOptions.venueBaseUrl,
});
await writeFile('openapi.json', `${JSON.stringify(document, null, 2)}\n`);
console.log(`openapi.json: ${Object.keys(document.paths ?? {}).length} paths`);
