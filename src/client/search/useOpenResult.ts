/** Opening a result: a plain click opens it in the column after the results, a modifier click in a new tab. */
import { useCallback, type MouseEvent } from 'react';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';

/** A click handler for a link to `/i-{id}` inside the results; captures plain clicks before the link's own. */
export function useOpenResult(results: SearchResultsActorRef) {
  return useCallback(
    (event: MouseEvent, id: string) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      results.send({ type: 'results.opened', id });
    },
    [results],
  );
}
