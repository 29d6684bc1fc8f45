import { boundedMemo } from './bounded-memo.ts';

/** The shop's clock zone: both storefronts (NL, BE) live in Europe/Amsterdam's offset. */
export const SHOP_TIME_ZONE = 'Europe/Amsterdam';

/**
 * A formatter made on its first use: creating one in a time zone loads ICU's zone data, ~35 ms of a slow phone's
 * main thread (Lighthouse's 4× CPU) that the app's start need not pay when nothing it shows first asks for a date.
 */
export function onFirstUse<T>(create: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= create());
}

const dayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

const partsFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: SHOP_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

// Formatting in a zone is the costly part of pricing a page of products, and a page asks for the same few instants
// (its clock, shared special-price windows) again and again.
const dayOfTime = boundedMemo(512, (time: number) => dayFormat().format(time));

/** Calendar day 'YYYY-MM-DD' of an instant as seen in Amsterdam; lexicographic order equals date order. */
export function shopDay(date: Date): string {
  return dayOfTime(date.getTime());
}

/**
 * A Magento date field ('2026-11-22', '2026-11-22 00:00:00') carries no zone and means a shop calendar day, so its
 * first ten characters are the day. Strings with a zone (ISO 'Z' / '+01:00') and Date objects are instants, mapped to
 * their Amsterdam day. Returns null for an unparsable value.
 */
export function toShopDay(value: string | Date): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : shopDay(value);
  const trimmed = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(trimmed);
  if (local) return local[1];
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? null : shopDay(parsed);
}

/** Shopper-facing date and time 'HH:mm D-M-YYYY' in Amsterdam time (spec 000 §9): '14:05 3-2-2026'. */
export function formatDate(date: Date | string | number): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const p of partsFormat().formatToParts(d)) parts[p.type] = p.value;
  return `${parts.hour}:${parts.minute} ${Number(parts.day)}-${Number(parts.month)}-${parts.year}`;
}

/** Shopper-facing calendar day 'D-M-YYYY' in Amsterdam (the day part of spec 000 §9's format): '3-2-2026'. */
export function formatDay(date: Date | string): string {
  const day = toShopDay(date);
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return `${Number(d)}-${Number(m)}-${y}`;
}
