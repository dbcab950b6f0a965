import type { Contract, ContractSelection } from '../../api/types.ts';

export const contractParts = [
  { key: 'lounges', label: 'Lounges' },
  { key: 'fast_tracks', label: 'Fast-tracks' },
  { key: 'tariffs', label: 'eSIM tariffs' },
] as const satisfies readonly { key: keyof Contract; label: string }[];

/** The form's view of one selection: everything, or the listed ids (one per line). */
export interface SelectionDraft {
  all: boolean;
  ids: string;
}

export function selectionToDraft(selection: ContractSelection | undefined): SelectionDraft {
  if (selection === undefined) return { all: false, ids: '' };
  return selection === 'all' ? { all: true, ids: '' } : { all: false, ids: selection.join('\n') };
}

export function draftToSelection(draft: SelectionDraft): ContractSelection {
  if (draft.all) return 'all';
  return [...new Set(draft.ids.split(/[\s,;]+/).filter(Boolean))];
}

export function contractFromDrafts(drafts: Record<keyof Contract, SelectionDraft>): Contract {
  return {
    lounges: draftToSelection(drafts.lounges),
    fast_tracks: draftToSelection(drafts.fast_tracks),
    tariffs: draftToSelection(drafts.tariffs),
  };
}
