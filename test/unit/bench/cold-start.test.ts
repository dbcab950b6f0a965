import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundle,
  floorEntry,
  functionGroups,
  libraryImports,
  routeModulesOf,
} from '../../../bench/sections/cold-start.ts';
import { failureOf, firstInvocations, scheduledEvent } from '../../../bench/sections/first-invocations.ts';
import { projectRoot } from '../../../infra/constructs/entries.ts';
import { scratchDir } from '../support/scratch-dir.ts';

const outdir = scratchDir('cold-start-');

describe('what a cold start loads', () => {
  it('is index.mjs and the chunks it imports, not the code import() loads on first use', async () => {
    const entry = join(projectRoot, 'functions', 'admin', 'handler.ts');
    const chunked = await bundle(projectRoot, entry, join(outdir(), 'chunked'));
    const oneFile = await bundle(projectRoot, entry, join(outdir(), 'one-file'), { splitting: false });
    const loaded = (inputs: Record<string, unknown>) => Object.keys(inputs);
    const lambdaSdk = (input: string) => input.includes('node_modules/@aws-sdk/client-lambda/');

    expect(loaded(chunked.inputs)).toContain('shared/http/pipeline/index.ts');
    expect(loaded(chunked.inputs)).not.toContain('shared/pki/certificate-signing.ts');
    expect(loaded(chunked.inputs).some(lambdaSdk)).toBe(false);
    expect(loaded(oneFile.inputs)).toContain('shared/pki/certificate-signing.ts');
    expect(loaded(oneFile.inputs).some(lambdaSdk)).toBe(true);
    expect(oneFile.bytes - chunked.bytes).toBeGreaterThan(200 * 1024);
  });

  it('leaves the partner CA and the X.509 code out of the admin function altogether', async () => {
    const entry = join(projectRoot, 'functions', 'admin', 'handler.ts');
    const { inputs } = await bundle(projectRoot, entry, join(outdir(), 'admin'), { splitting: false });
    const inputNames = Object.keys(inputs);

    expect(inputNames).not.toContain('shared/pki/partner-ca.ts');
    expect(inputNames).not.toContain('shared/pki/certificates.ts');
    expect(inputNames.some((input) => input.includes('node_modules/@peculiar/x509/'))).toBe(false);
  });
});

describe('cold start floors', () => {
  it('collect the value imports of the SDK, jose and zod, and nothing else', () => {
    const sources = [
      "import { DynamoDBClient, type AttributeValue } from '@aws-sdk/client-dynamodb';",
      "import type { Context } from 'aws-lambda';\nimport {\n  jwtVerify,\n  SignJWT as Signer,\n} from 'jose';",
      "import type { ZodType } from 'zod';\nimport { z } from 'zod';\nimport middy from '@middy/core';",
    ];

    const imports = libraryImports(sources);

    expect([...imports.keys()]).toEqual(['@aws-sdk/client-dynamodb', 'jose', 'zod']);
    expect([...(imports.get('@aws-sdk/client-dynamodb')?.names ?? [])]).toEqual(['DynamoDBClient']);
    expect([...(imports.get('jose')?.names ?? [])]).toEqual(['jwtVerify', 'SignJWT']);
    expect([...(imports.get('zod')?.names ?? [])]).toEqual(['z']);
  });

  it('take the members used of a namespace import, and the namespace only where it is used whole', () => {
    const members = libraryImports([
      "import * as z from 'zod';\nexport const id = z.uuid();\nexport const page = z.object({ n: z.int() });\ntype Id = z.output<typeof id>;",
    ]);
    const whole = libraryImports(["import * as jose from 'jose';\nexport const keep = jose;"]);

    expect([...(members.get('zod')?.names ?? [])]).toEqual(['uuid', 'object', 'int', 'output']);
    expect(members.get('zod')?.namespace).toBe(false);
    expect(whole.get('jose')?.namespace).toBe(true);
  });

  it("count our schemas' imports through shared/schemas/zod.ts as zod's mini API, types left out", () => {
    const imports = libraryImports([
      "import * as z from '../../schemas/zod.ts';\nexport const id = z.uuid();",
      "import * as z from './zod.ts';\nexport const page = z.object({});\nexport type Any = z.core.$ZodType;",
      "import { uuid } from './common.ts';",
    ]);

    expect([...imports.keys()]).toEqual(['zod/mini']);
    expect([...(imports.get('zod/mini')?.names ?? [])]).toEqual(['uuid', 'object']);
  });

  it('build an entry that imports exactly those bindings and keeps them alive', () => {
    const entry = floorEntry(
      libraryImports([
        "import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';",
        "import * as jose from 'jose';\nexport const keep = jose;",
      ]),
    );

    expect(entry).toContain("import { GetCommand as _0, PutCommand as _1 } from '@aws-sdk/lib-dynamodb';");
    expect(entry).toContain("import * as _2 from 'jose';");
    expect(entry).toContain('export const keep = [_0, _1, _2];');
  });

  it('serve a first request with one bare GetItem when given that handler', () => {
    const entry = floorEntry(
      libraryImports(["import { DynamoDBClient } from '@aws-sdk/client-dynamodb';"]),
      'export const handler = async () => getItem();',
    );

    expect(entry).toContain('export const keep = [_0];');
    expect(entry).toContain('export const handler = async () => getItem();');
    expect(entry).not.toContain('keep.length');
  });
});

describe('cold start first requests and schemas', () => {
  it('find the route modules a handler imports: the schemas its cold start builds', async () => {
    const source = await readFile(join(projectRoot, 'functions', 'catalog', 'handler.ts'), 'utf8');

    expect(routeModulesOf(source, projectRoot)).toEqual([
      join(projectRoot, 'shared', 'routes', 'catalog.ts'),
    ]);
  });

  it('define a first invocation for every function, and for no function that does not exist', async () => {
    const groups = await functionGroups(projectRoot);

    expect(Object.keys(firstInvocations).sort()).toEqual(groups);
  });

  it('count an invocation as served only when its answer is a success', () => {
    expect(failureOf({ statusCode: 200 })).toBeUndefined();
    expect(failureOf({ statusCode: 202 })).toBeUndefined();
    expect(failureOf({ batchItemFailures: 0 })).toBeUndefined();
    expect(failureOf({ effect: 'Allow' })).toBeUndefined();
    // A scheduled run that returns, whatever it returns, has succeeded.
    expect(failureOf({})).toBeUndefined();

    expect(failureOf({ statusCode: 304 })).toBe('it answered 304');
    expect(failureOf({ statusCode: 401 })).toBe('it answered 401');
    expect(failureOf({ batchItemFailures: 1 })).toBe('1 record(s) of its batch failed');
    expect(failureOf({ effect: 'Deny' })).toBe("its policy's effect is Deny");
    expect(failureOf(undefined)).toBe('the handler returned no answer');
  });

  it('trigger a scheduled worker with the event EventBridge sends its rule', () => {
    const event = scheduledEvent('booking-expiry', new Date('2026-11-02T10:00:00.000Z'));

    expect(event).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: '2026-11-02T10:00:00.000Z',
      detail: {},
    });
    expect(event.resources[0]).toMatch(/:rule\/booking-expiry$/);
  });
});
