import { describe, expect, it } from 'vitest';
import { floorEntry, libraryImports } from '../../../bench/sections/cold-start.ts';

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
});
