/** Module-level selectors the results components share. */
import type { CellSnapshot } from '../../../machines/router/cellMachine';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';

/** The search results a cell holds, if any. */
export const selectCellResults = (s: CellSnapshot): SearchResultsActorRef | null => s.context.results;
