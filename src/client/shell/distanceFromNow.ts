/**
 * "in 5 minutes", "2 hours ago": how far a moment is from now in one whole unit, as date-fns's
 * `formatDistanceToNowStrict(date, { addSuffix: true })` words it (the same units and rounding), in
 * the browser's Intl.RelativeTimeFormat so that it takes no library in the first download. In the
 * page's language where the browser knows it, else in English (date-fns's wording was always English).
 */
const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43_200;
const MINUTES_IN_YEAR = 525_600;

/** Math.round without a negative zero. */
const round = (value: number): number => Math.round(value) || 0;

export function distanceFromNow(date: Date, locale: string, now: number = Date.now()): string {
  const later = Math.max(date.getTime(), now);
  const earlier = Math.min(date.getTime(), now);
  const milliseconds = later - earlier;
  const minutes = milliseconds / 60_000;
  // Across a daylight saving change a day is still a day.
  const zoneShift = (new Date(earlier).getTimezoneOffset() - new Date(later).getTimezoneOffset()) * 60_000;
  const calendarMinutes = (milliseconds - zoneShift) / 60_000;
  let value: number;
  let unit: Intl.RelativeTimeFormatUnit;
  if (minutes < 1) [value, unit] = [round(milliseconds / 1000), 'second'];
  else if (minutes < 60) [value, unit] = [round(minutes), 'minute'];
  else if (minutes < MINUTES_IN_DAY) [value, unit] = [round(minutes / 60), 'hour'];
  else if (calendarMinutes < MINUTES_IN_MONTH) [value, unit] = [round(calendarMinutes / MINUTES_IN_DAY), 'day'];
  else if (calendarMinutes < MINUTES_IN_YEAR) {
    const months = round(calendarMinutes / MINUTES_IN_MONTH);
    [value, unit] = months === 12 ? [1, 'year'] : [months, 'month'];
  } else [value, unit] = [round(calendarMinutes / MINUTES_IN_YEAR), 'year'];
  // Now itself reads as past ("0 seconds ago"), as date-fns has it: a negative zero is past.
  return new Intl.RelativeTimeFormat([locale, 'en'], { numeric: 'always' }).format(date.getTime() > now ? value : -value, unit);
}
