/**
 * Previous and next result for an item opened from search results (spec 000 §2): they wrap around,
 * and at either end the tooltip says so. For the item cell's toolbar; shows nothing elsewhere.
 */
import { useSelector } from '@xstate/react';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import { selectResultIds } from '../../../machines/search/searchResultsSelectors';
import { useT } from '../i18n/useT';
import { selectCellResults } from './resultsSelectors';

function Steps({ results, itemId }: { results: SearchResultsActorRef; itemId: string }) {
  const t = useT();
  const ids = useSelector(results, selectResultIds);
  const at = ids.indexOf(itemId);
  if (at < 0 || ids.length < 2) return null;
  const prev = at === 0 ? t('app.results.previousWraps') : t('app.results.previous');
  const next = at === ids.length - 1 ? t('app.results.nextWraps') : t('app.results.next');
  const look = 'rounded px-2 py-1 text-lg leading-none text-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary';
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        className={look}
        aria-label={prev}
        title={prev}
        onClick={() => results.send({ type: 'results.stepped', from: itemId, step: -1 })}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <span className="text-xs text-muted">{t('app.results.position', { n: at + 1, total: ids.length })}</span>
      <button
        type="button"
        className={look}
        aria-label={next}
        title={next}
        onClick={() => results.send({ type: 'results.stepped', from: itemId, step: 1 })}
      >
        <span aria-hidden="true">›</span>
      </button>
    </span>
  );
}

/** Previous/next through the results held by `parent` (the cell left of the item), for item `itemId`. */
export function ResultsPrevNext({ parent, itemId }: { parent: CellActorRef | null; itemId: string }) {
  if (!parent) return null;
  return <WithParent parent={parent} itemId={itemId} />;
}

function WithParent({ parent, itemId }: { parent: CellActorRef; itemId: string }) {
  const results = useSelector(parent, selectCellResults);
  return results ? <Steps results={results} itemId={itemId} /> : null;
}
