import type { BuildOptions } from 'esbuild';
import { projectRoot, sourceMapSupport } from './entries.ts';

/** Some CommonJS dependencies call `require` for Node built-ins, which an ESM bundle lacks. */
const requireShim =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * How a function's code is built, for Lambda (ApiFunction) and for the bench alike: `index.mjs` holds
 * what the cold start loads; every module reached only through `import()` (X.509 and ASN.1, the API
 * Gateway client, the OpenID client, QR codes, the OpenAPI document) is a chunk of its own, read on the
 * first request that needs it. In a single file that code would still be parsed at every cold start.
 *
 * The AWS SDK is bundled at the pinned version the tests ran against, not the runtime's copy. No
 * `--enable-source-maps`: it parses the source map at every cold start; the injected source-map-support
 * maps a stack only when one is formatted.
 */
export function functionBundleOptions(entry: string, outdir: string) {
  return {
    entryPoints: { index: entry },
    outdir,
    absWorkingDir: projectRoot,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    platform: 'node',
    target: 'node24',
    mainFields: ['module', 'main'],
    banner: { js: requireShim },
    inject: [sourceMapSupport],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  } satisfies BuildOptions;
}
