import { employeeTenantPrefix, venueTenantPrefix } from '../shared/auth/principal.ts';
import {
  accountListPartition,
  accountPartitionPrefix,
  accountRecordsPartitionPrefix,
} from '../shared/db/entities/account.ts';
import { managerListPartitionPrefix } from '../shared/db/entities/account-manager.ts';
import { applicationPartitionPrefix } from '../shared/db/entities/application.ts';
import { auditIndexPartitionPrefixes, auditPartition } from '../shared/db/entities/audit.ts';
import {
  bookingLookupPartitionPrefixes,
  holdPartitionPrefix,
  noShowPartitionPrefix,
  passReferencePartitionPrefix,
  processingPartitionPrefix,
} from '../shared/db/entities/booking.ts';
import { catalogPartition, snapshotPartitionPrefix } from '../shared/db/entities/catalog.ts';
import { draftPartition } from '../shared/db/entities/catalog-draft.ts';
import { imagePartitionPrefix } from '../shared/db/entities/catalog-image.ts';
import { clientLockoutPartitionPrefix } from '../shared/db/entities/client-lockout.ts';
import { dailyUsagePartitionPrefix } from '../shared/db/entities/daily-usage.ts';
import { employeeRevocationPartitionPrefix } from '../shared/db/entities/employee-revocation.ts';
import { enrollmentCodePartitionPrefix } from '../shared/db/entities/enrollment-code.ts';
import { expiryPartition } from '../shared/db/entities/esim.ts';
import { iccidPartitionPrefix, poolPartitionPrefix } from '../shared/db/entities/esim-pool.ts';
import { eventPartitionPrefix, redeliveryPartitionPrefix } from '../shared/db/entities/event.ts';
import { feedPartitionPrefix } from '../shared/db/entities/event-feed.ts';
import {
  ledgerPartitionPrefix,
  ledgerSubjectPartitionPrefix,
  statementPartitionPrefix,
} from '../shared/db/entities/ledger.ts';
import { loginStatePartitionPrefix } from '../shared/db/entities/login-state.ts';
import { oneTimeCodePartitionPrefix } from '../shared/db/entities/one-time-code.ts';
import { certificateExpiryPartition } from '../shared/db/entities/partner-certificate.ts';
import { proofJtiPartitionPrefix } from '../shared/db/entities/proof-jti.ts';
import {
  redemptionListPartitionPrefix,
  redemptionPartitionPrefix,
  venueRedemptionsPartitionPrefix,
} from '../shared/db/entities/redemption.ts';
import { requestLogPartitionPrefix } from '../shared/db/entities/request-log.ts';
import { venueListPartition, venuePartitionPrefix } from '../shared/db/entities/venue.ts';
import { devicePartitionPrefix } from '../shared/db/entities/venue-device.ts';
import { webhookPartitionPrefix } from '../shared/db/entities/webhook.ts';
import { recoveryJobPartitionPrefix } from '../shared/db/entities/webhook-recovery.ts';
import type { Access, FunctionNeeds, ServiceFunction, TableName } from './functions.ts';

/**
 * A partition key pattern as IAM's StringLike reads it in a dynamodb:LeadingKeys condition: `*` any
 * run of characters, `?` one; anything else literally (`CATALOG` is that partition alone).
 */
export type KeyPattern = string;

export function matchesKeyPattern(partition: string, pattern: KeyPattern): boolean {
  const expression = pattern
    .split('')
    .map((character) =>
      character === '*' ? '.*' : character === '?' ? '.' : character.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${expression}$`, 's').test(partition);
}

/** Every item whose partition key starts with `prefix`. */
export const startingWith = (prefix: string): KeyPattern => `${prefix}*`;

export interface KeyAccess {
  reads: readonly KeyPattern[];
  writes: readonly KeyPattern[];
}

const readsAllowed: Record<Access, boolean> = { read: true, readWrite: true, append: false, count: true };
const writesAllowed: Record<Access, boolean> = { read: false, readWrite: true, append: true, count: true };

/**
 * The partitions a function may read and write, per table it has access to. Writes imply reads where
 * its access reads at all (a conditional write reads the item it guards), so a declaration lists the
 * partitions it writes once.
 */
export function keyAccessOf(needs: FunctionNeeds): Partial<Record<TableName, KeyAccess>> {
  const result: Partial<Record<TableName, KeyAccess>> = {};
  for (const [table, access] of Object.entries(needs.tables ?? {}) as [TableName, Access][]) {
    const declared = needs.keys?.[table];
    const writes = writesAllowed[access] ? [...(declared?.writes ?? [])] : [];
    const reads = readsAllowed[access] ? [...new Set([...(declared?.reads ?? []), ...writes])] : [];
    result[table] = { reads, writes };
  }
  return result;
}

/*
 * The partitions of each table, in named groups per area, each with the functions that may write it
 * (its owners), declared once. The registry (infra/functions.ts) grants functions groups from here; a
 * CDK test (test/infra/table-keys.test.ts) fails when a synthesized policy lets a function write a
 * partition it does not own, or write without a dynamodb:LeadingKeys condition. GSI partition keys
 * are here too: IAM checks a Query on an index against the index's partition key.
 */

export const mainPartitions = {
  /**
   * The partner's partition: what its calls change (bookings, eSIMs and orders, its eSIM settings,
   * the webhook subscription, rate windows).
   */
  accounts: [startingWith(accountPartitionPrefix)],
  /**
   * What only employees change: the account record (status, plan, certificate fingerprints), its
   * managers, catalog contract, eSIM reseller link and partner certificates. A partition apart from
   * `accounts`, as dynamodb:LeadingKeys sees the partition key only (docs/architecture.md).
   */
  accountRecords: [startingWith(accountRecordsPartitionPrefix)],
  /** The indexes listing accounts and an account's managers (reads only). */
  accountLists: [accountListPartition, startingWith(managerListPartitionPrefix)],
  applications: [startingWith(applicationPartitionPrefix)],
  /** Employee login: login states and one-time codes, which carry roles. */
  employeeLogin: [startingWith(loginStatePartitionPrefix), startingWith(oneTimeCodePartitionPrefix)],
  clientLockouts: [startingWith(clientLockoutPartitionPrefix)],
  employeeRevocations: [startingWith(employeeRevocationPartitionPrefix)],
  /** Outbox events (webhooks are built from them). */
  events: [startingWith(eventPartitionPrefix)],
  /** Copies of events a redelivery sends again. */
  redeliveries: [startingWith(redeliveryPartitionPrefix)],
  /** A webhook's deliveries and recovery, and the index listing its deliveries. */
  webhookDeliveries: [startingWith(webhookPartitionPrefix)],
  recoveryJobs: [startingWith(recoveryJobPartitionPrefix)],
  /** The events feed of each account: its counter, entries and markers (docs/events.md). */
  eventFeeds: [startingWith(feedPartitionPrefix)],
  esimPools: [startingWith(poolPartitionPrefix)],
  /** Which pool holds an ICCID: written when a pool is loaded. */
  iccidRegistry: [startingWith(iccidPartitionPrefix)],
  /** The expiry index of active partner certificates (reads only: certificate items carry it). */
  certificateExpiry: [certificateExpiryPartition],
  /** The expiry index of eSIMs (reads only: eSIM items carry it). */
  esimExpiry: [expiryPartition],
  /** The booking sweeps' keys-only `sweeps` index: holds, Processing, no-shows (reads only: booking items carry them). */
  bookingSweeps: [
    startingWith(holdPartitionPrefix),
    startingWith(processingPartitionPrefix),
    startingWith(noShowPartitionPrefix),
  ],
  /** The support tools' lookup indexes of bookings (reads only: booking items carry them). */
  bookingLookups: bookingLookupPartitionPrefixes.map(startingWith),
  /** The published catalog: the current-version pointer, the default contract, the versions. */
  catalog: [catalogPartition, startingWith(snapshotPartitionPrefix)],
  catalogDrafts: [draftPartition, startingWith(imagePartitionPrefix)],
  /** Venues (docs/venues.md): a venue's record, and the index of its devices. */
  venues: [startingWith(venuePartitionPrefix)],
  /** The index listing venues (reads only). */
  venueLists: [venueListPartition],
  /** Venue devices: their public keys and status. */
  venueDevices: [startingWith(devicePartitionPrefix)],
  /** Enrollment codes, stored hashed, single use. */
  enrollmentCodes: [startingWith(enrollmentCodePartitionPrefix)],
  /** Spent jtis of device client assertions and DPoP proofs. */
  proofJtis: [startingWith(proofJtiPartitionPrefix)],
  /** A pass's reference to its booking, written with the issue: venues find a booking from its QR. */
  passReferences: [startingWith(passReferencePartitionPrefix)],
  /** One redemption per pass (docs/redemptions.md), and the listing of Disputed ones. */
  redemptions: [startingWith(redemptionPartitionPrefix), startingWith(redemptionListPartitionPrefix)],
  /** The index of a venue's redemptions (reads only: redemption items carry it). */
  venueRedemptions: [startingWith(venueRedemptionsPartitionPrefix)],
  /**
   * The ledger (docs/billing.md): lines per account and month, and each account's statements (total
   * shards and closed statements). Written by the changes that charge, in their own transactions.
   */
  ledger: [startingWith(ledgerPartitionPrefix), startingWith(statementPartitionPrefix)],
  /** The index of a booking's or an eSIM's lines (reads only: ledger lines carry it). */
  ledgerSubjects: [startingWith(ledgerSubjectPartitionPrefix)],
} as const satisfies Record<string, readonly KeyPattern[]>;

/** Hexadecimal digits: an account id (a UUID) starts with one. */
const hexDigits = [...'0123456789abcdef'];

export const idempotencyPartitions = {
  /**
   * Idempotency records lead with their tenant: an account id or `employee:<subject>`
   * (shared/idempotency/store.ts). The patterns leave out the usage counters.
   */
  idempotencyRecords: [...hexDigits.map(startingWith), startingWith(employeeTenantPrefix)],
  dailyUsage: [startingWith(dailyUsagePartitionPrefix)],
  /** A venue's idempotency records (`venue:<venue_id>`): its devices' redemptions, an offline queue resent. */
  venueIdempotencyRecords: [startingWith(venueTenantPrefix)],
} as const satisfies Record<string, readonly KeyPattern[]>;

export const auditPartitions = {
  /** Every record, and the indexes by actor, target and action (reads only). */
  auditRecords: [auditPartition],
  auditIndexes: Object.values(auditIndexPartitionPrefixes).map(startingWith),
} as const satisfies Record<string, readonly KeyPattern[]>;

export const requestLogPartitions = {
  /** An account's requests of one day (docs/support.md, Request log). */
  requestRecords: [startingWith(requestLogPartitionPrefix)],
} as const satisfies Record<string, readonly KeyPattern[]>;

export const tablePartitions = {
  main: mainPartitions,
  idempotency: idempotencyPartitions,
  audit: auditPartitions,
  requestLog: requestLogPartitions,
} as const;

type GroupOf<T extends TableName> = keyof (typeof tablePartitions)[T];

/** Every function that writes a group's partitions; a group not listed is written by none (an index). */
type Writers = { [T in TableName]: Partial<Record<GroupOf<T>, readonly ServiceFunction[]>> };

export const partitionWriters: Writers = {
  main: {
    accounts: [
      'admin',
      'booking',
      'booking-processor',
      'booking-expiry',
      'recovery-sweep',
      'esim',
      'esim-expiry',
      'webhooks',
      'webhook-dispatcher',
      'sandbox',
      // A redemption's pass use (docs/redemptions.md).
      'venue',
      // The SM-DP+'s profile notifications (docs/esim.md, Profile state).
      'es2plus',
    ],
    // Contracts are catalog administration's; the expiry check stores certificates of older accounts.
    accountRecords: ['admin', 'catalog-admin', 'certificate-expiry'],
    applications: ['admin'],
    employeeLogin: ['auth'],
    clientLockouts: ['auth'],
    employeeRevocations: ['admin'],
    events: [
      'admin',
      'booking-processor',
      'esim',
      'esim-expiry',
      'webhooks',
      'sandbox',
      'statement-closing',
      'es2plus',
    ],
    redeliveries: ['admin', 'webhooks'],
    webhookDeliveries: ['admin', 'webhooks', 'webhook-dispatcher'],
    recoveryJobs: ['webhooks'],
    eventFeeds: ['booking-processor'],
    esimPools: ['admin', 'esim'],
    iccidRegistry: ['admin'],
    catalog: ['catalog-admin'],
    catalogDrafts: ['catalog-admin'],
    venues: ['admin'],
    venueDevices: ['admin', 'venue'],
    enrollmentCodes: ['admin', 'venue'],
    proofJtis: ['auth', 'venue'],
    passReferences: ['booking-processor', 'recovery-sweep'],
    redemptions: ['sandbox', 'venue'],
    // Bookings' confirms, cancels, redemptions and no-shows, eSIM confirms and top-ups charge;
    // employees adjust; the worker closes (docs/billing.md).
    ledger: [
      'admin',
      'booking',
      'booking-expiry',
      'sandbox',
      'venue',
      'esim',
      'billing',
      'statement-closing',
    ],
  },
  idempotency: {
    idempotencyRecords: ['admin', 'catalog-admin', 'booking', 'esim', 'webhooks', 'billing'],
    dailyUsage: [
      'admin',
      'catalog',
      'booking',
      'esim',
      'webhooks',
      'sandbox',
      'quotas',
      'billing',
      'requests',
      'events',
    ],
    venueIdempotencyRecords: ['venue'],
  },
  audit: { auditRecords: ['admin', 'auth', 'catalog-admin', 'billing'] },
  requestLog: { requestRecords: ['request-log'] },
};

/** The patterns of the named groups of one table, for a declaration in infra/functions.ts. */
export function partitionsOf<T extends TableName>(table: T, ...groups: GroupOf<T>[]): KeyPattern[] {
  const partitions = tablePartitions[table] as Record<GroupOf<T>, readonly KeyPattern[]>;
  return groups.flatMap((group) => [...partitions[group]]);
}
