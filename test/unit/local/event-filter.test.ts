import { describe, expect, it } from 'vitest';
import { matchesPattern, passesFilters } from '../../../infra/local/event-filter.ts';

const record = {
  eventName: 'INSERT',
  dynamodb: {
    Keys: { pk: { S: 'BOOKING#1' } },
    NewImage: { pk: { S: 'BOOKING#1' }, status: { S: 'Issued' }, tags: { SS: ['a', 'b'] } },
  },
};

describe('matchesPattern', () => {
  it('matches exact values at any depth', () => {
    expect(matchesPattern({ eventName: ['INSERT', 'MODIFY'] }, record)).toBe(true);
    expect(matchesPattern({ eventName: ['REMOVE'] }, record)).toBe(false);
    expect(matchesPattern({ dynamodb: { NewImage: { status: { S: ['Issued'] } } } }, record)).toBe(true);
  });

  it('matches prefix and suffix', () => {
    expect(matchesPattern({ dynamodb: { Keys: { pk: { S: [{ prefix: 'BOOKING#' }] } } } }, record)).toBe(
      true,
    );
    expect(matchesPattern({ dynamodb: { Keys: { pk: { S: [{ prefix: 'ESIM#' }] } } } }, record)).toBe(false);
    expect(matchesPattern({ dynamodb: { Keys: { pk: { S: [{ suffix: '#1' }] } } } }, record)).toBe(true);
  });

  it('matches the presence or absence of a field', () => {
    expect(matchesPattern({ dynamodb: { OldImage: [{ exists: false }] } }, record)).toBe(true);
    expect(matchesPattern({ dynamodb: { NewImage: [{ exists: true }] } }, record)).toBe(true);
    expect(matchesPattern({ dynamodb: { OldImage: [{ exists: true }] } }, record)).toBe(false);
  });

  it('matches anything but the listed values', () => {
    expect(matchesPattern({ eventName: [{ 'anything-but': ['REMOVE'] }] }, record)).toBe(true);
    expect(matchesPattern({ eventName: [{ 'anything-but': 'INSERT' }] }, record)).toBe(false);
  });

  it('matches an array field when any element matches', () => {
    expect(matchesPattern({ dynamodb: { NewImage: { tags: { SS: ['b'] } } } }, record)).toBe(true);
  });

  it('does not match a nested pattern against a missing field', () => {
    expect(matchesPattern({ dynamodb: { OldImage: { status: { S: ['Issued'] } } } }, record)).toBe(false);
  });
});

describe('passesFilters', () => {
  it('lets everything through without patterns and needs one match among several', () => {
    expect(passesFilters(undefined, record)).toBe(true);
    expect(passesFilters([], record)).toBe(true);
    expect(passesFilters([{ eventName: ['REMOVE'] }, { eventName: ['INSERT'] }], record)).toBe(true);
    expect(passesFilters([{ eventName: ['REMOVE'] }], record)).toBe(false);
  });
});
