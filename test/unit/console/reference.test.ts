import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCodesMarkdown, operationsByCode } from '../../../console/reference/build.ts';

const document = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8'));

describe("the API reference's Error codes chapter", () => {
  it('reads the codes of the problem answers each operation references from components.responses', () => {
    const byCode = operationsByCode(document);

    expect(byCode.get('PassServiceTypeMismatch')).toEqual([
      'getLoungePass',
      'getLoungeWalletPass',
      'getFastTrackPass',
      'getFastTrackWalletPass',
    ]);
    expect(byCode.get('Unauthorized')?.length).toBeGreaterThan(50);
  });

  it('names the operations that return each code, counted through the referenced answers', () => {
    const chapter = errorCodesMarkdown(document);

    expect(chapter).toContain(
      '| `EsimInvalidState` | 409 | `suspendOwnEsim`, `resumeOwnEsim`, `suspendEsim`, `resumeEsim` |',
    );
    expect(chapter).toMatch(/\| `Unauthorized` \| 401 \| \d+ operations \|/);
  });

  it('refuses a reference to a response the document does not have', () => {
    const broken = {
      ...document,
      paths: {
        '/x': { get: { operationId: 'x', responses: { 404: { $ref: '#/components/responses/Missing' } } } },
      },
    };

    expect(() => operationsByCode(broken)).toThrow('Unresolved reference #/components/responses/Missing');
  });
});
