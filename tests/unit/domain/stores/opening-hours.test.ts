import { describe, expect, it } from 'vitest';
import { isOpenAt, openingToday, shopClock, type OpeningDay } from '../../../../domain/stores/opening-hours.ts';

const WEEK: OpeningDay[] = [
  { day: 'maandag', open: '13:00', close: '18:00' },
  { day: 'dinsdag', open: '09:30', close: '18:00' },
  { day: 'woensdag', open: '09:30', close: '18:00' },
  { day: 'donderdag', open: '10:00', close: '21:00' },
  { day: 'vrijdag', open: '09:30', close: '18:00' },
  { day: 'zaterdag', open: '09:30', close: '17:30' },
  { day: 'zondag', open: null, close: null, closed: true },
];

describe('store opening hours (spec 001 §1 store locator "open now")', () => {
  it('reads the weekday and time in Amsterdam, winter and summer time alike', () => {
    // Monday 23 November 2026, 12:30 UTC = 13:30 CET.
    expect(shopClock(new Date('2026-11-23T12:30:00Z'))).toEqual({ day: 'maandag', minutes: 13 * 60 + 30 });
    // Saturday 20 June 2026, 22:30 UTC = Sunday 00:30 CEST.
    expect(shopClock(new Date('2026-06-20T22:30:00Z'))).toEqual({ day: 'zondag', minutes: 30 });
  });

  it('is open from the opening time up to, not including, the closing time', () => {
    expect(isOpenAt(WEEK, new Date('2026-11-23T11:59:00Z'))).toBe(false); // Monday 12:59
    expect(isOpenAt(WEEK, new Date('2026-11-23T12:00:00Z'))).toBe(true); // Monday 13:00
    expect(isOpenAt(WEEK, new Date('2026-11-26T19:59:00Z'))).toBe(true); // Thursday 20:59, late shopping
    expect(isOpenAt(WEEK, new Date('2026-11-23T17:00:00Z'))).toBe(false); // Monday 18:00
  });

  it('a closed day, or a store without hours, is never open', () => {
    expect(isOpenAt(WEEK, new Date('2026-11-29T12:00:00Z'))).toBe(false); // Sunday
    expect(isOpenAt([], new Date('2026-11-23T12:00:00Z'))).toBe(false);
    expect(openingToday(WEEK, new Date('2026-11-29T12:00:00Z'))).toEqual(WEEK[6]);
  });
});
