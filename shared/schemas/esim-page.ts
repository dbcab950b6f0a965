import { packageStatuses } from '../domain/esim/model.ts';
import { timestamp } from './common.ts';
import * as z from './zod.ts';

/** The share link's token (shared/domain/esim/share-link.ts): two base64url parts, bounded. */
export const esimPageParams = z.strictObject({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,512}\.[A-Za-z0-9_-]{1,64}$/)),
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
