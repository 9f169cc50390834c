/**
 * TIMELINE display: the results along a vertical line in their order, grouped by day: each day's
 * first result carries its date (DD-MMM-YYYY) beside the line. The day is that of the sort key when
 * the results are sorted by one of their dates (a meeting's date), else of their creation. Virtualised.
 */
import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectResultIds,
  selectResultLabels,
  selectResultRows,
  selectResultsSettings,
} from '../../../machines/search/searchResultsSelectors';
import type { Item } from '../../shared/items/types';
import { itemTypes } from '../../shared/itemTypes';
import { useT } from '../i18n/useT';
import { ListItem } from '../items/display/ListItem';
import { useTypeLabel } from '../items/display/useTypeLabel';
import { formatDate } from '../items/fields/formatDate';
import { columnsTypeOf, resultColumns } from './resultColumns';
import { ResultPlaceholder } from './ResultPlaceholder';
import { ResultValue } from './ResultValue';
import { useOpenResult } from './useOpenResult';
import { useResultsVirtualizer } from './useResultsVirtualizer';

const ROW_HEIGHT = 128;

/** The date a result stands at on the line: the sort key's when it is a date of the item, else its creation. */
export function timelineDate(item: Item, sortKey: string | undefined): { value: string; withTime: boolean } {
  const def = sortKey ? itemTypes.get(item._t)?.properties[sortKey] : undefined;
  const own = sortKey ? item[sortKey] : undefined;
  if (def && (def.kind === 'DT' || def.kind === 'DTM') && typeof own === 'string' && own)
    return { value: own, withTime: def.kind === 'DTM' };
  return { value: item._c.ts, withTime: true };
}

/** The day of a result as its label, or null while its row is not read. */
const dayOf = (row: Item | null | undefined, sortKey: string | undefined): string | null =>
  row ? formatDate(timelineDate(row, sortKey).value) : null;

/** The results on a dated line. */
export function ResultsTimeline({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const settings = useSelector(results, selectResultsSettings);
  const open = useOpenResult(results);
  const typeName = useTypeLabel();
  const { scrollRef, virtualizer, items } = useResultsVirtualizer(results, ids, ROW_HEIGHT);
  const sortKey = settings.sortBy[0]?.key;
  // The title names the item and the line its date: a card adds up to two other values.
  const columnsType = columnsTypeOf(settings);
  const columns = resultColumns(columnsType)
    .filter((c) => c.key !== 'label' && c.key !== 'created' && c.key !== sortKey)
    .slice(0, 2);
  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      aria-label={t('app.results.title')}
      className="max-h-[70vh] overflow-auto rounded focus-visible:outline-2 focus-visible:outline-primary"
    >
      <ul
        aria-label={t('app.results.display.TIMELINE')}
        className="relative m-0 list-none p-0"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((vi) => {
          const id = ids[vi.index]!;
          const row = rows[id];
          const day = dayOf(row, sortKey);
          const at = row ? timelineDate(row, sortKey) : null;
          // A day's first result shows the date beside the line; the others say it to screen readers only.
          const starts = day !== null && (vi.index === 0 || dayOf(rows[ids[vi.index - 1]!], sortKey) !== day);
          return (
            <li
              key={id}
              aria-setsize={ids.length}
              aria-posinset={vi.index + 1}
              className="absolute left-0 grid w-full max-w-4xl grid-cols-[6rem_1.5rem_minmax(0,1fr)] @md:grid-cols-[7rem_2rem_minmax(0,1fr)]"
              style={{ transform: `translateY(${vi.start}px)`, height: vi.size }}
              onClickCapture={(e) => open(e, id)}
            >
              <div className="flex flex-col items-end pr-2 pt-3 text-right">
                {at ? (
                  <time dateTime={at.value} className={starts ? 'whitespace-nowrap text-xs font-semibold text-ink @md:text-sm' : 'sr-only'}>
                    {day}
                  </time>
                ) : null}
                {at?.withTime ? <span className="text-xs text-muted">{format(new Date(at.value), 'HH:mm')}</span> : null}
              </div>
              <div aria-hidden="true" className="relative">
                <span className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-line" />
                <span
                  className={`absolute left-1/2 top-4 -translate-x-1/2 rounded-full border-2 border-primary ${
                    starts ? 'h-3.5 w-3.5 bg-primary' : 'h-2.5 w-2.5 bg-panel'
                  }`}
                />
              </div>
              <div className="min-w-0 py-1.5 pl-1">
                <article className="flex h-full flex-col gap-1 overflow-hidden rounded-lg border border-line bg-panel p-2">
                  {row ? (
                    <>
                      <ListItem item={row} />
                      {columns.length ? (
                        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 px-3 text-xs">
                          {columns.map((c) => (
                            <div key={c.key} className="contents">
                              <dt className="text-muted">{t(c.title)}</dt>
                              <dd className="m-0 truncate text-ink">
                                {c.key === 'type' && !columnsType ? typeName(row._t) : <ResultValue item={row} name={c.key} />}
                              </dd>
                            </div>
                          ))}
                        </dl>
                      ) : null}
                    </>
                  ) : (
                    <ResultPlaceholder id={id} label={labels[id]} gone={row === null} />
                  )}
                </article>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
