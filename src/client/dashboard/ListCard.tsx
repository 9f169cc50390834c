/** A list card: its items in the search's order, each by its label with the date its type lists it by. */
import type { ReactNode } from 'react';
import type { CardHits } from '../../../machines/dashboard/cardMachine';
import type { CardDef } from '../../shared/dashboard/CardDef';
import type { Item } from '../../shared/items/types';
import { useT, type Translate } from '../i18n/useT';
import { formatDate } from '../items/fields/formatDate';
import { Subtitle } from '../items/display/ListItem';
import { CardItemLink } from './CardItemLink';

/** The card's own line under `item` (CardDef.line), and its dates as DD-MMM-YYYY [HH:mm]. */
function cardLineOf(card: CardDef, item: Item | undefined, t: Translate): { text: string; dates: string[] } {
  const line = item && card.line ? card.line(item) : null;
  if (!line) return { text: '', dates: [] };
  const dates = Object.entries(line.dates ?? {}).map(([k, v]) => [k, formatDate(v, v.length > 10)] as const);
  return { text: t(line.t, { ...line.values, ...Object.fromEntries(dates) }), dates: dates.map(([, d]) => d) };
}

/** `text` with each of `dates` kept on one line: a line that wraps on a phone never splits 25-Nov-2026 at a hyphen. */
function Unbroken({ text, dates }: { text: string; dates: readonly string[] }): ReactNode {
  const parts = dates.length ? text.split(new RegExp(`(${dates.map((d) => d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`)) : [text];
  return parts.map((part, i) =>
    dates.includes(part) ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** The card's items as a list, and how many there are in all when it shows fewer. */
export function ListCard({ card, hits }: { card: CardDef; hits: CardHits }) {
  const t = useT();
  if (hits.ids.length === 0) return <p className="text-sm text-muted">{t(card.empty ?? 'dashboard.empty')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-1">
        {hits.ids.map((id) => {
          const own = card.line ? cardLineOf(card, hits.items[id], t) : null;
          const item = hits.items[id];
          return (
            <li key={id} className="flex min-w-0 flex-col">
              <CardItemLink id={id} className="truncate text-sm">
                {hits.labels[id] || t('dashboard.unnamed')}
              </CardItemLink>
              {/* A card's own line (a step and its due day) wraps rather than lose its end on a phone. */}
              {own?.text ? (
                <span className="break-words text-xs text-muted">
                  <Unbroken {...own} />
                </span>
              ) : item ? (
                <Subtitle item={item} />
              ) : null}
            </li>
          );
        })}
      </ul>
      {hits.total > hits.ids.length ? (
        <p className="mt-2 text-xs text-muted">{t('dashboard.shown', { shown: hits.ids.length, total: hits.total })}</p>
      ) : null}
    </>
  );
}
