import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_OFF_WARNING, enabledTagManager } from '../../../../../src/lib/analytics/settings.ts';

describe('analytics runs only with a tag-manager id and the GA4 flag (spec 001 §5)', () => {
  it('answers the id when both are set, else null with the warning once per page load', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(enabledTagManager({ tagManagerId: 'GTM-AB12', ga4: true })).toBe('GTM-AB12');
    expect(warn).not.toHaveBeenCalled();
    expect(enabledTagManager({ tagManagerId: 'GTM-AB12', ga4: false })).toBeNull();
    expect(enabledTagManager({ tagManagerId: null, ga4: true })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(ANALYTICS_OFF_WARNING);
    warn.mockRestore();
  });
});
