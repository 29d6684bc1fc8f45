import { describe, expect, it } from 'vitest';
import { normalizeProfileUpdate } from '../../../../domain/account/profile-update.ts';

describe('account update (spec 000 §5)', () => {
  it('an empty date_of_birth is dropped', () => {
    expect(normalizeProfileUpdate({ firstname: 'Jan', date_of_birth: '' })).toEqual({ firstname: 'Jan' });
    expect(normalizeProfileUpdate({ date_of_birth: '  ' })).not.toHaveProperty('date_of_birth');
    expect(normalizeProfileUpdate({ date_of_birth: null })).not.toHaveProperty('date_of_birth');
    expect(normalizeProfileUpdate({ date_of_birth: '1985-04-12' })).toEqual({ date_of_birth: '1985-04-12' });
  });

  it('an empty mobile_number is replaced by a dash', () => {
    expect(normalizeProfileUpdate({ mobile_number: '' })).toEqual({ mobile_number: '-' });
    expect(normalizeProfileUpdate({ mobile_number: null })).toEqual({ mobile_number: '-' });
    expect(normalizeProfileUpdate({ mobile_number: '0612345678' })).toEqual({ mobile_number: '0612345678' });
  });

  it('fields that were not sent stay absent, and the input is not changed', () => {
    const input = { lastname: 'de Vries', date_of_birth: '', mobile_number: '' };
    expect(normalizeProfileUpdate({ lastname: 'de Vries' })).toEqual({ lastname: 'de Vries' });
    normalizeProfileUpdate(input);
    expect(input).toEqual({ lastname: 'de Vries', date_of_birth: '', mobile_number: '' });
  });
});
