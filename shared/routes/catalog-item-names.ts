import type { RecordKind } from '../domain/catalog-admin/kinds.ts';

/**
 * How the operation ids of catalog administration name one item of each kind and many. Without zod:
 * the handler keys its implementations by these ids (catalogItemsByOperationId) and the route table
 * builds its routes with them (shared/routes/catalog-admin.ts), so both name an operation here.
 */
export const catalogItemNames = {
  lounges: { one: 'Lounge', many: 'Lounges' },
  fast_tracks: { one: 'FastTrack', many: 'FastTracks' },
  tariffs: { one: 'Tariff', many: 'Tariffs' },
  hubs: { one: 'Hub', many: 'Hubs' },
  amenities: { one: 'Amenity', many: 'Amenities' },
} as const satisfies Record<RecordKind, { one: string; many: string }>;

type Names = typeof catalogItemNames;

/** The five operations every kind has: list, create, read, replace, deactivate. */
export function itemOperationIds<const One extends string, const Many extends string>(names: {
  one: One;
  many: Many;
}) {
  return {
    list: `listCatalog${names.many}`,
    create: `createCatalog${names.one}`,
    get: `getCatalog${names.one}`,
    replace: `replaceCatalog${names.one}`,
    deactivate: `deactivateCatalog${names.one}`,
  } as const;
}

type OperationIdsOf<K extends RecordKind> = ReturnType<
  typeof itemOperationIds<Names[K]['one'], Names[K]['many']>
>;
export type ItemOperation = keyof OperationIdsOf<RecordKind>;
/** Every pair of a kind and one of its operations. */
type KindOperation = { [K in RecordKind]: { [O in ItemOperation]: [K, O] }[ItemOperation] }[RecordKind];

/** Keys one value per kind and operation by the operation id of its route (`listCatalogLounges`, ...). */
export function catalogItemsByOperationId<PerKind extends Record<RecordKind, Record<ItemOperation, unknown>>>(
  perKind: PerKind,
) {
  const entries = (Object.keys(catalogItemNames) as RecordKind[]).flatMap((kind) =>
    Object.entries(itemOperationIds(catalogItemNames[kind])).map(([operation, operationId]) => [
      operationId,
      perKind[kind][operation as ItemOperation],
    ]),
  );
  return Object.fromEntries(entries) as {
    [P in KindOperation as OperationIdsOf<P[0]>[P[1]]]: PerKind[P[0]][P[1]];
  };
}
