import { describe, expect, it } from 'vitest';
import { isPayloadTooOld, payloadVersionRefusal } from '../../../domain/payload-version.ts';

describe('payload versions (docs/api.md "Payload versions")', () => {
  const taken = { oldest: 2, current: 3 };

  it('an endpoint takes every version from its oldest to its current; no header is version 1', () => {
    expect(payloadVersionRefusal('2', taken)).toBeNull();
    expect(payloadVersionRefusal(['3'], taken)).toBeNull();
    expect(payloadVersionRefusal(undefined, { oldest: 1, current: 1 })).toBeNull();
  });

  it('an older version is too old, naming the header and what the endpoint takes', () => {
    expect(payloadVersionRefusal('1', taken)).toEqual({
      error: 'payload_version_too_old',
      field: 'x-payload-version',
      version: 1,
      oldest: 2,
      current: 3,
    });
    expect(payloadVersionRefusal(undefined, taken)?.error).toBe('payload_version_too_old');
  });

  it('a newer version or one that is not a number is unknown', () => {
    expect(payloadVersionRefusal('4', taken)?.error).toBe('payload_version_unknown');
    expect(payloadVersionRefusal('1.5', taken)).toMatchObject({ error: 'payload_version_unknown', version: null });
  });

  it('the device tells a too-old refusal from any other 400', () => {
    expect(isPayloadTooOld({ code: 400, meta: { error: 'payload_version_too_old' } })).toBe(true);
    expect(isPayloadTooOld({ code: 400, meta: { error: 'payload_version_unknown' } })).toBe(false);
    expect(isPayloadTooOld({ code: 400 })).toBe(false);
  });
});
