import { KEY_PREFIX_LIST } from '../../search/keyPrefixList';
import type { ItemData, ItemTypeDef, PropertyDef } from '../types';

/** How a saved search shows its results (spec 000 §3). */
export const SAVED_SEARCH_DISPLAYS = ['LIST', 'TABLE', 'MAP', 'CARDS', 'TIMELINE', 'CAROUSEL'] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** One filter: a property, a key prefix and a value of any shape (the search checks it per prefix). */
const FILTER: Record<string, PropertyDef> = {
  prop: { kind: 'textField', maxLength: 200 },
  kind: { kind: 'SEL', options: KEY_PREFIX_LIST },
};
const FILTERS: PropertyDef = { kind: 'list', of: FILTER, maxItems: 200 };
const GROUPS: PropertyDef = { kind: 'list', of: { filters: FILTERS }, maxItems: 50 };

/**
 * A user's saved search: what it finds (criteria, search string, item type, sort) and how it shows
 * (displayAs, facets). Private to its creator by default, and left out of general search so that
 * people's saved searches do not crowd everyone's results.
 */
export const SavedSearchType: ItemTypeDef = {
  name: 'SavedSearch',
  defaultIcon: 'saved_search',
  defaultAccess: 'PRIVATE',
  excludeGeneralSearch: true,
  properties: {
    name: { kind: 'textField', required: true, notBlank: true, maxLength: 200, sortable: true },
    nameT: { kind: 'translations' },
    displayAs: { kind: 'SEL', options: SAVED_SEARCH_DISPLAYS },
    criteria: { kind: 'object', internal: true, of: { filters: FILTERS, groups: GROUPS, groupsShould: GROUPS } },
    selectedFacets: { kind: 'object', internal: true },
    searchString: { kind: 'textField', maxLength: 2000 },
    showFacets: { kind: 'BOOL' },
    sortBy: {
      kind: 'list',
      internal: true,
      of: { key: { kind: 'textField', required: true, maxLength: 200 }, order: { kind: 'SEL', required: true, options: ['asc', 'desc'] } },
      maxItems: 10,
    },
    hash: { kind: 'textField', maxLength: 200, internal: true },
    itemTypeName: { kind: 'textField', maxLength: 100, internal: true },
  },
  label: (item: ItemData) => text(item.name) || text((item.nameT as Record<string, unknown> | undefined)?.en),
  listItem: { title: 'name', subtitle: 'searchString', icon: 'saved_search' },
  defaultHeaders: ['name', 'searchString', 'displayAs'],
};
