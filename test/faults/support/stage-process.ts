import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { StageEndpoints, StageJson } from '../../../infra/local/stage.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const tsxCli = join(repositoryRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Pids of running processes whose command line contains `needle` (Linux /proc). */
export function pidsWithCommandLine(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (commandLine.includes(needle)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** The argument vector of a running process (Linux /proc). */
export function commandLineOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

export async function waitUntilGone(pids: number[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(alive)) {
    if (Date.now() > deadline)
      throw new Error(`processes ${pids.filter(alive).join(', ')} are still running`);
    await sleep(100);
  }
}

/**
 * `npm start` as a user runs it: `tsx infra/local/main.ts` in a process group of its own, with a state
 * dir and ports of the test's choosing (LOCAL_STATE_DIR and every LOCAL_*_PORT: free ones, the same on
 * every start, so a restarted stage keeps its URLs and never meets another stage's fixed defaults), so
 * it can be killed as a whole (SIGKILL of the group) and started again on the same state.
 */
export class StageProcess {
  private child: ChildProcess | undefined;
  private output = '';
  stageJson!: StageJson;
  endpoints!: StageEndpoints;

  private constructor(
    readonly stateDir: string,
    private readonly ports: Record<string, string>,
    private readonly env: Record<string, string>,
  ) {}

  static async create(env: Record<string, string> = {}): Promise<StageProcess> {
    const stateDir = await mkdtemp(join(tmpdir(), 'pts-faults-'));
    const ports: Record<string, string> = {};
    for (const name of ['API', 'AUTH', 'ADMIN', 'IDP', 'CONSOLE']) {
      ports[`LOCAL_${name}_PORT`] = String(await freePort());
    }
    return new StageProcess(stateDir, ports, env);
  }

  /** The last lines the stage printed, for failure messages. */
  log(): string {
    return this.output.slice(-6000);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(timeoutMs = 120_000): Promise<void> {
    if (this.child) throw new Error('the stage is running');
    const child = spawn(process.execPath, [tsxCli, 'infra/local/main.ts'], {
      cwd: repositoryRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        LOCAL_STATE_DIR: this.stateDir,
        ...this.ports,
        ...this.env,
      },
    });
    this.child = child;
    // Only this start's output counts: a restart must not take the previous start's line for its own.
    let thisStart = '';
    const ready = new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        const text = chunk.toString();
        this.output = (this.output + text).slice(-200_000);
        thisStart = (thisStart + text).slice(-2000);
        if (/\[local\] ready in/.test(thisStart)) resolve();
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code, signal) =>
        reject(new Error(`the stage exited (${code ?? signal}):\n${this.log()}`)),
      );
    });
    const timeout = new AbortController();
    try {
      await Promise.race([
        ready,
        sleep(timeoutMs, undefined, { signal: timeout.signal }).then(
          () => {
            throw new Error(`the stage was not ready within ${timeoutMs} ms:\n${this.log()}`);
          },
          () => undefined,
        ),
      ]);
    } finally {
      timeout.abort();
    }
    this.output += '\n[test] ready\n';
    this.stageJson = JSON.parse(await readFile(join(this.stateDir, 'stage.json'), 'utf8')) as StageJson;
    this.endpoints = JSON.parse(
      await readFile(join(this.stateDir, 'endpoints.json'), 'utf8'),
    ) as StageEndpoints;
  }

  /** Processes of this stage's DynamoDB Local (java with `-dbPath <stateDir>/dynamodb`). */
  dynamoDbPids(): number[] {
    return pidsWithCommandLine(join(this.stateDir, 'dynamodb'));
  }

  /**
   * SIGKILL of the stage's whole process group, as a crash or `kill -9 -<pgid>` does. With
   * `waitForDatabase` (default) it then waits until its DynamoDB Local (its own group, stopped by the
   * stage's watchdog) is gone too; without, the next start must wait for it itself (stage.lock).
   */
  async kill({ waitForDatabase = true }: { waitForDatabase?: boolean } = {}): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const dynamo = this.dynamoDbPids();
    process.kill(-child.pid, 'SIGKILL');
    await exited;
    this.child = undefined;
    this.output += '\n[test] SIGKILL\n';
    if (waitForDatabase) await waitUntilGone(dynamo);
  }

  /** A clean stop (SIGTERM, as Ctrl-C does), then the state dir is removed. */
  async dispose(): Promise<void> {
    const child = this.child;
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const dynamo = this.dynamoDbPids();
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
      await waitUntilGone(dynamo).catch(() => undefined);
    }
    this.child = undefined;
    for (const pid of this.dynamoDbPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    // FAULTS_KEEP_STATE=1 keeps the state dir (checkpoints, dead letters, databases) to look into.
    if (process.env.FAULTS_KEEP_STATE === '1') console.info(`[faults] state kept in ${this.stateDir}`);
    else if (existsSync(this.stateDir)) await rm(this.stateDir, { recursive: true, force: true });
  }
}
