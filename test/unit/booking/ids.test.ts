import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { uuidV7 } from '../../../shared/domain/booking/ids.ts';

describe('booking ids', () => {
  it('are version 7 UUIDs', () => {
    const id = uuidV7();

    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id[14]).toBe('7');
  });

  it('sort by creation time', () => {
    const earlier = uuidV7(new Date('2030-05-01T10:00:00.000Z'));
    const later = uuidV7(new Date('2030-05-01T10:00:00.001Z'));

    expect(earlier < later).toBe(true);
  });

  it('carry the creation time in their first 48 bits', () => {
    const time = new Date('2030-05-01T10:00:00.123Z');

    expect(Number.parseInt(uuidV7(time).replaceAll('-', '').slice(0, 12), 16)).toBe(time.getTime());
  });
});
