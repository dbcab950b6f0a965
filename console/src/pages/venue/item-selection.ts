/** A lounge or lane a venue may operate, as the console names it. */
export interface CatalogChoice {
  id: string;
  name: string;
  active: boolean;
}

/**
 * The catalog's choices followed by the chosen ids the catalog list does not have (chosen earlier),
 * so they stay visible and saving never drops one unseen.
 */
export function choicesWithSelected(
  choices: readonly CatalogChoice[],
  selected: readonly string[],
): CatalogChoice[] {
  const known = new Set(choices.map((choice) => choice.id));
  const unknown = selected
    .filter((id) => !known.has(id))
    .map((id) => ({ id, name: 'Not in the catalog list', active: true }));
  return [...choices, ...unknown];
}

/** The chosen ids after one checkbox changed, in the order of the list (so the body is stable). */
export function toggled(
  all: readonly CatalogChoice[],
  selected: readonly string[],
  id: string,
  on: boolean,
): string[] {
  const chosen = new Set(selected);
  return all.map((choice) => choice.id).filter((each) => (each === id ? on : chosen.has(each)));
}
