/** The calendar days of a month as a card draws them, and the day an item falls on. */
import { eachDayOfInterval, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from 'date-fns';
import { firstDay } from '../../shared/dashboard/cardQuery';
import type { Item } from '../../shared/items/types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day (`YYYY-MM-DD`) of a date property's value: a calendar date as it is, a date-time in the browser's zone. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (DAY.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'yyyy-MM-dd');
}

/** The weeks that show `month`: whole weeks from Sunday to Saturday, the neighbouring months' days included. */
export function monthWeeks(month: string): Date[][] {
  const first = firstDay(month);
  const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(first)), end: endOfWeek(endOfMonth(first)) });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The items by their day, in the order given. */
export function itemsByDay(items: readonly Item[], property: string): Map<string, Item[]> {
  const byDay = new Map<string, Item[]>();
  for (const item of items) {
    const day = dayOf(item[property]);
    if (!day) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return byDay;
}
