import { describe, expect, it } from 'vitest';
import { memoryFlat } from '../../../bench/sections/soak.ts';

describe('the soak memory budget', () => {
  it('holds while the end stays within 10% or 32 MiB of the middle, whichever is more', () => {
    expect(memoryFlat(100, 132)).toBe(true);
    expect(memoryFlat(100, 133)).toBe(false);
    expect(memoryFlat(500, 550)).toBe(true);
    expect(memoryFlat(500, 551)).toBe(false);
    expect(memoryFlat(300, 250)).toBe(true);
  });
});
