import { writeFile } from 'node:fs/promises';
import { buildOpenApiDocument } from '../shared/openapi/document.ts';

/** `npm run openapi`: writes openapi.json for the production stage, as partners see it. */
const apiBaseUrl = process.env.API_BASE_URL ?? 'https://api.partner-travel.example';
const authBaseUrl = process.env.AUTH_BASE_URL ?? 'https://auth.partner-travel.example';
const document = buildOpenApiDocument({ stage: 'prod', apiBaseUrl, authBaseUrl });
await writeFile('openapi.json', `${JSON.stringify(document, null, 2)}\n`);
console.log(`openapi.json: ${Object.keys(document.paths ?? {}).length} paths`);
