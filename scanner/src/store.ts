import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What the scanner keeps on the device (IndexedDB): its enrollment with the NON-extractable private
 * key (a CryptoKey is stored as itself: no script, not even this app's, can read its bytes), the
 * pass keys and the venue's items for offline checks, and the queue of redemptions made offline.
 */
export interface Enrollment {
  deviceId: string;
  venueId: string;
  name: string;
  keyPair: CryptoKeyPair;
}

export interface PendingRedemption {
  /** The Idempotency-Key made when the staff pressed Admit: the retry of a send is the same request. */
  idempotencyKey: string;
  qr: string;
  admittedGuests: number;
  scannedAt: string;
  passId: string;
}

export interface VenueItems {
  lounges: string[];
  fast_tracks: string[];
}

interface ScannerDb extends DBSchema {
  settings: {
    key: string;
    value: Enrollment | { keys: unknown[] } | VenueItems | string;
  };
  queue: { key: number; value: PendingRedemption };
}

let opened: Promise<IDBPDatabase<ScannerDb>> | undefined;

function db(): Promise<IDBPDatabase<ScannerDb>> {
  opened ??= openDB<ScannerDb>('scanner', 1, {
    upgrade(database) {
      database.createObjectStore('settings');
      database.createObjectStore('queue', { autoIncrement: true });
    },
  });
  return opened;
}

export async function readEnrollment(): Promise<Enrollment | undefined> {
  return (await (await db()).get('settings', 'enrollment')) as Enrollment | undefined;
}

export async function saveEnrollment(enrollment: Enrollment): Promise<void> {
  await (await db()).put('settings', enrollment, 'enrollment');
}

/**
 * A disabled device enrolls again with a new code and a new key: the old enrollment and its venue's
 * items go; the pass keys (the service's) and the queue stay, so nothing scanned is lost.
 */
export async function forgetEnrollment(): Promise<void> {
  const database = await db();
  await database.delete('settings', 'enrollment');
  await database.delete('settings', 'items');
}

export async function readPassKeys(): Promise<{ keys: unknown[] } | undefined> {
  return (await (await db()).get('settings', 'passKeys')) as { keys: unknown[] } | undefined;
}

export async function savePassKeys(jwks: { keys: unknown[] }): Promise<void> {
  await (await db()).put('settings', jwks, 'passKeys');
}

export async function readVenueItems(): Promise<VenueItems | undefined> {
  return (await (await db()).get('settings', 'items')) as VenueItems | undefined;
}

export async function saveVenueItems(items: VenueItems): Promise<void> {
  await (await db()).put('settings', items, 'items');
}

export async function readLanguage(): Promise<string | undefined> {
  return (await (await db()).get('settings', 'language')) as string | undefined;
}

export async function saveLanguage(language: string): Promise<void> {
  await (await db()).put('settings', language, 'language');
}

export async function enqueue(redemption: PendingRedemption): Promise<void> {
  await (await db()).add('queue', redemption);
}

/** The oldest pending redemption first: the queue is sent in the order the staff admitted. */
export async function oldestPending(): Promise<{ key: number; value: PendingRedemption } | undefined> {
  const cursor = await (await db()).transaction('queue').store.openCursor();
  return cursor ? { key: cursor.key, value: cursor.value } : undefined;
}

export async function removePending(key: number): Promise<void> {
  await (await db()).delete('queue', key);
}

export async function pendingCount(): Promise<number> {
  return (await db()).count('queue');
}
