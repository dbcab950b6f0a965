import { type CatalogKind, catalogKinds } from '../api/types.ts';

export const kindLabels: Record<CatalogKind, { plural: string; singular: string }> = {
  lounges: { plural: 'Lounges', singular: 'lounge' },
  'fast-tracks': { plural: 'Fast-tracks', singular: 'fast-track' },
  tariffs: { plural: 'eSIM tariffs', singular: 'eSIM tariff' },
  hubs: { plural: 'Hubs', singular: 'hub' },
  amenities: { plural: 'Amenities', singular: 'amenity' },
};

export function isCatalogKind(value: string): value is CatalogKind {
  return (catalogKinds as readonly string[]).includes(value);
}

/** The text a list shows for an item: its English name, else any name, else its id. */
export function displayName(item: Record<string, unknown>): string {
  const name = item.name;
  if (typeof name === 'string') return name;
  if (typeof name === 'object' && name !== null) {
    const localized = name as Record<string, unknown>;
    const english = localized['en-US'];
    if (typeof english === 'string' && english) return english;
    const any = Object.values(localized).find((value) => typeof value === 'string' && value);
    if (typeof any === 'string') return any;
  }
  return typeof item.code === 'string' ? item.code : String(item.id ?? '');
}

export function isActive(item: Record<string, unknown>): boolean {
  if (typeof item.is_active === 'boolean') return item.is_active;
  if (typeof item.status === 'string') return item.status.toLowerCase() === 'active';
  return true;
}
