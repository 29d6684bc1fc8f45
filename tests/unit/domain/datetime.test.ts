import { describe, expect, it } from 'vitest';
import { formatDate, shopDay, toShopDay } from '../../../domain/datetime.ts';

describe('datetime', () => {
  it('date format HH:mm D-M-YYYY in Amsterdam time (spec 000 §9)', () => {
    expect(formatDate(new Date('2026-02-03T13:05:00Z'))).toBe('14:05 3-2-2026'); // CET, +1
    expect(formatDate(new Date('2026-07-09T22:30:00Z'))).toBe('00:30 10-7-2026'); // CEST, +2, next day
    expect(formatDate('2026-12-31T08:00:00Z')).toBe('09:00 31-12-2026');
  });

  it('formatDate gives an empty string for an invalid date', () => {
    expect(formatDate('nope')).toBe('');
  });

  it('a zone-less Magento date is a shop calendar day; instants map to their Amsterdam day', () => {
    expect(toShopDay('2026-06-30 00:00:00')).toBe('2026-06-30');
    expect(toShopDay('2026-06-30')).toBe('2026-06-30');
    expect(toShopDay('2026-06-30T22:30:00Z')).toBe('2026-07-01');
    expect(toShopDay('garbage')).toBeNull();
    expect(shopDay(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-02');
  });
});
