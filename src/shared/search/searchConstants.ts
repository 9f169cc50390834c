import { SEARCH_DEFAULT_MAX, SEARCH_MAX_ALL, SEARCH_MIN_TEXT, SEARCH_SUGGESTIONS } from '../constants';
import type { SortSpec } from './SearchQuery';

/** Search constants of spec 000 §9 in one place for the search code. */
export const searchConstants = {
  defaultMax: SEARCH_DEFAULT_MAX,
  all: SEARCH_MAX_ALL,
  minText: SEARCH_MIN_TEXT,
  suggestions: SEARCH_SUGGESTIONS,
  /** Creation timestamp, newest first. */
  defaultSort: [{ key: 'created', order: 'desc' }] as readonly SortSpec[],
  /** Terms per facet unless the facet says otherwise. */
  defaultFacetLimit: 20,
} as const;
