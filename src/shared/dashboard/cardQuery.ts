/** The search behind a dashboard card (spec 000 §3 query), for a list card or for one month of a calendar card. */
import { endOfMonth, format, subDays } from 'date-fns';
import type { SearchGroup, SearchQuery } from '../search/SearchQuery';
import { READER_CONTACT } from '../search/readerContact';
import type { CardConditions, CardDef } from './CardDef';

/** How many items a list card shows unless it says. */
export const CARD_DEFAULT_MAX = 5;
/** The most items one month of a calendar card asks for. */
export const CALENDAR_MAX_ITEMS = 500;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether `month` is a month as the calendar card names it: `YYYY-MM`. */
export const isMonth = (month: string): boolean => MONTH.test(month);

/** The first day of `month` (`YYYY-MM`), local midnight. */
export const firstDay = (month: string): Date => new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);

/** The first and last day of `month` (`YYYY-MM`), as dates `YYYY-MM-DD`. */
export function monthDays(month: string): { from: string; to: string } {
  const first = firstDay(month);
  return { from: format(first, 'yyyy-MM-dd'), to: format(endOfMonth(first), 'yyyy-MM-dd') };
}

/** The month `YYYY-MM` of `date`. */
export const monthOf = (date: Date): string => format(date, 'yyyy-MM');

/** A card's conditions as a search group; `pastDue` keeps dates up to `yesterday` (YYYY-MM-DD). */
function conditionsOf(c: CardConditions, yesterday: string): SearchGroup {
  const must: Record<string, unknown> = { ...c.must };
  if (c.pastDue) must[`dr-${c.pastDue}`] = { from: null, to: yesterday };
  return { must, ...(c.mustNot ? { mustNot: { ...c.mustNot } } : {}) };
}

/**
 * The query of `card`: its type and conditions, labels included; a list card's order and size, or a
 * calendar card's items dated in `month` (`YYYY-MM`), earliest first.
 */
export function cardQuery(card: CardDef, month: string | null): SearchQuery {
  const yesterday = format(subDays(new Date(), 1), 'yyyy-MM-dd');
  const { must: own, mustNot } = conditionsOf(card, yesterday);
  const must: Record<string, unknown> = { ...own, _: card.type };
  if (card.mine) must[`ft-${card.mine}`] = READER_CONTACT;
  const common = {
    ...(mustNot ? { mustNot } : {}),
    ...(card.anyOf?.length ? { subsShould: card.anyOf.map((c) => conditionsOf(c, yesterday)) } : {}),
    labels: true,
  };
  if (card.kind === 'calendar' && card.dateProperty && month && isMonth(month)) {
    must[`dr-${card.dateProperty}`] = monthDays(month);
    return { must, ...common, sort: [{ key: card.dateProperty, order: 'asc' }], max: CALENDAR_MAX_ITEMS };
  }
  return { must, ...common, sort: card.sort ?? [{ key: 'created', order: 'desc' }], max: card.max ?? CARD_DEFAULT_MAX };
}
