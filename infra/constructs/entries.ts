import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Injected into every function's bundle: stack traces mapped to the TypeScript sources when formatted. */
export const sourceMapSupport = join(projectRoot, 'shared', 'observability', 'source-maps.ts');

/** What a function's SDK clients take their credentials from: the environment Lambda sets. */
export const lambdaCredentials = join(projectRoot, 'shared', 'aws', 'lambda-credentials.ts');

/** Where a function's code starts. */
export type EntryResolver = (functionName: string) => string;

/** `functions/<name>/handler.ts`; a stack naming a function without one fails to build. */
export const handlerEntry: EntryResolver = (functionName) => {
  const entry = join(projectRoot, 'functions', functionName, 'handler.ts');
  if (!existsSync(entry)) throw new Error(`functions/${functionName}/handler.ts does not exist`);
  return entry;
};
