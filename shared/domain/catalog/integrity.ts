import type { CatalogRecords } from './catalog-stored.ts';

/** References that zod cannot check one record at a time; empty when the catalog is consistent. */
export function integrityProblems(catalog: CatalogRecords): string[] {
  const problems: string[] = [];
  const hubs = new Set(catalog.hubs.map((hub) => hub.id));
  const amenities = new Set(catalog.amenities.map((amenity) => amenity.id));
  const ids = new Set<string>();
  const unique = (id: string, what: string) => {
    if (ids.has(id)) problems.push(`${what} ${id} reuses an id`);
    ids.add(id);
  };
  for (const hub of catalog.hubs) unique(hub.id, 'hub');
  for (const amenity of catalog.amenities) unique(amenity.id, 'amenity');
  for (const tariff of catalog.tariffs) unique(tariff.id, 'tariff');
  // An uploaded image may illustrate several items; its id always names the same bytes.
  const imageBlobs = new Map<string, string>();
  for (const service of [...catalog.lounges, ...catalog.fast_tracks]) {
    unique(service.id, 'service');
    if (!hubs.has(service.hub_id)) problems.push(`${service.id} names unknown hub ${service.hub_id}`);
    for (const image of service.images) {
      const blob = imageBlobs.get(image.id);
      if (blob !== undefined && blob !== image.blob) problems.push(`image ${image.id} names two blobs`);
      imageBlobs.set(image.id, image.blob);
    }
    const imageIds = service.images.map((image) => image.id);
    if (new Set(imageIds).size !== imageIds.length) problems.push(`${service.id} lists an image twice`);
    const days = service.business_hours.map((entry) => entry.day);
    if (new Set(days).size !== days.length) problems.push(`${service.id} lists a business day twice`);
  }
  for (const imageId of imageBlobs.keys()) {
    if (ids.has(imageId)) problems.push(`image ${imageId} reuses an id`);
  }
  for (const lounge of catalog.lounges) {
    for (const amenity of lounge.amenities) {
      if (!amenities.has(amenity.id)) problems.push(`${lounge.id} names unknown amenity ${amenity.id}`);
    }
  }
  return problems;
}
