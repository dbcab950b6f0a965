import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger per process. Request ids are appended per request; bodies, headers,
 * tokens and secrets are never passed to it.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'partner-travel-services',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
