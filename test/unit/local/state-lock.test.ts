import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acquireStageLock,
  processAlive,
  recordDatabase,
  releaseStageLock,
  stageLockFile,
} from '../../../infra/local/state-lock.ts';

let stateDir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'pts-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(stateDir, { recursive: true, force: true });
});

/** A process whose command line names `dbPath`, as DynamoDB Local's names its -dbPath. */
function fakeDatabase(dbPath: string, seconds: number): ChildProcess {
  const child = spawn(process.execPath, ['-e', `setTimeout(() => {}, ${seconds * 1000})`, dbPath], {
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function writeLock(lock: Record<string, unknown>): Promise<void> {
  await writeFile(stageLockFile(stateDir), JSON.stringify({ version: 1, startedAt: 'then', ...lock }));
}

const deadPid = async () => {
  const child = spawn('true');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
};

describe('the state dir lock', () => {
  it('is taken by a stage and given back on a clean stop', async () => {
    await acquireStageLock(stateDir);
    const held = JSON.parse(await readFile(stageLockFile(stateDir), 'utf8'));

    await releaseStageLock(stateDir);

    expect(held).toMatchObject({ version: 1, pid: process.pid });
    expect(existsSync(stageLockFile(stateDir))).toBe(false);
  });

  it('refuses a second stage while the stage holding it runs', async () => {
    const other = fakeDatabase('unrelated', 30);
    await writeLock({ pid: other.pid });

    await expect(acquireStageLock(stateDir)).rejects.toThrow(/used by a running stage/);
  });

  it.runIf(process.platform === 'linux')(
    'takes over the lock of a stage killed but not yet reaped (a zombie)',
    async () => {
      // `sleep 0.1` exits under a parent that never waits for it: it stays a zombie until that one ends.
      const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      children.push(parent);
      const zombie = Number(
        (await new Promise<Buffer>((resolve) => parent.stdout?.once('data', resolve))).toString(),
      );
      await vi.waitFor(() => expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /), {
        timeout: 5_000,
      });
      await writeLock({ pid: zombie });

      await acquireStageLock(stateDir);

      expect(processAlive(zombie)).toBe(false);
      expect(JSON.parse(await readFile(stageLockFile(stateDir), 'utf8')).pid).toBe(process.pid);
    },
  );

  it('takes over the lock of a dead stage once its DynamoDB Local has stopped', async () => {
    const dbPath = join(stateDir, 'dynamodb');
    const database = fakeDatabase(dbPath, 1);
    await writeLock({ pid: await deadPid(), database: { pid: database.pid, dbPath } });
    const logged: string[] = [];
    const started = Date.now();

    await acquireStageLock(stateDir, { log: (line) => logged.push(line) });

    expect(processAlive(database.pid as number)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(logged[0]).toMatch(/waiting for the previous stage's DynamoDB Local/);
    expect(JSON.parse(await readFile(stageLockFile(stateDir), 'utf8')).pid).toBe(process.pid);
  });

  it('kills a DynamoDB Local of a dead stage that does not stop in time', async () => {
    const dbPath = join(stateDir, 'dynamodb');
    const database = fakeDatabase(dbPath, 60);
    await writeLock({ pid: await deadPid(), database: { pid: database.pid, dbPath } });

    await acquireStageLock(stateDir, { databaseStopTimeoutMs: 200 });

    expect(processAlive(database.pid as number)).toBe(false);
  });

  it('leaves alone a process that reuses the pid of the old database but runs something else', async () => {
    const unrelated = fakeDatabase('something-else', 30);
    await writeLock({
      pid: await deadPid(),
      database: { pid: unrelated.pid, dbPath: join(stateDir, 'dynamodb') },
    });

    await acquireStageLock(stateDir, { databaseStopTimeoutMs: 100 });

    expect(processAlive(unrelated.pid as number)).toBe(true);
  });

  it('records the stage’s DynamoDB Local beside its pid', async () => {
    await acquireStageLock(stateDir);

    await recordDatabase(stateDir, { pid: 4242, dbPath: '/data/dynamodb' });

    expect(JSON.parse(await readFile(stageLockFile(stateDir), 'utf8'))).toMatchObject({
      pid: process.pid,
      database: { pid: 4242, dbPath: '/data/dynamodb' },
    });
  });
});
