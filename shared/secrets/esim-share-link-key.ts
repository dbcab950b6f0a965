import { dataKey } from './data-keys.ts';

/** The HMAC key of travellers' eSIM share links (shared/domain/esim/share-link.ts); v1 is in every token. */
export const esimShareLinkKey = () => dataKey('esimShareLinkKey', 'esim-share-link-v1');
