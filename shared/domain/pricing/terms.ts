/**
 * A partner contract's billing terms (decisions.md, Prices, billing and statements): every term is
 * optional in the contract form and takes its default here when absent.
 */
export const billingBases = ['per_visit', 'per_pass'] as const;
export type BillingBasis = (typeof billingBases)[number];

export interface BillingTerms {
  /** Off every rack price, 0..100 with at most two decimals. */
  discountPercent: number;
  /** `per_visit`: charged at redemption; `per_pass`: charged at confirm. */
  billingBasis: BillingBasis;
  /** Hours after confirm within which a per_pass cancel costs nothing. */
  freeCancellationHours: number;
  /** Share of the price a per_pass cancel costs after the free window. */
  cancellationFeePercent: number;
  /** Share of the price a per_visit pass that expires unused costs. */
  noShowFeePercent: number;
  /** Days after issue within which an eSIM may be refunded. */
  esimRefundDays: number;
}

export const defaultBillingTerms: Readonly<BillingTerms> = Object.freeze({
  discountPercent: 0,
  billingBasis: 'per_visit',
  freeCancellationHours: 24,
  cancellationFeePercent: 100,
  noShowFeePercent: 0,
  esimRefundDays: 30,
});

/** The terms a booking freezes at create: what its later charges (ledger lines) need, with no read. */
export type ChargeTerms = Pick<
  BillingTerms,
  'billingBasis' | 'freeCancellationHours' | 'cancellationFeePercent' | 'noShowFeePercent'
>;

export function chargeTermsOf(terms: BillingTerms): ChargeTerms {
  return {
    billingBasis: terms.billingBasis,
    freeCancellationHours: terms.freeCancellationHours,
    cancellationFeePercent: terms.cancellationFeePercent,
    noShowFeePercent: terms.noShowFeePercent,
  };
}

/** Upper bounds that keep a mistyped term from meaning "forever". */
export const maxFreeCancellationHours = 8760;
export const maxEsimRefundDays = 3650;

const percentPattern = /^\d{1,3}(?:\.\d{1,2})?$/;

/** A percentage of the terms: 0..100 with at most two decimals (so it converts to an exact fraction). */
export function isTermsPercent(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 100 && percentPattern.test(String(value));
}

export const sameBillingTerms = (a: BillingTerms, b: BillingTerms): boolean =>
  a.discountPercent === b.discountPercent &&
  a.billingBasis === b.billingBasis &&
  a.freeCancellationHours === b.freeCancellationHours &&
  a.cancellationFeePercent === b.cancellationFeePercent &&
  a.noShowFeePercent === b.noShowFeePercent &&
  a.esimRefundDays === b.esimRefundDays;
