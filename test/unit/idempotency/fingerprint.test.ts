import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from '../../../shared/idempotency/fingerprint.ts';

describe('request fingerprints', () => {
  it('ignore field order and whitespace at every depth', () => {
    const a = JSON.parse('{"b": 1, "a": {"y": [1, {"k": 2, "j": 3}], "x": null}}');
    const b = JSON.parse('{"a":{"x":null,"y":[1,{"j":3,"k":2}]},"b":1}');

    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(requestFingerprint({}, a)).toBe(requestFingerprint({}, b));
  });

  it('differ when any value differs, including array order', () => {
    expect(requestFingerprint({}, { guests: [1, 2] })).not.toBe(requestFingerprint({}, { guests: [2, 1] }));
    expect(requestFingerprint({}, { name: 'A' })).not.toBe(requestFingerprint({}, { name: 'a' }));
  });

  it('include path values, so a top-up of another iccid is another request', () => {
    const body = { package_template_id: 'p' };

    expect(requestFingerprint({ iccid: '8944' }, body)).not.toBe(requestFingerprint({ iccid: '8945' }, body));
  });

  it('treat an absent body like null and keep unicode intact', () => {
    expect(requestFingerprint({}, undefined)).toBe(requestFingerprint({}, null));
    expect(canonicalJson({ name: 'Шереметьево' })).toBe('{"name":"Шереметьево"}');
  });
});
