/** LIST display: each result as a list item (pill, avatar, title and subtitle), virtualised. */
import { useSelector } from '@xstate/react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectResultIds,
  selectResultLabels,
  selectResultRows,
  selectSelectedResult,
} from '../../../machines/search/searchResultsSelectors';
import { useT } from '../i18n/useT';
import { ListItem } from '../items/display/ListItem';
import { ResultPlaceholder } from './ResultPlaceholder';
import { useOpenResult } from './useOpenResult';
import { useResultsVirtualizer } from './useResultsVirtualizer';

/** The results as a list. */
export function ResultsList({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const selected = useSelector(results, selectSelectedResult);
  const open = useOpenResult(results);
  const { scrollRef, virtualizer, items } = useResultsVirtualizer(results, ids, 64);
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
              className="absolute left-0 w-full py-0.5"
              style={{ transform: `translateY(${vi.start}px)`, height: vi.size }}
              onClickCapture={(e) => open(e, id)}
            >
              {row ? (
                <ListItem item={row} variant={selected === id ? 'open' : 'default'} />
              ) : (
                <ResultPlaceholder id={id} label={labels[id]} gone={row === null} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
