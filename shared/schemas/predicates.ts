/**
 * The predicates our field refinements test, each from a module without zod. A parser generated at
 * build time (infra/constructs/compiled-routes.ts) imports a refinement's predicate from here by
 * name, so a refined value is accepted without zod; a predicate not listed here sends its part to zod.
 */
export {
  fitsE164,
  hasCallingCodeWithPhone,
  hasOneLeadGuest,
  hasPhoneWithCallingCode,
} from '../domain/booking/request-rules.ts';
export { hubMetaMatchesKind, isIanaTimeZone } from '../domain/catalog/rules.ts';
export {
  listsEachOnce,
  loungeFormHolds,
  serviceFormHolds,
  tariffFormHolds,
} from '../domain/catalog-admin/form-rules.ts';
export { isIccid } from '../domain/esim/iccid.ts';
export { isWebhookUrlShape } from '../domain/webhooks/url-shape.ts';
