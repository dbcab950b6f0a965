import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundle, lambdaEnvironment } from '../../bench/sections/cold-start.ts';
import { bundleFunctionSync, functionBundleOptions } from '../../infra/constructs/bundle.ts';
import { handlerEntry, projectRoot } from '../../infra/constructs/entries.ts';
import { functionNeeds, serviceFunctions } from '../../infra/functions.ts';
import { scratchDir } from '../unit/support/scratch-dir.ts';

const run = promisify(execFile);
const outdir = scratchDir('function-bundle-');

/**
 * Bundles an entry of these lines as Lambda's code is built, and returns a call of its handler in a
 * process of its own (with `env`, or this one's), answering what the handler returned.
 */
async function bundledHandler(
  name: string,
  lines: string[],
): Promise<(env?: NodeJS.ProcessEnv) => Promise<unknown>> {
  const bundleDir = join(outdir(), name);
  const entry = join(outdir(), `${name}.ts`);
  await mkdir(dirname(entry), { recursive: true });
  await writeFile(entry, lines.join('\n'));
  await build({
    ...functionBundleOptions(entry, bundleDir),
    nodePaths: [join(projectRoot, 'node_modules')],
    logLevel: 'silent',
  });
  const runner = join(outdir(), `run-${name.replaceAll('/', '-')}.mjs`);
  await writeFile(
    runner,
    'const { handler } = await import(process.argv[2]); process.stdout.write(JSON.stringify(await handler()));',
  );
  return async (env) =>
    JSON.parse((await run(process.execPath, [runner, join(bundleDir, 'index.mjs')], { env })).stdout);
}

/** Imports the bundle as Lambda does, invokes its handler once with a sample event, prints the response. */
const invoker = `const [bundle, eventFile] = process.argv.slice(2);
const { handler } = await import(bundle);
const event = JSON.parse(await (await import('node:fs/promises')).readFile(eventFile, 'utf8'));
// The sample names the caller's certificate by a placeholder (npm run invoke fills it): the document needs none.
event.requestContext.identity.clientCert = null;
const context = {
  functionName: 'meta', functionVersion: '$LATEST', awsRequestId: 'smoke', memoryLimitInMB: '512',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:meta',
  logGroupName: '/aws/lambda/meta', logStreamName: 'smoke', callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 10_000,
};
process.stdout.write('\\nRESPONSE ' + JSON.stringify(await handler(event, context)));
`;

describe("a function's deployed code", () => {
  it('answers from index.mjs, loading a chunk the first time a request needs it', async () => {
    const bundleDir = join(outdir(), 'meta');
    // What CDK's local bundling calls for every function.
    bundleFunctionSync(join(projectRoot, 'functions', 'meta', 'handler.ts'), bundleDir);
    const index = await readFile(join(bundleDir, 'index.mjs'), 'utf8');
    const chunks = await readdir(join(bundleDir, 'chunks'));
    const runner = join(outdir(), 'invoke.mjs');
    await writeFile(runner, invoker);

    const { stdout } = await run(
      process.execPath,
      [runner, join(bundleDir, 'index.mjs'), join(projectRoot, 'events', 'getOpenApiDocument.json')],
      { env: lambdaEnvironment },
    );
    // The function's own log lines come first, on the same stdout.
    const response = JSON.parse(stdout.slice(stdout.lastIndexOf('\nRESPONSE ') + 10)) as {
      statusCode: number;
      body: string;
    };

    // zod-openapi builds the document: it is in a chunk, never in what the cold start loads.
    expect(index).not.toContain('zod-openapi');
    expect(chunks.some((chunk) => chunk.startsWith('document-') && chunk.endsWith('.mjs'))).toBe(true);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({
      openapi: '3.1.0',
      info: { title: expect.any(String) },
    });
    // Node built-ins come through process.getBuiltinModule, never an ESM import (next test).
    const code = [
      index,
      ...(await Promise.all(chunks.map((c) => readFile(join(bundleDir, 'chunks', c), 'utf8')))),
    ];
    expect(code.flatMap((file) => file.match(/from\s*["']node:[^"']+["']/g) ?? [])).toEqual([]);
  });

  it('reaches Node built-ins without the ESM facade that reads every export of one', async () => {
    const handlerOf = await bundledHandler('builtins', [
      "import http, { STATUS_CODES } from 'node:http';",
      "import * as fs from 'node:fs/promises';",
      "import { join } from 'path';",
      "const { createHash } = require('node:crypto');",
      'export const handler = async () => ({',
      "  status: STATUS_CODES[404], request: typeof http.request, readFile: typeof fs.readFile, joined: join('a', 'b'),",
      "  digest: createHash('sha256').update('x').digest('hex').slice(0, 8),",
      "  os: (await import('node:os')).EOL.length,",
      "  undici: process.moduleLoadList.some((loaded) => loaded.includes('undici')),",
      '});',
    ]);

    expect(await handlerOf()).toEqual({
      status: 'Not Found',
      request: 'function',
      readFile: 'function',
      joined: 'a/b',
      digest: '2d711642',
      os: 1,
      // An ESM import of node:http reads http.WebSocket, a getter that loads Node's bundled undici.
      undici: false,
    });
  });

  it("keeps zod's English issue messages: the mini API loads no locale, shared/schemas/zod.ts sets it", async () => {
    const handlerOf = await bundledHandler('messages', [
      `import { parsePart } from '${join(projectRoot, 'shared/http/validation.ts')}';`,
      `import { idempotencyKeyHeader } from '${join(projectRoot, 'shared/schemas/common.ts')}';`,
      'export const handler = async () => {',
      "  try { parsePart(idempotencyKeyHeader, '', 'headers'); } catch (error) { return error.details; }",
      '};',
    ]);

    expect(await handlerOf()).toEqual({
      errors: [
        { path: 'headers', message: 'Too small: expected string to have >=1 characters' },
        { path: 'headers', message: 'printable ASCII without spaces' },
      ],
    });
  });

  it('loads the S3 SDK from a bundle of its own, with the first image', async () => {
    const name = 'images';
    const handlerOf = await bundledHandler(name, [
      `import { s3ImageUploads } from '${join(projectRoot, 'shared/storage/image-uploads.ts')}';`,
      'export const handler = async () => {',
      "  const now = new Date('2026-11-24T10:00:00Z');",
      "  const { url } = await s3ImageUploads.grant('upload-1', 'image/png', 10, new Date('2026-11-24T10:15:00Z'), now);",
      '  return new URL(url).pathname;',
      '};',
    ]);
    const bundleDir = join(outdir(), name);
    const ownFiles = (await readdir(bundleDir, { recursive: true }))
      .filter((file) => file.endsWith('.mjs') && !file.startsWith('node_modules'))
      .map((file) => join(bundleDir, file));
    const ownCode = await Promise.all(ownFiles.map((file) => readFile(file, 'utf8')));
    const standalone = await readFile(join(bundleDir, 'node_modules/@standalone/s3-sdk/index.mjs'), 'utf8');

    expect(await handlerOf(lambdaEnvironment)).toBe('/uploads/upload-1');
    expect(ownCode.some((code) => code.includes('"@standalone/s3-sdk"'))).toBe(true);
    expect(standalone).toContain('AmazonS3');
  });

  it("keeps S3's XML protocol out of the cold start of the functions that read or store images", async () => {
    const imageFunctions = serviceFunctions.filter((name) => functionNeeds[name].buckets?.images);
    const coldStarts = await Promise.all(
      imageFunctions.map(async (name) => {
        // Built one by one, as CDK builds them: the chunks depend on the entry points of the build.
        const { inputs } = await bundle(
          projectRoot,
          handlerEntry(name) ?? '',
          join(outdir(), 'images', name),
        );
        return [name, Object.keys(inputs).filter((input) => /xml-builder|protocols\/xml\//.test(input))];
      }),
    );

    expect(imageFunctions).toEqual(expect.arrayContaining(['catalog', 'catalog-admin']));
    // The DynamoDB client's barrel modules re-export it: in the function's own build it would load.
    expect(Object.fromEntries(coldStarts)).toEqual(
      Object.fromEntries(imageFunctions.map((name) => [name, []])),
    );
  });

  it('refuses a static import of a module bundled apart: it would load with every cold start', async () => {
    const entry = join(outdir(), 'static-s3.ts');
    await writeFile(entry, `export { S3Client } from '${join(projectRoot, 'shared/aws/s3-sdk.ts')}';\n`);

    await expect(
      build({ ...functionBundleOptions(entry, join(outdir(), 'static-s3')), logLevel: 'silent' }),
    ).rejects.toThrow(/must load .*s3-sdk\.ts with import\(\)/);
  });

  it('signs with the credentials Lambda sets in the environment, and says so when there are none', async () => {
    const credentialsOf = await bundledHandler('credentials', [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      'export const handler = async () => {',
      "  const client = new DynamoDBClient({ region: 'eu-west-1' });",
      '  try {',
      '    const { accessKeyId, secretAccessKey, sessionToken } = await client.config.credentials();',
      '    return { accessKeyId, secretAccessKey, sessionToken };',
      '  } catch (error) { return { error: error.message }; }',
      '};',
    ]);
    const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, ...withoutCredentials } = lambdaEnvironment;

    expect(
      await credentialsOf({
        ...lambdaEnvironment,
        AWS_ACCESS_KEY_ID: 'ASIA1',
        AWS_SESSION_TOKEN: 'role-session',
      }),
    ).toEqual({ accessKeyId: 'ASIA1', secretAccessKey: AWS_SECRET_ACCESS_KEY, sessionToken: 'role-session' });
    // The SDK's default chain would go on to files, processes and metadata endpoints, and fail
    // with "Could not load credentials from any providers".
    expect(await credentialsOf(withoutCredentials)).toEqual({
      error: 'Unable to find environment variable credentials.',
    });
    expect(AWS_ACCESS_KEY_ID).toBeDefined();
  });

  describe('every function, as one build (chunks loaded on first use included)', () => {
    /** The package inputs each function's code reaches, by function name. */
    let reachedInputs: Map<string, string[]>;
    /** The same, of the code its cold start loads: chunks imported statically only. */
    let coldStartInputs: Map<string, string[]>;
    /** The modules bundled apart that each function's code imports, by function name. */
    let reachedImports: Map<string, string[]>;
    beforeAll(async () => {
      const entries = Object.fromEntries(
        serviceFunctions.flatMap((name) => {
          const entry = handlerEntry(name);
          return entry ? [[name, entry]] : [];
        }),
      );
      const { metafile } = await build({
        ...functionBundleOptions(Object.values(entries)[0] ?? '', join(outdir(), 'all')),
        entryPoints: entries,
        metafile: true,
        logLevel: 'silent',
      });
      const reached = (output: string, coldStart: boolean, seen = new Set<string>()): Set<string> => {
        if (seen.has(output)) return seen;
        seen.add(output);
        for (const { path, external, kind } of metafile.outputs[output]?.imports ?? []) {
          if (!external && (!coldStart || kind === 'import-statement')) reached(path, coldStart, seen);
        }
        return seen;
      };
      /** What `collect` finds in the output files each function reaches, by function name. */
      const byFunction = (coldStart: boolean, collect: (file: string) => string[]) =>
        new Map(
          Object.entries(metafile.outputs).flatMap(([output, { entryPoint }]) => {
            const name = Object.keys(entries).find(
              (key) => entryPoint && join(projectRoot, entryPoint) === entries[key],
            );
            return name ? [[name, [...reached(output, coldStart)].flatMap(collect)]] : [];
          }),
        );
      const inputsByFunction = (coldStart: boolean) =>
        byFunction(coldStart, (file) =>
          Object.keys(metafile.outputs[file]?.inputs ?? {}).filter((input) =>
            input.includes('node_modules/'),
          ),
        );
      reachedImports = byFunction(false, (file) =>
        (metafile.outputs[file]?.imports ?? []).flatMap(({ path, external }) => (external ? [path] : [])),
      );
      reachedInputs = inputsByFunction(false);
      coldStartInputs = inputsByFunction(true);
    });

    it('loads every function: its cold start runs to the end', async () => {
      const loader = join(outdir(), 'load.mjs');
      await writeFile(
        loader,
        'const { handler } = await import(process.argv[2]); process.stdout.write(typeof handler);',
      );
      const loaded = await Promise.all(
        serviceFunctions.map(async (name) => {
          const { stdout } = await run(process.execPath, [loader, join(outdir(), 'all', `${name}.mjs`)], {
            env: lambdaEnvironment,
          });
          return [name, stdout] as const;
        }),
      );

      expect(Object.fromEntries(loaded)).toEqual(
        Object.fromEntries(serviceFunctions.map((name) => [name, 'function'])),
      );
    });

    it('loads no schema library in the cold start of the functions that parse nothing', () => {
      const withZod = [...coldStartInputs]
        .filter(([, inputs]) => inputs.some((input) => input.includes('node_modules/zod/')))
        .map(([name]) => name);

      // The authorizer verifies tokens and reads the key set, whose schema loads with its first read.
      expect(withZod).not.toContain('authorizer');
      expect(withZod).toContain('catalog');
    });

    it('carries an S3 client only in the functions granted the images bucket, and only apart', () => {
      const withS3 = [...reachedImports]
        .filter(([, imports]) => imports.includes('@standalone/s3-sdk'))
        .map(([name]) => name);
      const withS3Inlined = [...reachedInputs]
        .filter(([, inputs]) => inputs.some((input) => input.includes('node_modules/@aws-sdk/client-s3/')))
        .map(([name]) => name);

      // Booking and eSIM read the catalog but never an image: without S3 in their code, the shared
      // chunks their cold start loads hold none of the S3 client's protocol and stream code either.
      expect([...reachedInputs.keys()]).toEqual(
        expect.arrayContaining(['booking', 'esim', 'catalog', 'catalog-admin']),
      );
      expect(withS3.sort()).toEqual(
        [...reachedInputs.keys()]
          .filter((name) => functionNeeds[name as keyof typeof functionNeeds].buckets?.images)
          .sort(),
      );
      expect(withS3Inlined).toEqual([]);
    });

    it('carries the API Gateway client only in the functions granted API Gateway', () => {
      const withApiGateway = [...reachedInputs]
        .filter(([, inputs]) =>
          inputs.some((input) => input.includes('node_modules/@aws-sdk/client-api-gateway/')),
        )
        .map(([name]) => name);

      // infra/constructs/rate-limiting.ts grants admin the plans and keys it assigns, and the
      // authorizer the staff key it reads. The quotas function only reads usage.
      expect(withApiGateway.sort()).toEqual(['admin', 'authorizer']);
    });

    it("carries no credential provider but the environment's", () => {
      const providers = new Set(
        [...reachedInputs.values()].flatMap((inputs) =>
          inputs.flatMap(
            (input) =>
              input.match(/node_modules\/@aws-sdk\/(credential-provider-[a-z-]+|nested-clients)\//)?.[1] ??
              [],
          ),
        ),
      );

      expect(reachedInputs.size).toBe(serviceFunctions.length);
      expect([...providers]).toEqual(['credential-provider-env']);
    });
  });
});
