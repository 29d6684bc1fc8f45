import { describe, expect, it } from 'vitest';
import { nl } from '../../../../src/lib/i18n/nl.ts';
import {
  isRequired,
  isStrongPassword,
  isValidDateOfBirth,
  isValidEmail,
  isValidHouseNumber,
  isValidMobile,
  isValidName,
  isValidPostcode,
  isValidSearchTerm,
  maxLength,
  normalizePostcode,
  passwordsMatch,
  VALIDATION_MESSAGES as M,
} from '../../../../domain/validation/index.ts';

describe('validation messages (spec 001 §5)', () => {
  it('every validation message key has a Dutch text in the app catalogue', () => {
    for (const key of Object.values(M)) expect(nl, key).toHaveProperty([key]);
  });
});

describe('password (spec 001 §5)', () => {
  it('at least 8 characters', () => {
    expect(isStrongPassword('Ab1#xyz')).toBe(M.passwordTooShort);
    expect(isStrongPassword('Ab1#xyzw')).toBeNull();
  });

  it('at least 3 of 4 classes: lower, upper, digits, special', () => {
    expect(isStrongPassword('abcdefgh')).toBe(M.passwordWeak);
    expect(isStrongPassword('abcdEFGH')).toBe(M.passwordWeak);
    expect(isStrongPassword('abcdEF12')).toBeNull();
    expect(isStrongPassword('abcd12#!')).toBeNull();
    expect(isStrongPassword('ABCD12#!')).toBeNull();
    expect(isStrongPassword('Welkom#2026')).toBeNull();
    expect(isStrongPassword('12345678')).toBe(M.passwordWeak);
  });

  it('the two passwords must be identical', () => {
    expect(passwordsMatch('Welkom#2026', 'Welkom#2026')).toBeNull();
    expect(passwordsMatch('Welkom#2026', 'welkom#2026')).toBe(M.passwordsDiffer);
  });
});

describe('e-mail (spec 001 §5)', () => {
  it('a valid e-mail address', () => {
    for (const ok of ['demo@ofm-shop.nl', 'jan.de.vries+shop@example.co.uk', ' a@b.be '])
      expect(isValidEmail(ok), ok).toBeNull();
    for (const bad of [
      '',
      'demo',
      'demo@',
      '@ofm.nl',
      'demo@ofm',
      'de mo@ofm.nl',
      'a..b@ofm.nl',
      'a@b@c.nl',
      'demo@-ofm.nl',
    ]) {
      expect(isValidEmail(bad), bad).toBe(M.email);
    }
  });
});

describe('mobile number (spec 001 §5)', () => {
  it('10 to 16 digits, starting with 0 or +31', () => {
    expect(isValidMobile('0612345678')).toBeNull();
    expect(isValidMobile('06-12 34 56 78')).toBeNull();
    expect(isValidMobile('+31 6 12345678')).toBeNull();
    expect(isValidMobile('061234567')).toBe(M.mobile); // 9 digits
    expect(isValidMobile('+316123456789012')).toBeNull(); // 15 digits
    expect(isValidMobile('+31612345678901234')).toBe(M.mobile); // 17 digits
    expect(isValidMobile('612345678')).toBe(M.mobile);
    expect(isValidMobile('+4915112345678')).toBe(M.mobile);
    expect(isValidMobile('06123456ab')).toBe(M.mobile);
  });

  it('+32 is accepted for Belgian customers (documented extension)', () => {
    expect(isValidMobile('+32 470 12 34 56')).toBeNull();
    expect(isValidMobile('0470 12 34 56')).toBeNull();
  });
});

describe('name (spec 001 §5)', () => {
  it('at least 2 letters', () => {
    for (const ok of ['Jo', 'Jan-Willem', "O'Neil", 'van der Berg', 'Zoë', 'Ångström'])
      expect(isValidName(ok), ok).toBeNull();
    expect(isValidName('J')).toBe(M.name);
    expect(isValidName('  ')).toBe(M.name);
    expect(isValidName('Jan2')).toBe(M.name);
  });

  it('a variant says 3 letters', () => {
    expect(isValidName('Jo', 3)).toBe(M.nameLong);
    expect(isValidName('Jos', 3)).toBeNull();
  });
});

describe('postcode and house number (spec 001 §5)', () => {
  it('NL postcode 1234 AB, space optional, any case', () => {
    for (const ok of ['1234 AB', '1234AB', '1234ab', ' 9999 zz ']) expect(isValidPostcode('NL', ok), ok).toBeNull();
    for (const bad of ['0123 AB', '123 AB', '1234 A', '1234 ABC', '1234 SS', '1234 SA', '1234 SD', '']) {
      expect(isValidPostcode('NL', bad), bad).toBe(M.postcodeAndHouseNumber);
    }
    expect(normalizePostcode('nl', '1234ab')).toBe('1234 AB');
  });

  it('BE postcode 4 digits', () => {
    expect(isValidPostcode('BE', '2000')).toBeNull();
    expect(isValidPostcode('be', '1000')).toBeNull();
    expect(isValidPostcode('BE', '200')).toBe(M.postcodeAndHouseNumber);
    expect(isValidPostcode('BE', '2000 AB')).toBe(M.postcodeAndHouseNumber);
    expect(isValidPostcode('BE', '0200')).toBe(M.postcodeAndHouseNumber);
  });

  it('a valid house number, with an optional addition', () => {
    for (const ok of ['1', '12', '12A', '12 a', '12-2', '12 bis', '12 bus 3', '99999'])
      expect(isValidHouseNumber(ok), ok).toBeNull();
    for (const bad of ['', '0', 'A12', '123456', 'twaalf', '-1'])
      expect(isValidHouseNumber(bad), bad).toBe(M.postcodeAndHouseNumber);
  });
});

describe('lengths, search term, required (spec 001 §5)', () => {
  it('maximum lengths of 10, 20, 30 or 40 letters', () => {
    const max10 = maxLength(10);
    expect(max10('0123456789')).toBeNull();
    expect(max10('01234567890')).toBe(M.maxLength);
    expect(max10.params).toEqual({ max: 10 });
    expect(maxLength(40)('é'.repeat(40))).toBeNull();
  });

  it('search term at least 3 characters', () => {
    expect(isValidSearchTerm('ab')).toBe(M.searchTerm);
    expect(isValidSearchTerm('  ab  ')).toBe(M.searchTerm);
    expect(isValidSearchTerm('pak')).toBeNull();
  });

  it("required field: 'Field is required'", () => {
    expect(isRequired('')).toBe('Field is required');
    expect(isRequired('  ')).toBe(M.required);
    expect(isRequired(undefined)).toBe(M.required);
    expect(isRequired('x')).toBeNull();
    expect(isRequired(0)).toBeNull();
  });
});

describe('date of birth (spec 001 §5)', () => {
  const today = new Date('2026-11-22T10:00:00Z');
  it('a valid date of birth: a real date, not in the future, not before 1900', () => {
    expect(isValidDateOfBirth('1985-04-12', today)).toBeNull();
    expect(isValidDateOfBirth('12-4-1985', today)).toBeNull();
    expect(isValidDateOfBirth('29-02-2024', today)).toBeNull();
    expect(isValidDateOfBirth('2026-11-22', today)).toBeNull();
    expect(isValidDateOfBirth('29-02-2023', today)).toBe(M.dateOfBirth);
    expect(isValidDateOfBirth('2026-11-23', today)).toBe(M.dateOfBirth);
    expect(isValidDateOfBirth('1899-12-31', today)).toBe(M.dateOfBirth);
    expect(isValidDateOfBirth('gisteren', today)).toBe(M.dateOfBirth);
    expect(isValidDateOfBirth('', today)).toBe(M.dateOfBirth);
  });
});
