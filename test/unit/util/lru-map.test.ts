import { describe, expect, it } from 'vitest';
import { LruMap } from '../../../shared/util/lru-map.ts';

describe('LruMap', () => {
  it('drops the least recently used entry when it grows past its capacity', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);

    map.get('a');
    map.set('c', 3);

    expect(map.get('a')).toBe(1);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('c')).toBe(3);
    expect(map.size).toBe(2);
  });

  it('replaces a value without growing', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('a', 2);

    expect(map.get('a')).toBe(2);
    expect(map.size).toBe(1);
  });

  it('keeps as many entries as fit in a total weight, dropping the least recently used first', () => {
    const map = new LruMap<string, string>(6, (value) => value.length);
    map.set('a', 'aa');
    map.set('b', 'bb');
    map.get('a');
    map.set('c', 'cccc');

    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe('aa');
    expect(map.get('c')).toBe('cccc');

    map.set('a', 'a');
    map.set('d', 'd');
    expect(map.size).toBe(3);
  });
});
