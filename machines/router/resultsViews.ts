/** Views whose cell holds search results from the start (spec 000 §2 /search, admin.all-items). */
import { itemTypes } from '../../src/shared/itemTypes';
import type { ResultsSettings } from '../search/searchResultsQuery';

/**
 * admin.all-items: every item of every registered type, those that general search leaves out
 * (notifications, saved searches, system alerts, what's new entries) included, as a table.
 */
export const ALL_ITEMS_SETTINGS: Partial<ResultsSettings> = {
  criteria: { filters: [{ prop: '', kind: '_', value: itemTypes.all().map((type) => type.name) }] },
  displayAs: 'TABLE',
};

/** View key to the settings its results start from; the route parameter is the search text. */
export const RESULTS_VIEWS: ReadonlyMap<string, Partial<ResultsSettings>> = new Map([
  ['v-search', {}],
  ['v-admin.all-items', ALL_ITEMS_SETTINGS],
]);
