/** The columns of the results table: the type's default headers, or name and type for a general search; creation last. */
import { facetTypeOf, type ResultsSettings } from '../../../machines/search/searchResultsQuery';
import { itemTypes } from '../../shared/itemTypes';
import { labelKey } from '../items/labelKey';

export interface ResultColumn {
  /** The property (or `label`, `type`, `created`), also the sort key. */
  key: string;
  /** The message key of its heading. */
  title: string;
  sortable: boolean;
}

/** The type whose columns the results show: the search's, else the one type chosen in the type facet (null: every type). */
export const columnsTypeOf = (settings: Pick<ResultsSettings, 'itemTypeName' | 'selectedFacets'>): string | null =>
  facetTypeOf(settings.itemTypeName, settings.selectedFacets);

/** Columns for results of `itemTypeName` (null: every type); `adminColumns`: with those shown administrators alone. */
export function resultColumns(itemTypeName: string | null, adminColumns = false): ResultColumn[] {
  const type = itemTypeName ? itemTypes.get(itemTypeName) : undefined;
  const own: ResultColumn[] = type
    ? (type.defaultHeaders ?? []).flatMap((key) => {
        const def = type.properties[key];
        return def && (adminColumns || !def.adminOnly) ? [{ key, title: labelKey(type, key, def), sortable: def.sortable === true }] : [];
      })
    : [];
  const first: ResultColumn[] = own.length
    ? own
    : [
        { key: 'label', title: 'app.results.name', sortable: true },
        { key: 'type', title: 'app.results.type', sortable: true },
      ];
  return [...first, { key: 'created', title: 'app.item.created', sortable: true }];
}
