import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readJsonFile, writeFileAtomic } from './durable-file.ts';

/**
 * `<stateDir>/stage.lock`: which process runs a stage on this state dir, and its DynamoDB Local. A
 * second stage on the same dir is refused while the first lives. After a crash (SIGKILL) the lock
 * stays behind: the next start takes it over, but first waits until the dead stage's DynamoDB Local,
 * which its watchdog is stopping, has let go of the database files (docs/reliability.md).
 */
export interface StageLock {
  version: 1;
  pid: number;
  startedAt: string;
  /** DynamoDB Local of that stage, with the database directory it opened. */
  database?: { pid: number; dbPath: string };
}

export function stageLockFile(stateDir: string): string {
  return join(stateDir, 'stage.lock');
}

function isLock(value: unknown): value is StageLock {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StageLock>;
  return candidate.version === 1 && typeof candidate.pid === 'number';
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !exited(pid);
}

/**
 * A process killed but not yet reaped by its parent (a zombie: a stage killed with its process group
 * and reparented) still answers signal 0, yet holds no file or port any more.
 */
function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may itself hold any character.
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

/** The process still runs `needle` (its command line names the database dir); true where /proc is absent. */
function runs(pid: number, needle: string): boolean {
  if (!processAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
  } catch {
    return process.platform !== 'linux';
  }
}

export interface AcquireOptions {
  /** How long to wait for a dead stage's DynamoDB Local to stop before killing it. Default 15 s. */
  databaseStopTimeoutMs?: number;
  log?: (message: string) => void;
}

/**
 * Takes the state dir for this process. Refuses when a live stage holds it; waits for (and at last
 * kills) the DynamoDB Local a dead stage left on this state dir's database.
 */
export async function acquireStageLock(stateDir: string, options: AcquireOptions = {}): Promise<void> {
  const path = stageLockFile(stateDir);
  const held = await readJsonFile(path).catch(() => undefined);
  if (isLock(held) && held.pid !== process.pid) {
    if (processAlive(held.pid)) {
      throw new Error(
        `The state dir ${stateDir} is used by a running stage (pid ${held.pid}); stop it, or choose ` +
          `another LOCAL_STATE_DIR. If no stage runs, delete ${path}.`,
      );
    }
    if (held.database) await waitForDatabase(held.database, options);
  }
  await writeLock(path, { version: 1, pid: process.pid, startedAt: new Date().toISOString() });
}

async function waitForDatabase(
  database: NonNullable<StageLock['database']>,
  { databaseStopTimeoutMs = 15_000, log }: AcquireOptions,
): Promise<void> {
  if (!runs(database.pid, database.dbPath)) return;
  log?.(`waiting for the previous stage's DynamoDB Local (pid ${database.pid}) to stop`);
  const deadline = Date.now() + databaseStopTimeoutMs;
  while (runs(database.pid, database.dbPath)) {
    if (Date.now() > deadline) {
      log?.(`DynamoDB Local (pid ${database.pid}) did not stop: killing it`);
      try {
        process.kill(database.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
      const killedBy = Date.now() + 5_000;
      while (processAlive(database.pid) && Date.now() < killedBy) await sleep(50);
      return;
    }
    await sleep(50);
  }
}

async function writeLock(path: string, lock: StageLock): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(lock)}\n`);
}

/** Records this stage's DynamoDB Local, so a start after a crash knows what to wait for. */
export async function recordDatabase(
  stateDir: string,
  database: { pid: number; dbPath: string },
): Promise<void> {
  const path = stageLockFile(stateDir);
  const held = await readJsonFile(path).catch(() => undefined);
  const lock: StageLock =
    isLock(held) && held.pid === process.pid
      ? { ...held, database }
      : { version: 1, pid: process.pid, startedAt: new Date().toISOString(), database };
  await writeLock(path, lock);
}

/** A clean stop gives the state dir back. */
export async function releaseStageLock(stateDir: string): Promise<void> {
  const path = stageLockFile(stateDir);
  const held = await readJsonFile(path).catch(() => undefined);
  if (isLock(held) && held.pid === process.pid) await rm(path, { force: true });
}
