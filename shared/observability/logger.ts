import { Logger } from '@aws-lambda-powertools/logger';
import { loggerConfig } from '../config/env.ts';

/**
 * One structured JSON logger per process. Request ids are appended per request; bodies, headers,
 * tokens and secrets are never passed to it.
 */
export const logger = new Logger(loggerConfig());
