/** CARDS display: each result as a card with its headers, two side by side on wide screens, virtualised. */
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
import { columnsTypeOf, resultColumns } from './resultColumns';
import { ResultPlaceholder } from './ResultPlaceholder';
import { ResultValue } from './ResultValue';
import { useOpenResult } from './useOpenResult';
import { useResultsVirtualizer } from './useResultsVirtualizer';

/** The results as cards. */
export function ResultsCards({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const wide = useMediaQuery('(min-width: 1024px)');
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const settings = useSelector(results, selectResultsSettings);
  const open = useOpenResult(results);
  const typeName = useTypeLabel();
  const lanes = wide ? 2 : 1;
  // A card holds the list item and up to three values.
  const { scrollRef, virtualizer, items } = useResultsVirtualizer(results, ids, 144, lanes);
  // The title names the item; a general search's cards add its type and age.
  const columnsType = columnsTypeOf(settings);
  const columns = resultColumns(columnsType).filter((c) => c.key !== 'label');
  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      aria-label={t('app.results.title')}
      className="max-h-[70vh] overflow-auto rounded focus-visible:outline-2 focus-visible:outline-primary"
    >
      <ul className="relative m-0 list-none p-0" style={{ height: virtualizer.getTotalSize() }}>
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
              <article className="flex h-full flex-col gap-1 overflow-hidden rounded-lg border border-line bg-panel p-2">
                {row ? <ListItem item={row} /> : <ResultPlaceholder id={id} label={labels[id]} gone={row === null} />}
                {row && columns.length ? (
                  <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 px-3 text-xs">
                    {columns.slice(0, 3).map((c) => (
                      <div key={c.key} className="contents">
                        <dt className="text-muted">{t(c.title)}</dt>
                        <dd className="m-0 truncate text-ink">
                          {c.key === 'type' && !columnsType ? typeName(row._t) : <ResultValue item={row} name={c.key} />}
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
