import type { Contract, ContractInput, ContractSelection } from '../../api/types.ts';

type ScopeKey = 'lounges' | 'fast_tracks' | 'tariffs';

export const contractParts = [
  { key: 'lounges', label: 'Lounges' },
  { key: 'fast_tracks', label: 'Fast-tracks' },
  { key: 'tariffs', label: 'eSIM tariffs' },
] as const satisfies readonly { key: ScopeKey; label: string }[];

type TermKey = Exclude<keyof ContractInput, ScopeKey>;

/** The contract's billing terms (docs/billing.md): numbers, except the billing basis. */
export const termParts = [
  { key: 'discount_percent', label: 'Discount (%)', hint: '0 to 100, off every rack price' },
  { key: 'free_cancellation_hours', label: 'Free cancellation (hours)', hint: 'per_pass: after confirm' },
  { key: 'cancellation_fee_percent', label: 'Cancellation fee (%)', hint: 'per_pass: after the free window' },
  { key: 'no_show_fee_percent', label: 'No-show fee (%)', hint: 'per_visit: a pass expiring unused' },
  { key: 'esim_refund_days', label: 'eSIM refund (days)', hint: 'after issue' },
] as const satisfies readonly { key: Exclude<TermKey, 'billing_basis'>; label: string; hint: string }[];

export const billingBases = ['per_visit', 'per_pass'] as const;

/** The form's view of one selection: everything, or the listed ids (one per line). */
export interface SelectionDraft {
  all: boolean;
  ids: string;
}

/** The form's view of the terms: each as typed; a blank one is left out (its default applies). */
export type TermDrafts = Record<TermKey, string>;

export function selectionToDraft(selection: ContractSelection | undefined): SelectionDraft {
  if (selection === undefined) return { all: false, ids: '' };
  return selection === 'all' ? { all: true, ids: '' } : { all: false, ids: selection.join('\n') };
}

export function draftToSelection(draft: SelectionDraft): ContractSelection {
  if (draft.all) return 'all';
  return [...new Set(draft.ids.split(/[\s,;]+/).filter(Boolean))];
}

export function termsToDrafts(contract: Contract | undefined): TermDrafts {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    discount_percent: text(contract?.discount_percent),
    billing_basis: contract?.billing_basis ?? '',
    free_cancellation_hours: text(contract?.free_cancellation_hours),
    cancellation_fee_percent: text(contract?.cancellation_fee_percent),
    no_show_fee_percent: text(contract?.no_show_fee_percent),
    esim_refund_days: text(contract?.esim_refund_days),
  };
}

/**
 * A number as typed; what is not a number is sent as typed, so the API's 422 names the field.
 * The cast is the one place the form hands the API a value its type does not promise.
 */
function termValue(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return (trimmed !== '' && Number.isFinite(value) ? value : trimmed) as number;
}

export function contractFromDrafts(
  drafts: Record<ScopeKey, SelectionDraft>,
  terms: TermDrafts = termsToDrafts(undefined),
): ContractInput {
  const contract: ContractInput = {
    lounges: draftToSelection(drafts.lounges),
    fast_tracks: draftToSelection(drafts.fast_tracks),
    tariffs: draftToSelection(drafts.tariffs),
  };
  for (const { key } of termParts) {
    if (terms[key].trim() !== '') contract[key] = termValue(terms[key]);
  }
  if (terms.billing_basis !== '')
    contract.billing_basis = terms.billing_basis as (typeof billingBases)[number];
  return contract;
}
