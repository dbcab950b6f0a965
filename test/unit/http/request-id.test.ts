import { describe, expect, it } from 'vitest';
import { resolveRequestId } from '../../../shared/http/request-id.ts';

describe('request ids', () => {
  it('echo a plain caller id', () => {
    expect(resolveRequestId('trace-42.a:b_c')).toBe('trace-42.a:b_c');
  });

  it('replace an id that could forge log lines or headers', () => {
    const replaced = resolveRequestId('abc\r\nX-Evil: 1');

    expect(replaced).not.toContain('Evil');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('generate one when none was sent', () => {
    expect(resolveRequestId(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
