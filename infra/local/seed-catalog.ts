import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CatalogRecords,
  type ContractTerms,
  catalogRecords,
  contractTerms,
  fastTrackRecord,
  type ImageRecord,
  imageRecord,
  loungeRecord,
  termsOf,
} from '../../shared/domain/catalog/catalog-stored.ts';
import { integrityProblems } from '../../shared/domain/catalog/integrity.ts';
import * as z from '../../shared/schemas/zod.ts';

/** The catalog seed: JSON data and image files in the repository (docs/catalog.md, Seed data). */
export const seedCatalogDir = fileURLToPath(new URL('../../seed/catalog/', import.meta.url));

const contentTypes: Record<string, ImageRecord['content_type']> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** In the seed an image names its file; the stored record names the bytes by their SHA-256. */
const seedImage = z.extend(z.omit(imageRecord, { blob: true, content_type: true, enabled: true }), {
  file: z.string().check(z.regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/)),
  enabled: z._default(z.boolean(), true),
});
const seedFiles = {
  hubs: catalogRecords.shape.hubs,
  amenities: catalogRecords.shape.amenities,
  lounges: z.array(z.extend(loungeRecord, { images: z.array(seedImage) })),
  fast_tracks: z.array(z.extend(fastTrackRecord, { images: z.array(seedImage) })),
  tariffs: catalogRecords.shape.tariffs,
};
const namedTerms = z.extend(contractTerms, { name: z.string() });
const withoutName = ({ name: _name, ...terms }: z.output<typeof namedTerms>): ContractTerms => termsOf(terms);
const seedContracts = z.strictObject({ default: namedTerms, partners: z.array(namedTerms) });

export interface ImageBlob {
  contentType: ImageRecord['content_type'];
  bytes: Uint8Array;
}

export interface SeedCatalog {
  records: CatalogRecords;
  blobs: Map<string, ImageBlob>;
  /** For accounts without their own contract. */
  defaultContract: ContractTerms;
  /** Given to the seeded partner accounts in order; accounts beyond the list keep the default. */
  partnerContracts: ContractTerms[];
}

async function readJson(dir: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(join(dir, file), 'utf8'));
}

/** Reads and checks the seed files: every record against its schema, then the references between them. */
export async function loadSeedCatalog(dir = seedCatalogDir): Promise<SeedCatalog> {
  const blobs = new Map<string, ImageBlob>();
  const blobOf = new Map<string, string>();
  const resolveImages = async (images: z.output<typeof seedImage>[]): Promise<ImageRecord[]> => {
    const resolved: ImageRecord[] = [];
    for (const { file, ...image } of images) {
      let blob = blobOf.get(file);
      if (!blob) {
        const bytes = new Uint8Array(await readFile(join(dir, 'images', file)));
        blob = createHash('sha256').update(bytes).digest('hex');
        blobOf.set(file, blob);
        blobs.set(blob, { contentType: contentTypes[extname(file)] ?? 'image/png', bytes });
      }
      const contentType = blobs.get(blob)?.contentType ?? 'image/png';
      resolved.push({ ...image, blob, content_type: contentType });
    }
    return resolved;
  };

  const lounges = seedFiles.lounges.parse(await readJson(dir, 'lounges.json'));
  const fastTracks = seedFiles.fast_tracks.parse(await readJson(dir, 'fast-tracks.json'));
  const records = catalogRecords.parse({
    hubs: seedFiles.hubs.parse(await readJson(dir, 'hubs.json')),
    amenities: seedFiles.amenities.parse(await readJson(dir, 'amenities.json')),
    lounges: await Promise.all(
      lounges.map(async (lounge) => ({ ...lounge, images: await resolveImages(lounge.images) })),
    ),
    fast_tracks: await Promise.all(
      fastTracks.map(async (fastTrack) => ({ ...fastTrack, images: await resolveImages(fastTrack.images) })),
    ),
    tariffs: seedFiles.tariffs.parse(await readJson(dir, 'tariffs.json')),
  });
  const problems = integrityProblems(records);
  if (problems.length > 0) throw new Error(`The catalog seed is inconsistent:\n${problems.join('\n')}`);
  const contracts = seedContracts.parse(await readJson(dir, 'contracts.json'));
  return {
    records,
    blobs,
    defaultContract: withoutName(contracts.default),
    partnerContracts: contracts.partners.map(withoutName),
  };
}

/**
 * Publishes the seed catalog and the contracts: the image bytes into the images bucket (and their
 * facts, so employees can reference seeded images), the records into the draft, the draft published
 * as catalog administration publishes it, then the default contract and one per seeded partner in
 * order (partner 1 the full catalog, partner 2 a subset). Idempotent: unchanged data writes nothing,
 * so ETags and Last-Modified survive a re-seed. The environment (table, bucket, endpoints) must be
 * set first. Seeding replaces the draft: edits not yet published are lost (docs/catalog-admin.md).
 */
export async function seedCatalog(
  partnerAccountIds: readonly string[] = [],
  now = new Date(),
): Promise<void> {
  const { publishRecords, putContract } = await import('../../shared/db/entities/catalog.ts');
  const { replaceDraft } = await import('../../shared/db/entities/catalog-draft.ts');
  const { seedImages } = await import('./seed-images.ts');
  const seed = await loadSeedCatalog();
  await seedImages(seed, now);
  await replaceDraft(seed.records, now);
  await publishRecords(seed.records, now);
  await putContract('default', seed.defaultContract, now);
  for (const [index, accountId] of partnerAccountIds.entries()) {
    const terms = seed.partnerContracts[index];
    if (terms) await putContract(accountId, terms, now);
  }
}
