import { describe, expect, it } from 'vitest';
import { contractFromDrafts, draftToSelection, selectionToDraft } from './account/contract-form.ts';
import { describeIccidErrors, parseIccidList } from './account/iccids.ts';
import { auditFilterFromForm } from './audit-filter.ts';
import { diffEntries } from './diff.ts';
import { matchesSearch } from './search.ts';

describe('the ICCID list', () => {
  it('splits lines, commas and spaces, drops a CSV header and duplicates', () => {
    expect(
      parseIccidList('iccid\n8944500000000000001, 8944500000000000019\n"8944500000000000001"\n'),
    ).toEqual({
      iccids: ['8944500000000000001', '8944500000000000019'],
      duplicates: 1,
    });
    expect(parseIccidList('   ')).toEqual({ iccids: [], duplicates: 0 });
  });

  it('says which ICCID a validation error points at', () => {
    const state = {
      status: 'error' as const,
      problem: {
        code: 'ValidationError',
        title: 'Validation failed',
        status: 422,
        details: { errors: [{ path: 'body.iccids.1', message: 'Luhn check failed' }] },
      },
    };

    expect(
      describeIccidErrors(['Luhn check failed'], state, ['8944500000000000001', '8944500000000000018']),
    ).toEqual(['ICCID 2 (8944500000000000018): Luhn check failed']);
  });
});

describe('the contract form', () => {
  it('turns "all" and id lists into the form and back', () => {
    expect(selectionToDraft('all')).toEqual({ all: true, ids: '' });
    expect(selectionToDraft(['a', 'b'])).toEqual({ all: false, ids: 'a\nb' });
    expect(draftToSelection({ all: false, ids: 'a\n b, a\n\n' })).toEqual(['a', 'b']);
    expect(
      contractFromDrafts({
        lounges: { all: true, ids: 'ignored' },
        fast_tracks: { all: false, ids: '' },
        tariffs: { all: false, ids: 't1' },
      }),
    ).toEqual({ lounges: 'all', fast_tracks: [], tariffs: ['t1'] });
  });
});

describe('the audit log filter', () => {
  it('leaves blank filters out and sends since as RFC 3339 UTC', () => {
    const filter = auditFilterFromForm({
      actor: ' emp-1 ',
      target: '',
      action: 'disableAccount',
      since: '2026-03-01T10:30',
    });

    expect(filter.actor).toBe('emp-1');
    expect(filter.target).toBeUndefined();
    expect(filter.action).toBe('disableAccount');
    expect(filter.since).toBe(new Date('2026-03-01T10:30').toISOString().replace('.000Z', 'Z'));
    expect(filter.since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe('the draft diff', () => {
  it('reads a list of changes', () => {
    expect(
      diffEntries({ changes: [{ kind: 'lounges', id: 'l1', change: 'changed', fields: ['name'] }] }),
    ).toEqual([{ kind: 'lounges', id: 'l1', change: 'changed', fields: ['name'] }]);
  });

  it('reads changes grouped by kind', () => {
    expect(diffEntries({ hubs: { added: ['h1'], deactivated: [{ id: 'h2', name: 'Old' }] } })).toEqual([
      { kind: 'hubs', change: 'added', id: 'h1', fields: [] },
      { kind: 'hubs', change: 'deactivated', id: 'h2', name: 'Old', fields: [] },
    ]);
  });

  it('gives up on an unknown shape, so the page shows the JSON as it came', () => {
    expect(diffEntries({ version: 3 })).toBeUndefined();
    expect(diffEntries('text')).toBeUndefined();
  });
});

describe('search over loaded rows', () => {
  it('matches every word, case-insensitively, in any column', () => {
    expect(matchesSearch('acme ACTIVE', ['Acme Travel', 'id-1', 'Active'])).toBe(true);
    expect(matchesSearch('acme disabled', ['Acme Travel', 'id-1', 'Active'])).toBe(false);
    expect(matchesSearch('  ', ['anything'])).toBe(true);
  });
});
