import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { basename, join, resolve } from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import { lambdaCredentials, projectRoot, sourceMapSupport } from './entries.ts';

/** Some CommonJS dependencies call `require` for Node built-ins, which an ESM bundle lacks. */
const requireShim = "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);";

const builtins = new Set(builtinModules.map((name) => name.replace(/^node:/, '')));

/** Named exports of each built-in, read at build time: an import facade lists them. */
async function exportNames(name: string): Promise<string[]> {
  const builtin = (await import(`node:${name}`)) as Record<string, unknown>;
  return Object.keys(builtin).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
}

/**
 * Static imports and requires of Node built-ins go through `process.getBuiltinModule(name)`, never
 * Node's own ESM facade. That facade reads every export of the built-in, and some are lazy getters:
 * reading `http.WebSocket` loads Node's bundled undici, so @middy/util's
 * `import { STATUS_CODES } from 'node:http'` alone cost every API function about 20 ms of init, and
 * `node:process`, `node:fs` and `node:util` a few more (docs/bench.md, "Cold start").
 *
 * - An `import` gets a module of our own per built-in: each export is a pure read of the built-in's
 *   member, so esbuild keeps only the members some module imports, and they are read once. (A
 *   CommonJS module here would have esbuild copy every member's descriptor at each importing module:
 *   22 copies of node:crypto's in admin, about 4 ms of every cold start.)
 * - A `require` gets the built-in itself, as CommonJS.
 * - A dynamic `import()` keeps Node's own namespace: a chunk of either kind would not have its exports.
 */
const builtinsWithoutFacade: Plugin = {
  name: 'node-builtins-without-esm-facade',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_]+(\/[a-z_]+)?$/ }, ({ path, kind }) => {
      const name = path.replace(/^node:/, '');
      if (!builtins.has(name)) return undefined;
      if (kind === 'import-statement') return { path: name, namespace: 'node-builtin-import' };
      if (kind === 'require-call') return { path: name, namespace: 'node-builtin-require' };
      return undefined;
    });
    // `$`-prefixed names: no built-in exports one (node:fs exports `read`).
    const builtinOf = (
      name: string,
    ) => `const $builtin = process.getBuiltinModule(${JSON.stringify(`node:${name}`)});
if ($builtin === undefined) throw new Error(${JSON.stringify(`this Node.js has no built-in node:${name}`)});
`;
    build.onLoad({ filter: /.*/, namespace: 'node-builtin-require' }, ({ path }) => ({
      contents: `${builtinOf(path)}module.exports = $builtin;\n`,
      loader: 'js',
    }));
    build.onLoad({ filter: /.*/, namespace: 'node-builtin-import' }, async ({ path }) => {
      const members = (await exportNames(path)).map(
        (member) => `export const ${member} = /* @__PURE__ */ $member(${JSON.stringify(member)});`,
      );
      return {
        contents: `${builtinOf(path)}const $member = (member) => $builtin[member];
export default $builtin;
${members.join('\n')}
`,
        loader: 'js',
      };
    });
  },
};

/**
 * Modules deployed as a bundle of their own, beside the function's: `node_modules/@standalone/<name>`,
 * which the function imports by that bare name. Only the S3 SDK, loaded with the first image a
 * container reads or stores: in the function's own build, the SDK's barrel modules that the DynamoDB
 * client imports too (`@smithy/core/serde`, `@aws-sdk/core/protocols`) would pull S3's XML protocol,
 * stream and checksum code into the chunks every cold start loads, since esbuild assigns a file to
 * chunks by the entry points that reach it. Bundled apart, it brings its own copy of the SDK's core
 * with that first image instead (docs/bench.md, "Cold start").
 */
const standaloneModules = new Set([join(projectRoot, 'shared', 'aws', 's3-sdk.ts')]);

/** A module bundled apart is imported by its file's name: `@standalone/s3-sdk`. */
const standaloneName = (file: string) => basename(file, '.ts');

/** Only imports ending in those files' names reach the resolver below (names are `[a-z0-9-]`). */
const standaloneFilter = new RegExp(`(${[...standaloneModules].map(standaloneName).join('|')})\\.ts$`);

const standaloneBundles: Plugin = {
  name: 'standalone-bundles',
  setup(build) {
    const built = new Map<string, Promise<void>>();
    const { outdir, nodePaths } = build.initialOptions;
    const bundleApart = (entry: string, name: string) => {
      if (!outdir) throw new Error('a function is built into an outdir');
      const dir = join(outdir, 'node_modules', '@standalone', name);
      return build.esbuild
        .build({
          ...functionBundleOptions(entry, dir),
          splitting: false,
          inject: [],
          plugins: [builtinsWithoutFacade],
          ...(nodePaths ? { nodePaths } : {}),
        })
        .then(() =>
          writeFile(
            join(dir, 'package.json'),
            `${JSON.stringify({ name: `@standalone/${name}`, exports: './index.mjs' })}\n`,
          ),
        );
    };
    build.onResolve({ filter: standaloneFilter }, async ({ path, resolveDir, kind, importer }) => {
      const entry = resolve(resolveDir, path);
      if (!standaloneModules.has(entry)) return undefined;
      const name = standaloneName(entry);
      if (kind !== 'dynamic-import') {
        return { errors: [{ text: `${importer} must load ${path} with import(): it is bundled apart` }] };
      }
      let done = built.get(entry);
      if (!done) {
        done = bundleApart(entry, name);
        built.set(entry, done);
      }
      await done;
      return { path: `@standalone/${name}`, external: true };
    });
  },
};

/**
 * How a function's code is built, for Lambda (ApiFunction) and for the bench alike: `index.mjs` holds
 * what the cold start loads; every module reached only through `import()` (X.509 and ASN.1, the API
 * Gateway client, the OpenID client, QR codes, the OpenAPI document) is a chunk of its own, read on the
 * first request that needs it (the S3 SDK a bundle of its own: `standaloneModules`). In a single file
 * that code would still be parsed at every cold start.
 *
 * The AWS SDK is bundled at the pinned version the tests ran against, not the runtime's copy. No
 * `--enable-source-maps`: it parses the source map at every cold start; the injected
 * shared/observability/source-maps.ts reads a file's map only when a stack through it is formatted.
 * The SDK clients' default credential chain is replaced by its first link, the environment Lambda
 * sets (shared/aws/lambda-credentials.ts): the links after it, never reached in Lambda, put code in
 * the chunks every cold start loads.
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
    plugins: [builtinsWithoutFacade, standaloneBundles],
    inject: [sourceMapSupport],
    alias: { '@aws-sdk/credential-provider-node': lambdaCredentials },
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  } satisfies BuildOptions;
}

const bundlerCommand = join(projectRoot, 'infra', 'constructs', 'bundle-function.ts');

/**
 * Builds a function's code as `functionBundleOptions` says, synchronously, for CDK's local bundling.
 * esbuild runs plugins only in its asynchronous API, so the build runs in a child process.
 */
export function bundleFunctionSync(entry: string, outdir: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', bundlerCommand, entry, outdir], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
}
