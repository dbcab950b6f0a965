import { esimProfileSimulationRequestSchema } from '../schemas/es2plus.ts';
import { esimPackageSchema, esimSchema, esimUsageRequestSchema } from '../schemas/esim.ts';
import { defineRoute } from './types.ts';

export const esimSandboxRoutes = {
  simulateEsimUsage: defineRoute({
    operationId: 'simulateEsimUsage',
    method: 'POST',
    path: '/v2/b2b/sandbox/esim-usage',
    hosts: ['api'],
    group: 'sandbox',
    sandboxOnly: true,
    summary: 'Simulate data usage on an eSIM (local, preview and stage only)',
    description:
      "Adds `used_mb` to the eSIM's current package (the Active one, else the oldest NotActive one, which the " +
      'usage activates: activated_at = now, expires_at = now + active_period days) and answers that package. ' +
      'Usage beyond its remaining data is dropped, not carried to the next package. At each of your usage ' +
      'thresholds (GET /v2/b2b/settings/esim; 80 % by default) esim.package.usage_threshold_reached follows, at ' +
      '100 % esim.package.exhausted (each once per package and threshold). ' +
      'An eSIM with no package left to use is 422 naming `iccid`. Not deployed in production, where the path ' +
      'answers 404.',
    tags: ['Sandbox'],
    auth: { scope: 'esim:write' },
    request: { body: esimUsageRequestSchema },
    responses: { 200: { description: 'The package the usage went to', schema: esimPackageSchema } },
    errors: ['EsimNotFound', 'ResourceNotFound', 'EsimInvalidState'],
  }),
  simulateEsimProfile: defineRoute({
    operationId: 'simulateEsimProfile',
    method: 'POST',
    path: '/v2/b2b/sandbox/esim-profile',
    hosts: ['api'],
    group: 'sandbox',
    sandboxOnly: true,
    summary: "Simulate the SM-DP+ reporting the eSIM profile's state (local, preview and stage only)",
    description:
      'Has a simulated SM-DP+ report `state` for your eSIM as GSMA SGP.22 ES2+ HandleDownloadProgressInfo ' +
      '(on the local stage over mutual TLS with its own certificate) and answers the eSIM with its `profile`. ' +
      'A state that moves the profile sends esim.profile.status_changed; a late state (Downloaded after ' +
      'Installed) or anything after Deleted changes nothing. Not deployed in production, where the path answers 404.',
    tags: ['Sandbox'],
    auth: { scope: 'esim:write' },
    request: { body: esimProfileSimulationRequestSchema },
    responses: { 200: { description: 'The eSIM after the report', schema: esimSchema } },
    errors: ['EsimNotFound', 'ResourceNotFound'],
  }),
} as const;
