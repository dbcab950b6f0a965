import { config } from '../config/env.ts';
import { type ShareLinkOf, shareLinks } from '../domain/esim/share-link.ts';
import { dataKey } from './data-keys.ts';

/** The HMAC key of travellers' eSIM share links (shared/domain/esim/share-link.ts); v1 is in every token. */
export const esimShareLinkKey = () => dataKey('esimShareLinkKey', 'esim-share-link-v1');

/** Share links of this stage's page ({esim_page_url}); none (share_url null) where the stage has no page. */
export async function esimShareLinks(): Promise<ShareLinkOf> {
  const { esimPageUrl } = config();
  return shareLinks(esimPageUrl ? { key: await esimShareLinkKey(), esimPageUrl } : undefined);
}
