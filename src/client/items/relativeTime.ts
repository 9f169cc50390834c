/** How long ago something happened, in the units the product shows (spec 000 §9 relative time). */

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** 'now', or a count of whole units ago. */
export type RelativeTime = { now: true } | { now: false; value: number; unit: RelativeUnit };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * 'now' for the first 10 s, then seconds, minutes and hours; days and weeks only from 2 of them on
 * (36 hours rather than 1 day, 10 days rather than 1 week); months from 2, then years.
 * A time in the future (a clock ahead of ours) reads as now.
 */
export function relativeTime(at: number, now: number): RelativeTime {
  const ago = now - at;
  if (ago < 10 * SECOND) return { now: true };
  const pick = (value: number, unit: RelativeUnit): RelativeTime => ({ now: false, value: Math.floor(value), unit });
  if (ago < MINUTE) return pick(ago / SECOND, 'second');
  if (ago < HOUR) return pick(ago / MINUTE, 'minute');
  if (ago < 2 * DAY) return pick(ago / HOUR, 'hour');
  if (ago < 2 * WEEK) return pick(ago / DAY, 'day');
  if (ago < 60 * DAY) return pick(ago / WEEK, 'week');
  if (ago < 365 * DAY) return pick(ago / (30 * DAY), 'month');
  return pick(ago / (365 * DAY), 'year');
}
