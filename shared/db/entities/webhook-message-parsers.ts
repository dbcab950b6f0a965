import { schemaParser } from '../../schemas/compiled.ts';
import type { EventImage, RecoveryJobImage } from './webhook-message-stored.ts';

const schemas = () => import('./webhook-message-stored.ts');

/**
 * The event and the recovery job a webhook queue message carries, checked as the dispatcher reads
 * them. In a function's bundle this module is generated with their compiled parsers
 * (infra/constructs/compiled-routes.ts): a delivery loads no zod unless a message breaks its schema.
 */
export const eventImageParser = schemaParser<EventImage>(async () => (await schemas()).eventImageSchema);
export const recoveryJobImageParser = schemaParser<RecoveryJobImage>(
  async () => (await schemas()).recoveryJobImageSchema,
);
