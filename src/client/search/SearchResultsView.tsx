/** The `v-search` view (spec 000 §2 /search?c0=...): the results its cell holds; typed text becomes the column's route parameter. */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, type ReactNode } from 'react';
import type { ResultsSettings } from '../../../machines/search/searchResultsQuery';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { useActors } from '../session/useActors';
import { selectCellResults } from './resultsSelectors';
import { SaveSearchButton } from '../savedSearches/SaveSearchButton';
import { useApplySavedSearch } from '../savedSearches/useApplySavedSearch';
import { selectResultsSettings } from '../../../machines/search/searchResultsSelectors';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import { SearchResults } from './SearchResults';
import { ToolbarButton } from './ToolbarButton';

/** The full results of the search text in the route. */
export function SearchResultsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { router } = useActors();
  const results = useSelector(cell, selectCellResults);
  const title = t('views.v-search');
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'search' }), [cell, title]);
  const onText = useCallback(
    (text: string) => {
      results?.send({ type: 'results.textChanged', text });
      router.send({ type: 'router.paramSet', key: spec.key, param: text || null });
    },
    [results, router, spec.key],
  );
  const apply = useCallback((settings: Partial<ResultsSettings>) => results?.send({ type: 'results.applied', settings }), [results]);
  useApplySavedSearch(apply);
  if (!results) return null;
  return <SearchResults results={results} onText={onText} actions={<SaveCurrent results={results} />} />;
}

/** Saves what the results show now (criteria, facets, sort, display) under a name: the toolbar's bookmark button. */
function SaveCurrent({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const settings = useSelector(results, selectResultsSettings);
  return (
    <SaveSearchButton
      settings={settings}
      trigger={(open) => <ToolbarButton icon="bookmark" label={t('app.savedSearches.save')} named onClick={open} />}
    />
  );
}

/**
 * Results of a module's own criteria in any cell: the cell starts a results actor with `settings`
 * once; `actions` join the toolbar, `empty` is said when nothing matches.
 */
export function SearchResultsOf({
  cell,
  settings,
  actions,
  empty,
}: {
  cell: CellActorRef;
  settings: Partial<ResultsSettings>;
  actions?: ReactNode;
  empty?: ReactNode;
}) {
  const results = useSelector(cell, selectCellResults);
  useEffect(() => cell.send({ type: 'cell.resultsRequested', settings }), [cell, settings]);
  const onText = useCallback((text: string) => results?.send({ type: 'results.textChanged', text }), [results]);
  return results ? <SearchResults results={results} onText={onText} actions={actions} empty={empty} /> : null;
}
