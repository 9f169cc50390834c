import type { FacetDef, ItemTypeDef, PropertyKind } from '../../shared/items/types';

/** Item columns a query may name, beside the properties of the types (spec 000 §3 default properties). */
export type SearchColumn = 'created_at' | 'updated_at' | 'created_by' | 'idx' | 'label';

/** A property a query may name: from the type registry, or one of the columns every item has. */
export interface SearchField {
  name: string;
  kinds: ReadonlySet<PropertyKind>;
  /** Some type holds a list of values in it. */
  multiple: boolean;
  /** Some type holds one value in it. */
  single: boolean;
  sortable: boolean;
  column?: SearchColumn;
  facet?: FacetDef;
  /** Some type marks it administrators' alone: its facet is counted for administrators only. */
  adminOnly?: boolean;
}

/** The part of the type registry search needs. */
export interface TypeRegistryLike {
  all(): ItemTypeDef[];
}

const column = (name: string, kind: PropertyKind, col: SearchColumn, sortable: boolean, facet?: FacetDef): SearchField => ({
  name,
  kinds: new Set([kind]),
  multiple: false,
  single: true,
  sortable,
  column: col,
  ...(facet ? { facet } : {}),
});

/** Columns named like properties; they win over a type's property of the same name. */
const COLUMNS: readonly SearchField[] = [
  column('created', 'DTM', 'created_at', true, { kind: 'dateRanges' }),
  column('updated', 'DTM', 'updated_at', true, { kind: 'dateRanges' }),
  column('createdBy', 'REL', 'created_by', false, { kind: 'terms' }),
  column('index', 'NUM', 'idx', true),
  column('label', 'textField', 'label', true),
];

/**
 * The whitelist of names a query may use, derived from the type registry: only these names ever
 * reach SQL, and they do so as parameters. Field maps are built once per set of types.
 */
export class SearchFields {
  private readonly byType = new Map<string, ItemTypeDef>();
  private readonly cache = new Map<string, ReadonlyMap<string, SearchField>>();

  constructor(registry: TypeRegistryLike) {
    for (const t of registry.all()) this.byType.set(t.name, t);
  }

  /** The registered type called `name`, its case ignored (`contact-12` names Contact-12). */
  typeNamed(name: string): ItemTypeDef | undefined {
    return this.byType.get(name) ?? [...this.byType.values()].find((t) => t.name.toLowerCase() === name.toLowerCase());
  }

  /** Names of the types general search covers (all but those marked excludeGeneralSearch). */
  generalTypes(): string[] {
    return [...this.byType.values()].filter((t) => !t.excludeGeneralSearch).map((t) => t.name);
  }

  /** The fields of `types` (registered names), or of every general-search type when null. */
  fieldsOf(types: readonly string[] | null): ReadonlyMap<string, SearchField> {
    const defs =
      types === null
        ? [...this.byType.values()].filter((t) => !t.excludeGeneralSearch)
        : types.map((n) => this.byType.get(n)).filter((t): t is ItemTypeDef => !!t);
    const cacheKey = defs
      .map((d) => d.name)
      .sort()
      .join(',');
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const out = new Map<string, SearchField>();
    for (const def of defs) {
      for (const [name, prop] of Object.entries(def.properties)) {
        const seen = out.get(name);
        const multiple = !!prop.multiple || ['list', 'ARR', 'ATT', 'IDM'].includes(prop.kind);
        out.set(name, {
          name,
          kinds: new Set([...(seen?.kinds ?? []), prop.kind]),
          multiple: (seen?.multiple ?? false) || multiple,
          single: (seen?.single ?? false) || !multiple,
          sortable: (seen?.sortable ?? false) || !!prop.sortable,
          ...((seen?.facet ?? prop.facet) ? { facet: seen?.facet ?? prop.facet } : {}),
          ...(seen?.adminOnly || prop.adminOnly ? { adminOnly: true } : {}),
        });
      }
    }
    for (const c of COLUMNS) out.set(c.name, c);
    this.cache.set(cacheKey, out);
    return out;
  }
}
