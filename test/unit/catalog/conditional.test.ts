import { describe, expect, it } from 'vitest';
import {
  entityTag,
  httpDate,
  ifNoneMatchMatches,
  isNotModified,
  parseHttpDate,
} from '../../../shared/domain/catalog/conditional.ts';

const etag = entityTag('en-US', 'body');
const lastModified = new Date('2030-01-02T10:00:00.000Z');
const current = { etag, lastModified };

describe('entity tags', () => {
  it('are strong, quoted and the same for the same parts', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(entityTag('en-US', 'body')).toBe(etag);
  });

  it('differ when any part differs, including where one part ends', () => {
    expect(entityTag('ru-RU', 'body')).not.toBe(etag);
    expect(entityTag('en-US', 'body!')).not.toBe(etag);
    expect(entityTag('en-USb', 'ody')).not.toBe(etag);
  });
});

describe('If-None-Match', () => {
  it.each([
    ['the same strong tag', etag],
    ['the tag marked weak', `W/${etag}`],
    ['a list holding the tag', `"other", ${etag}, W/"third"`],
    ['a list without spaces', `"other",W/${etag}`],
    ['the wildcard', '*'],
  ])('matches %s (weak comparison)', (_case, header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(true);
  });

  it.each([
    ['another tag', '"something-else"'],
    ['the tag without quotes', etag.replaceAll('"', '')],
    ['an empty list', ''],
  ])('does not match %s', (_case, header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(false);
  });
});

describe('HTTP dates', () => {
  it('are written as IMF-fixdate', () => {
    expect(httpDate(lastModified)).toBe('Wed, 02 Jan 2030 10:00:00 GMT');
  });

  it.each([
    ['IMF-fixdate', 'Wed, 02 Jan 2030 10:00:00 GMT'],
    ['RFC 850', 'Wednesday, 02-Jan-30 10:00:00 GMT'],
    ['asctime', 'Wed Jan  2 10:00:00 2030'],
  ])('are read in the %s form', (_form, value) => {
    expect(parseHttpDate(value)).toBe(lastModified.getTime());
  });

  it.each([['2030-01-02'], ['yesterday'], ['Wed, 02 Jan 2030 10:00:00 +0300'], ['']])(
    'refuse %j, which is not an HTTP-date',
    (value) => {
      expect(parseHttpDate(value)).toBeUndefined();
    },
  );
});

describe('not modified (RFC 9110 section 13.2.2)', () => {
  it('is true when If-None-Match matches, whatever If-Modified-Since says', () => {
    expect(
      isNotModified({ ifNoneMatch: etag, ifModifiedSince: 'Mon, 01 Jan 2029 00:00:00 GMT' }, current),
    ).toBe(true);
  });

  it('is false when If-None-Match does not match, even with a later If-Modified-Since', () => {
    expect(
      isNotModified({ ifNoneMatch: '"old"', ifModifiedSince: 'Mon, 01 Jan 2035 00:00:00 GMT' }, current),
    ).toBe(false);
  });

  it('is true when If-Modified-Since equals Last-Modified', () => {
    expect(isNotModified({ ifModifiedSince: httpDate(lastModified) }, current)).toBe(true);
  });

  it('is true when If-Modified-Since is later than Last-Modified', () => {
    expect(isNotModified({ ifModifiedSince: 'Thu, 03 Jan 2030 00:00:00 GMT' }, current)).toBe(true);
  });

  it('is false when If-Modified-Since is earlier than Last-Modified', () => {
    expect(isNotModified({ ifModifiedSince: 'Wed, 02 Jan 2030 09:59:59 GMT' }, current)).toBe(false);
  });

  it('compares at second precision, as HTTP-dates are', () => {
    const withMillis = { etag, lastModified: new Date('2030-01-02T10:00:00.750Z') };
    expect(isNotModified({ ifModifiedSince: 'Wed, 02 Jan 2030 10:00:00 GMT' }, withMillis)).toBe(true);
  });

  it('ignores an invalid If-Modified-Since', () => {
    expect(isNotModified({ ifModifiedSince: 'not a date' }, current)).toBe(false);
  });

  it('is false without preconditions', () => {
    expect(isNotModified({}, current)).toBe(false);
  });
});
