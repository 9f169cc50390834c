/** Module-level selectors over the search results actor, for `useSelector` in views and for saved searches. */
import type { Item } from '../../src/shared/items/types';
import type { FacetBucket } from '../../src/shared/search/SearchQuery';
import type { ResultsPhase, SearchResultsSnapshot } from './searchResultsMachine';
import type { DisplayAs, ResultsSettings } from './searchResultsQuery';

/** The current settings (criteria, facets, sort, display): the same object until one of them changes. */
export const selectResultsSettings = (s: SearchResultsSnapshot): ResultsSettings => s.context.settings;
/** LOADING, READY, EMPTY or FAILED. */
export const selectResultsPhase = (s: SearchResultsSnapshot): ResultsPhase =>
  s.matches('READY') ? 'READY' : s.matches('EMPTY') ? 'EMPTY' : s.matches('FAILED') ? 'FAILED' : 'LOADING';
/**
 * Whether the MAP display stays on screen though the results are not ready: while they are asked again
 * (its bounds filter moved), and when none are in view (the map is where the filter is turned off).
 */
export const selectMapStays = (s: SearchResultsSnapshot): boolean =>
  s.context.settings.displayAs === 'MAP' && (s.matches('LOADING') || (s.matches('EMPTY') && s.context.settings.inView !== null));
/** Whether the text field's pause is still running or the question is out. */
export const selectResultsBusy = (s: SearchResultsSnapshot): boolean => s.matches('LOADING');
export const selectResultIds = (s: SearchResultsSnapshot): string[] => s.context.ids;
export const selectResultsTotal = (s: SearchResultsSnapshot): number => s.context.total;
export const selectResultLabels = (s: SearchResultsSnapshot): Record<string, string> => s.context.labels;
export const selectResultRows = (s: SearchResultsSnapshot): Record<string, Item | null> => s.context.rows;
export const selectFacets = (s: SearchResultsSnapshot): Record<string, FacetBucket[]> => s.context.facets;
export const selectDisplayAs = (s: SearchResultsSnapshot): DisplayAs => s.context.settings.displayAs;
export const selectShowFacets = (s: SearchResultsSnapshot): boolean => s.context.settings.showFacets;
export const selectSearchString = (s: SearchResultsSnapshot): string => s.context.settings.searchString;
/** The message key of a failed search or row read. */
export const selectResultsError = (s: SearchResultsSnapshot): string | null => s.context.errorKey;
/** Whether some rows could not be read (the results stay, a retry reads the rest). */
export const selectRowsFailed = (s: SearchResultsSnapshot): boolean => s.matches({ READY: 'ROWS_FAILED' });
export const selectSelectedResult = (s: SearchResultsSnapshot): string | null => s.context.selected;
/** The index of the result the carousel shows. */
export const selectCarouselIndex = (s: SearchResultsSnapshot): number => s.context.carouselIndex;
