import { en } from 'zod/locales';
import { config } from 'zod/mini';

/**
 * zod's mini API, which every schema of ours is written in: the same checks, issues and JSON Schema as
 * the classic API, in about a third of the code a cold start parses (docs/bench.md, "Cold start"). It
 * loads no locale of its own, so without this every issue would read "Invalid input".
 */
config(en());

export * from 'zod/mini';
