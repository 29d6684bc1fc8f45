import { onFirstUse, SHOP_TIME_ZONE } from '../datetime.ts';

/** The week as the stores' opening hours name their days (Dutch, Monday first). */
export const WEEKDAYS = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day of a store's opening hours; times are 'HH:mm' in the shop's time zone, a closed day has none. */
export interface OpeningDay {
  day: string;
  open: string | null;
  close: string | null;
  closed?: boolean;
}

const clock = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: SHOP_TIME_ZONE,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The weekday and minute of the day an instant is in Amsterdam and Brussels (one time zone for both stores). */
export function shopClock(now: Date): { day: Weekday; minutes: number } {
  const parts: Record<string, string> = {};
  for (const p of clock().formatToParts(now)) parts[p.type] = p.value;
  return {
    day: WEEKDAYS[SHORT_DAYS.indexOf(parts.weekday ?? 'Mon')] ?? 'maandag',
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const toMinutes = (time: string | null): number | null => {
  const m = time ? /^(\d{1,2}):(\d{2})$/.exec(time) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** The opening hours of the day an instant falls on, or undefined when the store lists none for it. */
export function openingToday(hours: readonly OpeningDay[], now: Date): OpeningDay | undefined {
  const { day } = shopClock(now);
  return hours.find((h) => h.day === day);
}

/** "Open now" (spec 001 §1 store locator): from the opening time up to, not including, the closing time. */
export function isOpenAt(hours: readonly OpeningDay[], now: Date): boolean {
  const today = openingToday(hours, now);
  if (!today || today.closed) return false;
  const open = toMinutes(today.open);
  const close = toMinutes(today.close);
  if (open === null || close === null) return false;
  const { minutes } = shopClock(now);
  return minutes >= open && minutes < close;
}
