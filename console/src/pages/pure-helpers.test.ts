import { describe, expect, it } from 'vitest';
import { contractFromDrafts, draftToSelection, selectionToDraft } from './account/contract-form.ts';
import { describeIccidErrors, parseIccidList } from './account/iccids.ts';
import { auditFilterFromForm } from './audit-filter.ts';
import { diffRows, typeLabel } from './diff.ts';
import { matchesSearch } from './search.ts';
import { choicesWithSelected, toggled } from './venue/item-selection.ts';

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

  it('sends the billing terms typed, numbers as numbers, and leaves blank ones out', () => {
    const scopes = {
      lounges: { all: true, ids: '' },
      fast_tracks: { all: true, ids: '' },
      tariffs: { all: true, ids: '' },
    };
    const terms = {
      discount_percent: ' 12.5 ',
      billing_basis: 'per_pass',
      free_cancellation_hours: '',
      cancellation_fee_percent: 'lots',
      no_show_fee_percent: '0',
      esim_refund_days: '',
    };

    expect(contractFromDrafts(scopes, terms)).toEqual({
      lounges: 'all',
      fast_tracks: 'all',
      tariffs: 'all',
      discount_percent: 12.5,
      cancellation_fee_percent: 'lots',
      no_show_fee_percent: 0,
      billing_basis: 'per_pass',
    });
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
  const name = (english: string) => ({ 'en-US': english, 'ru-RU': english });

  it('lists added, changed, deactivated and removed items, with each field before and after', () => {
    const rows = diffRows({
      published_version: 'v1',
      has_changes: true,
      added: [{ type: 'tariff', id: 't1', name: name('Europe 5 GB') }],
      changed: [
        {
          type: 'lounge',
          id: 'l1',
          name: name('Blue Lounge'),
          fields: [
            { path: 'name.en-US', before: 'Blue', after: 'Blue Lounge' },
            { path: 'coordinates', before: undefined, after: { latitude: 1, longitude: 2 } },
          ],
        },
      ],
      deactivated: [
        {
          type: 'hub',
          id: 'h1',
          name: name('Old'),
          fields: [{ path: 'is_active', before: true, after: false }],
        },
      ],
      removed: [{ type: 'amenity', id: 'sauna', name: name('Sauna') }],
    });

    expect(rows.map((row) => [row.change, typeLabel(row.type), row.id])).toEqual([
      ['added', 'eSIM tariff', 't1'],
      ['changed', 'Lounge', 'l1'],
      ['deactivated', 'Hub', 'h1'],
      ['removed', 'Amenity', 'sauna'],
    ]);
    expect(rows[1]?.fields).toEqual([
      { path: 'name.en-US', before: 'Blue', after: 'Blue Lounge' },
      { path: 'coordinates', before: 'not set', after: '{"latitude":1,"longitude":2}' },
    ]);
    expect(rows[2]?.fields).toEqual([{ path: 'is_active', before: 'true', after: 'false' }]);
  });

  it('has no row when the draft equals the published catalog', () => {
    expect(
      diffRows({
        published_version: 'v1',
        has_changes: false,
        added: [],
        changed: [],
        deactivated: [],
        removed: [],
      }),
    ).toEqual([]);
  });
});

describe('search over loaded rows', () => {
  it('matches every word, case-insensitively, in any column', () => {
    expect(matchesSearch('acme ACTIVE', ['Acme Travel', 'id-1', 'Active'])).toBe(true);
    expect(matchesSearch('acme disabled', ['Acme Travel', 'id-1', 'Active'])).toBe(false);
    expect(matchesSearch('  ', ['anything'])).toBe(true);
  });
});

describe("a venue's item choices", () => {
  const lounge = (id: string) => ({ id, name: `Lounge ${id}`, active: true });

  it('keeps a chosen id the catalog list does not have, after the catalog', () => {
    expect(choicesWithSelected([lounge('a'), lounge('b')], ['b', 'gone'])).toEqual([
      lounge('a'),
      lounge('b'),
      { id: 'gone', name: 'Not in the catalog list', active: true },
    ]);
  });

  it('adds and removes one id, keeping the order of the list', () => {
    const all = [lounge('a'), lounge('b'), lounge('c')];
    expect(toggled(all, ['c'], 'a', true)).toEqual(['a', 'c']);
    expect(toggled(all, ['a', 'c'], 'c', false)).toEqual(['a']);
    expect(toggled(all, [], 'b', false)).toEqual([]);
  });
});
