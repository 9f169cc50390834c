/**
 * A calendar card (date-fns): one month as a grid of weeks with the card's items on their dates, the
 * month before and after a click away. Narrow, the grid shows how many items a day has and the
 * month's items follow as a list, each with its date (DD-MMM-YYYY).
 */
import { addMonths, format, isSameMonth } from 'date-fns';
import type { CardHits } from '../../../machines/dashboard/cardMachine';
import type { CardDef } from '../../shared/dashboard/CardDef';
import { firstDay, monthOf } from '../../shared/dashboard/cardQuery';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import { formatDate } from '../items/fields/formatDate';
import { Button } from '../shell/Button';
import { dayOf, itemsByDay, monthWeeks } from './cardDates';
import { CardItemLink } from './CardItemLink';

/** Items a day shows by name before it says how many more. */
const PER_DAY = 2;

interface Props {
  card: CardDef;
  hits: CardHits | null;
  month: string;
  /** Today's day (`YYYY-MM-DD`), marked on the grid. */
  today: string;
  onMonth: (month: string) => void;
}

/** The month's grid and, narrow, its list. */
export function CalendarCard({ card, hits, month, today, onMonth }: Props) {
  const t = useT();
  const first = firstDay(month);
  const title = format(first, 'MMMM yyyy');
  const items = (hits?.ids ?? []).map((id) => hits?.items[id]).filter((item): item is Item => !!item);
  const byDay = itemsByDay(items, card.dateProperty ?? '');
  const label = (item: Item) => hits?.labels[item.$id] || t('dashboard.unnamed');
  const weeks = monthWeeks(month);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-1">
        <p className="mr-auto text-sm font-semibold" aria-live="polite">
          {title}
        </p>
        {today.startsWith(month) ? null : (
          <Button variant="plain" className="px-2 py-1" onClick={() => onMonth(today.slice(0, 7))}>
            {t('dashboard.thisMonth')}
          </Button>
        )}
        <Button
          variant="plain"
          className="px-3 py-0 text-xl leading-8"
          aria-label={t('dashboard.previousMonth')}
          onClick={() => onMonth(monthOf(addMonths(first, -1)))}
        >
          ‹
        </Button>
        <Button
          variant="plain"
          className="px-3 py-0 text-xl leading-8"
          aria-label={t('dashboard.nextMonth')}
          onClick={() => onMonth(monthOf(addMonths(first, 1)))}
        >
          ›
        </Button>
      </div>
      <table className="w-full table-fixed border-collapse text-xs">
        <caption className="sr-only">{t('dashboard.calendarCaption', { card: t(card.title), month: title })}</caption>
        <thead>
          <tr>
            {weeks[0]!.map((day) => (
              <th key={day.toISOString()} scope="col" abbr={format(day, 'EEEE')} className="py-1 font-medium text-muted">
                {format(day, 'EEE')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toISOString()}>
              {week.map((day) => {
                const key = format(day, 'yyyy-MM-dd');
                const onDay = byDay.get(key) ?? [];
                const inMonth = isSameMonth(day, first);
                return (
                  <td key={key} data-day={key} className="h-14 border border-line p-1 align-top @md:h-20">
                    <time
                      dateTime={key}
                      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 ${
                        key === today ? 'bg-primary font-semibold text-white' : inMonth ? 'text-ink' : 'text-muted'
                      }`}
                    >
                      <span aria-hidden="true">{format(day, 'd')}</span>
                      <span className="sr-only">{formatDate(key)}</span>
                    </time>
                    {onDay.length ? (
                      <>
                        <span className="block text-center font-semibold text-primary-ink @md:hidden dark:text-blue-300" aria-hidden="true">
                          {onDay.length}
                        </span>
                        <ul className="hidden @md:block">
                          {onDay.slice(0, PER_DAY).map((item) => (
                            <li key={item.$id} className="truncate">
                              <CardItemLink id={item.$id}>{label(item)}</CardItemLink>
                            </li>
                          ))}
                          {onDay.length > PER_DAY ? (
                            <li className="text-muted">{t('dashboard.more', { count: onDay.length - PER_DAY })}</li>
                          ) : null}
                        </ul>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {hits && items.length === 0 ? (
        <p className="text-sm text-muted">{t(card.empty ?? 'dashboard.emptyMonth', { month: title })}</p>
      ) : null}
      {items.length ? (
        <ul className="flex flex-col gap-1 text-sm @md:hidden">
          {items.map((item) => (
            <li key={item.$id} className="flex min-w-0 gap-2">
              <span className="shrink-0 text-muted">{formatDate(dayOf(item[card.dateProperty ?? '']) ?? '')}</span>
              <CardItemLink id={item.$id} className="truncate">
                {label(item)}
              </CardItemLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
