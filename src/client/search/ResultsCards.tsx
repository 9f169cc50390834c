/** CARDS and TIMELINE displays: each result as a card with its headers, virtualised; the timeline adds its creation date. */
import { useSelector } from '@xstate/react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectResultIds,
  selectResultLabels,
  selectResultRows,
  selectResultsSettings,
} from '../../../machines/search/searchResultsSelectors';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useT } from '../i18n/useT';
import { ListItem } from '../items/display/ListItem';
import { useTypeLabel } from '../items/display/useTypeLabel';
import { formatDate } from '../items/fields/formatDate';
import { resultColumns } from './resultColumns';
import { ResultPlaceholder } from './ResultPlaceholder';
import { ResultValue } from './ResultValue';
import { useOpenResult } from './useOpenResult';
import { useResultsVirtualizer } from './useResultsVirtualizer';

/** The results as cards (`timeline`: one a line, by creation date on a rail). */
export function ResultsCards({ results, timeline = false }: { results: SearchResultsActorRef; timeline?: boolean }) {
  const t = useT();
  const wide = useMediaQuery('(min-width: 1024px)');
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const settings = useSelector(results, selectResultsSettings);
  const open = useOpenResult(results);
  const typeName = useTypeLabel();
  const lanes = timeline || !wide ? 1 : 2;
  // A card holds the list item and up to three values; the timeline's adds its date line.
  const { scrollRef, virtualizer, items } = useResultsVirtualizer(results, ids, timeline ? 164 : 144, lanes);
  // The title names the item; a general search's cards add its type and age (the timeline shows its date already).
  const columns = resultColumns(settings.itemTypeName).filter((c) => c.key !== 'label' && !(timeline && c.key === 'created'));
  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      aria-label={t('app.results.title')}
      className="max-h-[70vh] overflow-auto rounded focus-visible:outline-2 focus-visible:outline-primary"
    >
      <ul
        className={`relative m-0 list-none p-0 ${timeline ? 'border-l-2 border-line' : ''}`}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((vi) => {
          const id = ids[vi.index]!;
          const row = rows[id];
          return (
            <li
              key={id}
              aria-setsize={ids.length}
              aria-posinset={vi.index + 1}
              className="absolute p-1.5"
              style={{
                transform: `translateY(${vi.start}px)`,
                left: `${(vi.lane * 100) / lanes}%`,
                width: `${100 / lanes}%`,
                height: vi.size,
              }}
              onClickCapture={(e) => open(e, id)}
            >
              <article
                className={`flex h-full flex-col gap-1 overflow-hidden rounded-lg border border-line bg-panel p-2 ${timeline ? 'ml-3' : ''}`}
              >
                {timeline && row ? (
                  <time dateTime={row._c.ts} className="text-xs font-semibold text-muted">
                    {formatDate(row._c.ts, true)}
                  </time>
                ) : null}
                {row ? <ListItem item={row} /> : <ResultPlaceholder id={id} label={labels[id]} gone={row === null} />}
                {row && columns.length ? (
                  <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 px-3 text-xs">
                    {columns.slice(0, 3).map((c) => (
                      <div key={c.key} className="contents">
                        <dt className="text-muted">{t(c.title)}</dt>
                        <dd className="m-0 truncate text-ink">
                          {c.key === 'type' ? typeName(row._t) : <ResultValue item={row} name={c.key} />}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
