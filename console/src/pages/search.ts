/** Case-insensitive match of every word of the search against any of the values. */
export function matchesSearch(search: string, values: readonly (string | undefined | null)[]): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = values.filter(Boolean).join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
