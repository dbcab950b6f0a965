import { describe, expect, it } from 'vitest';
import { alternate } from '../../../bench/alternate.ts';
import { measure } from '../../../bench/report.ts';
import { median, pairedRatios, percentile, spread } from '../../../bench/stats.ts';

describe('bench statistics', () => {
  it('take the middle value as the median of an odd count, and the mean of the middle two of an even one', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('interpolate percentiles between closest ranks', () => {
    const values = [10, 20, 30, 40, 50];

    expect(percentile(values, 0)).toBe(10);
    expect(percentile(values, 25)).toBe(20);
    expect(percentile(values, 90)).toBeCloseTo(46);
    expect(percentile(values, 99)).toBeCloseTo(49.6);
    expect(percentile(values, 100)).toBe(50);
  });

  it('leave the caller’s samples in their order', () => {
    const samples = [3, 1, 2];

    percentile(samples, 50);

    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuse to summarize no samples or an impossible percentile', () => {
    expect(() => median([])).toThrow('No samples');
    expect(() => percentile([1], 101)).toThrow('outside 0..100');
  });

  it('report the spread as min, quartiles and max', () => {
    expect(spread([5, 1, 4, 2, 3])).toEqual({ min: 1, p25: 2, median: 3, p75: 4, max: 5 });
  });

  it('divide each sample by the floor measured next to it', () => {
    expect(pairedRatios([2, 9, 4], [1, 3, 4])).toEqual([2, 3, 1]);
    expect(() => pairedRatios([1, 2], [1])).toThrow('one floor sample per sample');
  });

  it('give a row the median of the per-repetition ratios, not the ratio of the medians', () => {
    // Medians 4 / 2 would say 2x; repetition by repetition ours was 3x, 1x and 3x its floor.
    const measured = measure([3, 4, 6], [1, 4, 2], 'ms');

    expect(measured.ratio).toBe(3);
    expect(measured.spread.min).toBe(1);
    expect(measured.spread.max).toBe(3);
    expect(measured.ours).toBe(4);
    expect(measured.floor).toBe(2);
  });
});

describe('alternating runs', () => {
  it('rotate which contender goes first in each repetition', async () => {
    const order: string[] = [];
    const contender = (name: string, value: number) => async () => {
      order.push(name);
      return value;
    };

    const samples = await alternate(3, [contender('A', 1), contender('B', 2)]);

    expect(order).toEqual(['A', 'B', 'B', 'A', 'A', 'B']);
    expect(samples).toEqual([
      [1, 1, 1],
      [2, 2, 2],
    ]);
  });
});
