import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/*
 * Files the local pollers keep in the state dir (checkpoints, leases, dead letters) must survive a
 * SIGKILL or a power cut in a state they can be read back from: a reader finds the previous content or
 * the new one, never half of either.
 */

let temporaryCounter = 0;

/** fsync of a directory makes a rename in it durable; platforms that cannot open directories skip it. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}

/** Replaces `path` atomically: a temporary file in the same directory, fsync, rename, fsync of the directory. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const directory = dirname(path);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${++temporaryCounter}.tmp`);
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(directory);
}

/** Appends one line and fsyncs it before resolving (an append-only log: a torn last line is skipped on read). */
export async function appendLineDurably(path: string, line: string): Promise<void> {
  const directory = dirname(path);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.appendFile(`${line.replace(/\n/g, ' ')}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The parsed JSON content, or undefined when the file does not exist. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as unknown;
}

/** Every complete JSON line of an append-only log (a line torn by a crash is left out). */
export async function readJsonLines(path: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n');
  const entries: unknown[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line));
    } catch (error) {
      if (index < lines.length - 1 && lines.slice(index + 1).some((rest) => rest.trim())) throw error;
    }
  }
  return entries;
}

/** A name safe as a file name (function names such as `pipe-webhook-events` pass unchanged). */
export function fileSafe(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]/g, '_');
}
