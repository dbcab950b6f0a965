import { describe, expect, it } from 'vitest';
import { builtOnce } from '../../../shared/util/built-once.ts';

describe('builtOnce', () => {
  it('builds nothing until first asked, then hands out the one value it built', () => {
    let builds = 0;
    const value = builtOnce(() => {
      builds += 1;
      return { built: builds };
    });

    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(first).toEqual({ built: 1 });
    expect(builds).toBe(1);
  });

  it('keeps a value that is falsy', () => {
    let builds = 0;
    const value = builtOnce(() => {
      builds += 1;
      return 0;
    });

    expect([value(), value()]).toEqual([0, 0]);
    expect(builds).toBe(1);
  });
});
