/** MAP display: the results as markers on a map; the map and OpenLayers load as their own chunk when it shows. */
import { Suspense } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import { itemTypes } from '../../shared/itemTypes';
import { lazyScreen } from '../shell/lazyScreen';

const ResultsMapPanel = lazyScreen(() => import('../map/ResultsMapPanel').then((m) => m.ResultsMapPanel));

/** Whether results of `typeName` can be shown on a map: the type has a geometry property. */
export const hasGeometry = (typeName: string | null): boolean =>
  !!typeName && Object.values(itemTypes.get(typeName)?.properties ?? {}).some((def) => def.kind === 'GEO');

/** The results on a map. */
export function ResultsMap({ results }: { results: SearchResultsActorRef }) {
  return (
    <Suspense
      fallback={<div aria-busy="true" className="h-[55vh] min-h-72 w-full animate-pulse rounded-lg border border-line bg-surface" />}
    >
      <ResultsMapPanel results={results} />
    </Suspense>
  );
}
