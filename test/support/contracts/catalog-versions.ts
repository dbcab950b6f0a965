import { describe, expect, it } from 'vitest';
import type { CatalogRecords } from '../../../shared/domain/catalog/catalog-stored.ts';
import type { CatalogVersions } from '../../../shared/domain/catalog/ports.ts';
import { type CatalogStamps, stampKey } from '../../../shared/domain/catalog/stamps.ts';
import type { WriteCommitter } from '../../../shared/domain/employees/ports.ts';
import { ConcurrentChangeError } from '../../../shared/domain/errors.ts';
import { records, tariff } from '../../unit/catalog/fixture.ts';
import { refusalOf } from '../../unit/support/unit-of-work.ts';

export interface CatalogVersionsSetup {
  /** Versions with no pointer yet: every case starts before the first publication. */
  versions: CatalogVersions;
  committer: WriteCommitter;
}

/**
 * What every `CatalogVersions` does, in memory and on DynamoDB (the pattern of lockout-store.ts):
 * versions invisible until the pointer names them, a pointer that moves only from the version read.
 */
export function catalogVersionsContract(name: string, setup: () => Promise<CatalogVersionsSetup>): void {
  const first = { version: 'v1', publishedAt: new Date('2030-06-01T12:00:00.000Z') };
  const second = { version: 'v2', publishedAt: new Date('2030-06-01T13:00:00.000Z') };
  const stamps: CatalogStamps = {
    [stampKey('tariffs', tariff(21).id)]: {
      changedAt: '2030-06-01T11:00:00.000Z',
      listedAt: '2030-05-01T11:00:00.000Z',
    },
  };
  const withMoreTariffs = (): CatalogRecords => ({ ...records(), tariffs: [tariff(24), tariff(23)] });

  async function published(versions: CatalogVersions, committer: WriteCommitter): Promise<void> {
    await versions.write(first.version, records(), stamps);
    await committer.commit([versions.movePointer(undefined, first)]);
  }

  describe(`the catalog versions contract: ${name}`, () => {
    it('names no version before the first pointer move, written versions or not', async () => {
      const { versions } = await setup();

      await versions.write(first.version, records(), stamps);

      expect(await versions.current()).toBeUndefined();
    });

    it('publishes a written version when the first pointer move commits', async () => {
      const { versions, committer } = await setup();
      await versions.write(first.version, records(), stamps);

      const move = versions.movePointer(undefined, first);
      expect(await versions.current()).toBeUndefined();
      await committer.commit([move]);

      expect(await versions.current()).toEqual({
        ...first,
        previousVersion: undefined,
        records: records(),
        stamps,
      });
    });

    it('moves on from the version it names, keeping that one as the previous version', async () => {
      const { versions, committer } = await setup();
      await published(versions, committer);
      await versions.write(second.version, withMoreTariffs(), {});

      await committer.commit([versions.movePointer(first.version, second)]);

      expect(await versions.current()).toMatchObject({
        ...second,
        previousVersion: first.version,
        stamps: {},
      });
    });

    it('reads each kind in id order', async () => {
      const { versions, committer } = await setup();
      await published(versions, committer);
      await versions.write(second.version, withMoreTariffs(), {});
      await committer.commit([versions.movePointer(first.version, second)]);

      expect((await versions.current())?.records.tariffs).toEqual([tariff(23), tariff(24)]);
    });

    it('refuses a move from a version the pointer no longer names, or a first move once there is a pointer', async () => {
      const { versions, committer } = await setup();
      await versions.write(first.version, records(), stamps);
      const racing = versions.movePointer(undefined, { ...second, version: 'v-racing' });
      await committer.commit([versions.movePointer(undefined, first)]);
      await versions.write(second.version, withMoreTariffs(), {});

      const refusals = [
        await refusalOf(() => committer.commit([racing])),
        await refusalOf(() => committer.commit([versions.movePointer('v0', second)])),
      ];

      for (const refused of refusals) expect(refused).toBeInstanceOf(ConcurrentChangeError);
      expect(await versions.current()).toMatchObject({ version: first.version });
    });

    it('drops a version the pointer moved away from, leaving the current one whole', async () => {
      const { versions, committer } = await setup();
      await published(versions, committer);
      await versions.write(second.version, records(), stamps);
      await committer.commit([versions.movePointer(first.version, second)]);

      await versions.drop(first.version);

      expect(await versions.current()).toMatchObject({ version: second.version, records: records(), stamps });
    });
  });
}
