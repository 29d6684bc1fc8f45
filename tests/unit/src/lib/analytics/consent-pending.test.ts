import { describe, expect, it } from 'vitest';
import { CONSENT_PENDING_SCRIPT } from '../../../../../src/lib/analytics/consent.ts';

/**
 * The server-rendered document's first script: it marks `<html>` where the consent banner must show (no choice on the
 * device, or storage that cannot be read), before the body is painted.
 */
function run(storage: { getItem(key: string): string | null }): boolean {
  const attributes = new Map<string, string>();
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  new Function('localStorage', 'document', CONSENT_PENDING_SCRIPT)(storage, document);
  return attributes.has('data-consent-pending');
}

describe('the consent banner on a server-rendered page', () => {
  it('shows where the device holds no choice', () => {
    expect(run({ getItem: () => null })).toBe(true);
  });

  it('stays hidden after an accept or a refusal', () => {
    expect(run({ getItem: (key) => (key === 'ofm-analytics-consent' ? 'accepted' : null) })).toBe(false);
    expect(run({ getItem: (key) => (key === 'ofm-analytics-consent' ? 'refused' : null) })).toBe(false);
  });

  it('shows where storage is blocked, as the app does (the choice then holds for the page only)', () => {
    expect(
      run({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe(true);
  });
});
