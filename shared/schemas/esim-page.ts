import { packageStatuses } from '../domain/esim/model.ts';
import { timestamp } from './common.ts';
import * as z from './zod.ts';

/**
 * The share link's token (shared/domain/esim/share-link.ts), bounded only: a token of the wrong shape
 * is answered as a tampered one (404), so the page tells the traveller one thing for both.
 */
export const esimPageParams = z.strictObject({
  token: z.string().check(z.maxLength(1024)),
});

const stepsByLanguage = z.object({ 'en-US': z.array(z.string()), 'ru-RU': z.array(z.string()) });

/** What the traveller's eSIM page shows, and nothing more (docs/esim.md, Install help). */
export const esimPageSchema = z
  .object({
    partner_name: z.string(),
    lpa: z.string(),
    install_urls: z.object({ ios: z.url(), android: z.url() }),
    manual: z.object({ smdp_address: z.string(), activation_code: z.string() }),
    steps: z.object({ ios: stepsByLanguage, android: stepsByLanguage }),
    packages: z.array(
      z.object({
        status: z.enum(packageStatuses),
        data_mb: z.number(),
        remaining_mb: z.number(),
        expires_at: timestamp,
      }),
    ),
    expires_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'EsimPage' });
