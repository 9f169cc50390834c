/** Tells the results actor which rows are on screen, so it reads them (in pages) before they show. */
import { useEffect } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';

/** Sends `results.rowsNeeded` for rows `from` to `to` whenever the range or the hits change. */
export function useVisibleRows(results: SearchResultsActorRef, ids: readonly string[], from: number, to: number): void {
  useEffect(() => {
    if (ids.length > 0 && to > from) results.send({ type: 'results.rowsNeeded', from, to });
  }, [results, ids, from, to]);
}
