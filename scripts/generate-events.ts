import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repositoryRoot } from '../infra/local/functions.ts';
import { sampleEvents } from '../infra/local/sample-events.ts';

/** `npm run events`: rewrites events/ from the route table, one API Gateway event per operation. */
const dir = join(repositoryRoot, 'events');
await mkdir(dir, { recursive: true });
const events = sampleEvents();
const wanted = new Set(events.map((event) => event.file));
for (const name of await readdir(dir)) {
  if (name.endsWith('.json') && !wanted.has(name)) await rm(join(dir, name));
}
for (const event of events) await writeFile(join(dir, event.file), event.content);
console.log(`${events.length} events written to ${dir}`);
