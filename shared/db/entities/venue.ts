import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config/env.ts';
import { onReset } from '../../config/reset.ts';
import type { Venue, VenueStatus } from '../../domain/venues/model.ts';
import type { VenueCatalog, VenueStore } from '../../domain/venues/ports.ts';
import { venueDisabled, venueNotFound } from '../../domain/venues/service.ts';
import { processMillis } from '../../util/clock.ts';
import { LruMap } from '../../util/lru-map.ts';
import { ddb } from '../client.ts';
import { queryGsi1Page } from '../paging.ts';
import type { DynamoWrite } from '../transaction.ts';
import { catalogVersions } from './catalog.ts';

/**
 * Venue: pk `VENUE#<id>`, sk `VENUE`. Listing: gsi1pk `VENUES`, gsi1sk `VENUE#<created_at>#<id>`
 * (newest first). Its devices share `VENUE#<id>` as gsi1pk (shared/db/entities/venue-device.ts).
 */
export const venuePartitionPrefix = 'VENUE#';
export const venueKeys = (venueId: string) => ({ pk: `${venuePartitionPrefix}${venueId}`, sk: 'VENUE' });
export const venueListPartition = 'VENUES';
const listPartition = venueListPartition;
const listPrefix = 'VENUE#';

export interface VenueItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  type: 'Venue';
  venue_id: string;
  name: string;
  lounges: string[];
  fast_tracks: string[];
  status: VenueStatus;
  created_at: string;
  updated_at: string;
}

export function venueToItem(venue: Venue): VenueItem {
  return {
    ...venueKeys(venue.venueId),
    gsi1pk: listPartition,
    gsi1sk: `${listPrefix}${venue.createdAt}#${venue.venueId}`,
    type: 'Venue',
    venue_id: venue.venueId,
    name: venue.name,
    lounges: venue.lounges,
    fast_tracks: venue.fastTracks,
    status: venue.status,
    created_at: venue.createdAt,
    updated_at: venue.updatedAt,
  };
}

export function venueFromItem(item: Record<string, unknown>): Venue {
  const stored = item as unknown as VenueItem;
  return {
    venueId: stored.venue_id,
    name: stored.name,
    lounges: stored.lounges ?? [],
    fastTracks: stored.fast_tracks ?? [],
    status: stored.status,
    createdAt: stored.created_at,
    updatedAt: stored.updated_at,
  };
}

const stateRefusal = (venueId: string) => (oldItem: Record<string, unknown> | undefined) =>
  oldItem ? venueDisabled(venueId) : venueNotFound(venueId);

export const venueStore = {
  async find(venueId) {
    const { Item } = await ddb().send(
      new GetCommand({ TableName: config().mainTableName, Key: venueKeys(venueId), ConsistentRead: true }),
    );
    return Item ? venueFromItem(Item) : undefined;
  },

  list(page) {
    return queryGsi1Page(
      { ...page, gsi1pk: listPartition, skPrefix: listPrefix, newestFirst: true },
      venueFromItem,
    );
  },

  create(venue): DynamoWrite {
    return {
      description: `create venue ${venue.venueId}`,
      item: {
        Put: {
          TableName: config().mainTableName,
          Item: venueToItem(venue),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    };
  },

  replaceItems(venueId, items, at): DynamoWrite {
    return {
      description: `replace the items of venue ${venueId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: venueKeys(venueId),
          UpdateExpression: 'SET lounges = :lounges, fast_tracks = :fastTracks, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':lounges': items.lounges,
            ':fastTracks': items.fastTracks,
            ':now': at,
          },
        },
      },
      onConditionFailed: () => venueNotFound(venueId),
    };
  },

  disable(venueId, at): DynamoWrite {
    return {
      description: `disable venue ${venueId}`,
      item: {
        Update: {
          TableName: config().mainTableName,
          Key: venueKeys(venueId),
          UpdateExpression: 'SET #status = :disabled, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':disabled': 'Disabled', ':active': 'Active', ':now': at },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: stateRefusal(venueId),
    };
  },

  stillActive(venueId): DynamoWrite {
    return {
      description: `check venue ${venueId} is active`,
      item: {
        ConditionCheck: {
          TableName: config().mainTableName,
          Key: venueKeys(venueId),
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'Active' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: stateRefusal(venueId),
    };
  },
} satisfies VenueStore;

/** The items of the published catalog (the pointer's version), which venues may operate. */
export const publishedVenueCatalog: VenueCatalog = {
  async publishedItems() {
    const published = await catalogVersions.current();
    const ids = (records: readonly { id: string }[] | undefined) =>
      new Set((records ?? []).map(({ id }) => id));
    return { lounges: ids(published?.records.lounges), fastTracks: ids(published?.records.fast_tracks) };
  },
};

/**
 * The venues as this container last read them, each at most PRINCIPAL_STATUS_TTL_SECONDS (60 s) old:
 * what the venue function checks a scanned pass's item against (VenueAuthority), so verify and redeem
 * spend no DynamoDB read on the venue that a door scans for every traveller. A venue's disable, or an
 * item taken off it, reaches its doors within the same bound as a device's disable
 * (shared/auth/device-standing.ts reads the venue itself, uncached, for its own bound).
 */
export class RecentVenues implements Pick<VenueStore, 'find'> {
  private readonly remembered = new LruMap<string, { venue: Venue | undefined; until: number }>(1000);

  constructor(
    private readonly read: (venueId: string) => Promise<Venue | undefined> = (venueId) =>
      venueStore.find(venueId),
    private readonly ttlMs: () => number = () => config().principalStatusTtlSeconds * 1000,
    private readonly clock: () => number = processMillis,
  ) {}

  async find(venueId: string): Promise<Venue | undefined> {
    const now = this.clock();
    const known = this.remembered.get(venueId);
    if (known && now < known.until) return known.venue;
    const venue = await this.read(venueId);
    this.remembered.set(venueId, { venue, until: now + this.ttlMs() });
    return venue;
  }

  clear(): void {
    this.remembered.clear();
  }
}

export const recentVenues = new RecentVenues();
onReset(() => recentVenues.clear());
