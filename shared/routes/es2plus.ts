import {
  es2plusHeaders,
  es2plusResponseSchema,
  handleDownloadProgressInfoRequestSchema,
} from '../schemas/es2plus.ts';
import { defineRoute } from './types.ts';

/** The version of SGP.22's ES2+ this service answers as (the `X-Admin-Protocol` of every answer). */
export const es2plusProtocol = 'gsma/rsp/v2.2.0';

/**
 * GSMA SGP.22 ES2+ operations the SM-DP+ calls on {es2plus_url}: mutual TLS against the SM-DP+'s own CA
 * (never the partner CA), no token. Answers are SGP.22's, not problems, once the request is valid.
 */
export const es2plusRoutes = {
  handleDownloadProgressInfo: defineRoute({
    operationId: 'handleDownloadProgressInfo',
    method: 'POST',
    path: '/gsma/rsp2/es2plus/handleDownloadProgressInfo',
    hosts: ['es2plus'],
    group: 'es2plus',
    summary: 'SGP.22 ES2+ HandleDownloadProgressInfo: the SM-DP+ reports a step of a profile (SM-DP+ only)',
    description:
      "Moves the eSIM's `profile` to the state the notification point reports (3 Downloaded, 4 Installed, " +
      '5 Enabled, 6 Disabled, 7 Deleted; only on `Executed-Success`; a late report never moves it back) and ' +
      'sends the partner esim.profile.status_changed. A replayed functionCallIdentifier changes nothing and ' +
      'is answered Executed-Success again. An unknown ICCID is answered `Failed` with subjectCode 8.2.1 ' +
      '(Profile ICCID) and reasonCode 3.9 (Unknown), as SGP.22 answers, with HTTP 200.',
    tags: ['SM-DP+ (ES2+)'],
    auth: null,
    request: { headers: es2plusHeaders, body: handleDownloadProgressInfoRequestSchema },
    responses: {
      200: {
        description: 'The function execution status',
        schema: es2plusResponseSchema,
        headers: { 'X-Admin-Protocol': `${es2plusProtocol}: the SGP.22 version of the answer` },
      },
    },
  }),
} as const;
