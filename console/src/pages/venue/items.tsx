import { useMemo, useState } from 'preact/hooks';
import type { AdminApi } from '../../api/admin.ts';
import type { CatalogKind, VenueItemsInput } from '../../api/types.ts';
import { displayName, isActive } from '../../catalog/kinds.ts';
import { useConsole } from '../../context.ts';
import { useAsync } from '../../ui/hooks.ts';
import { matchesSearch } from '../search.ts';
import { type CatalogChoice, choicesWithSelected, toggled } from './item-selection.ts';

export type VenueItemKey = keyof VenueItemsInput;

export interface VenueCatalog {
  lounges: CatalogChoice[];
  fast_tracks: CatalogChoice[];
}

export const venueItemParts = [
  { key: 'lounges', kind: 'lounges', label: 'Lounges', singular: 'lounge' },
  { key: 'fast_tracks', kind: 'fast-tracks', label: 'Fast-tracks', singular: 'fast-track' },
] as const satisfies readonly { key: VenueItemKey; kind: CatalogKind; label: string; singular: string }[];

async function everyItemOf(api: AdminApi, kind: CatalogKind): Promise<CatalogChoice[]> {
  const choices: CatalogChoice[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.listCatalogItems(kind, { limit: 200, cursor });
    for (const item of page.data) {
      choices.push({
        id: String(item.id),
        name: displayName(item) || String(item.id),
        active: isActive(item),
      });
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return choices.sort((a, b) => a.name.localeCompare(b.name));
}

/** The catalog's lounges and lanes (catalog administration's list, every page), to pick and to name ids. */
export function useVenueCatalog() {
  const { api } = useConsole();
  return useAsync(async (): Promise<VenueCatalog> => {
    const [lounges, fastTracks] = await Promise.all([
      everyItemOf(api, 'lounges'),
      everyItemOf(api, 'fast-tracks'),
    ]);
    return { lounges, fast_tracks: fastTracks };
  }, [api]);
}

/** An item's name in the catalog, else its id (an item the catalog list no longer has). */
export function itemName(choices: readonly CatalogChoice[] | undefined, id: string): string {
  return choices?.find((choice) => choice.id === id)?.name ?? id;
}

/** The lounges and fast-tracks of a venue as two groups of checkboxes, each with a search. */
export function VenueItemsFields({
  idPrefix,
  catalog,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  catalog: VenueCatalog;
  value: VenueItemsInput;
  onChange: (value: VenueItemsInput) => void;
  errors: ReadonlyMap<string, string[]>;
}) {
  return (
    <>
      {venueItemParts.map((part) => (
        <ItemChecklist
          key={part.key}
          id={`${idPrefix}-${part.key}`}
          label={part.label}
          choices={catalog[part.key]}
          selected={value[part.key]}
          errors={errors.get(part.key)}
          onChange={(selected) => onChange({ ...value, [part.key]: selected })}
        />
      ))}
    </>
  );
}

function ItemChecklist({
  id,
  label,
  choices,
  selected,
  errors,
  onChange,
}: {
  id: string;
  label: string;
  choices: readonly CatalogChoice[];
  selected: readonly string[];
  errors: readonly string[] | undefined;
  onChange: (selected: string[]) => void;
}) {
  const { canWrite } = useConsole();
  const [search, setSearch] = useState('');
  const all = useMemo(() => choicesWithSelected(choices, selected), [choices, selected]);
  const visible = all.filter((choice) => matchesSearch(search, [choice.name, choice.id]));
  const chosen = new Set(selected);

  return (
    <fieldset aria-describedby={errors?.length ? `${id}-error` : `${id}-count`}>
      <legend>{label}</legend>
      <div class="field search">
        <label for={`${id}-search`}>Search {label.toLowerCase()} by name or id</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onInput={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      <small id={`${id}-count`}>
        {selected.length} of {all.length} {label.toLowerCase()} chosen; {visible.length} shown.
      </small>
      <div class="checklist">
        {visible.map((choice) => (
          <label key={choice.id}>
            <input
              type="checkbox"
              value={choice.id}
              checked={chosen.has(choice.id)}
              disabled={!canWrite}
              onChange={(event) => onChange(toggled(all, selected, choice.id, event.currentTarget.checked))}
            />{' '}
            {choice.name}
            {!choice.active && ' (inactive)'} <span class="mono item-id">{choice.id}</span>
          </label>
        ))}
      </div>
      {errors?.length ? (
        <small id={`${id}-error`} class="field-error">
          {errors.join(' ')}
        </small>
      ) : null}
    </fieldset>
  );
}
