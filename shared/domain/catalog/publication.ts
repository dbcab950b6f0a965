import type { UnitOfWork } from '../unit-of-work.ts';
import type { CatalogRecords } from './catalog-stored.ts';
import { integrityProblems } from './integrity.ts';
import type { CatalogVersions, PublishedVersion } from './ports.ts';
import { type CatalogStamps, catalogVersion, changeTimeAfter, stampCatalog } from './stamps.ts';

export interface Publication {
  version: string;
  publishedAt: Date;
  /** False when the records are exactly what is published: nothing was written. */
  changed: boolean;
  previousVersion: string | undefined;
  stamps: CatalogStamps;
}

/**
 * Makes `records` the published catalog. The primary course: stamp every record against the current
 * version (unchanged records keep their times), name the version by its content, drop the version
 * before the current one (no reader loads it any more), write the new version in full, then stage the
 * pointer move, conditional on the version it replaces. Until that commits partners read the current
 * version; from then on the new one: never half of either. The same catalog again changes nothing.
 */
export async function publishCatalog(
  versions: CatalogVersions,
  records: CatalogRecords,
  now: Date,
  uow: UnitOfWork,
  /** The current version when the caller has read it already (strongly consistent). */
  known?: { current: PublishedVersion | undefined },
): Promise<Publication> {
  const problems = integrityProblems(records);
  if (problems.length > 0) throw new Error(`The catalog is inconsistent:\n${problems.join('\n')}`);
  const current = known ? known.current : await versions.current();
  const publishedAt = changeTimeAfter(now, current?.publishedAt);
  const stamps = stampCatalog(current, records, publishedAt);
  const version = catalogVersion(records, stamps);
  if (current?.version === version) {
    return {
      version,
      publishedAt: current.publishedAt,
      changed: false,
      previousVersion: current.previousVersion,
      stamps,
    };
  }
  const obsolete = current?.previousVersion;
  if (obsolete !== undefined && obsolete !== version && obsolete !== current?.version) {
    await versions.drop(obsolete);
  }
  await versions.write(version, records, stamps);
  uow.stage(versions.movePointer(current?.version, { version, publishedAt }));
  return { version, publishedAt, changed: true, previousVersion: current?.version, stamps };
}
