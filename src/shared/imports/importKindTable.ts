import type { ItemTypeDef, PropertyDef } from '../items/types';
import type { ImportKindDef } from './ImportKindDef';

/** A registered kind: its declaration, the module that registered it and the columns a file may name (none for a kind with a reader). */
export interface RegisteredImportKind {
  def: ImportKindDef;
  owner: string;
  columns: readonly string[];
}

/** Who registers kinds: a module, by name. */
export interface ImportKindSource {
  name: string;
  importKinds?: readonly ImportKindDef[];
}

/** The export's own columns, which an import skips: the item's id, type, label and creation time. */
export const EXPORT_ONLY_COLUMNS: readonly string[] = ['id', 'type', 'label', 'created'];

/** Kinds of property a cell of text says whole: the others (relations, files, lists, objects) are not imported. */
const CELL_KINDS: ReadonlySet<PropertyDef['kind']> = new Set(['textField', 'SEL', 'LOV', 'DT', 'DTM', 'NUM', 'BOOL', 'HTM']);

/** Whether a file may set property `name` of `type`: stored (not derived or read-only) and said whole in one cell. */
export function isImportable(type: ItemTypeDef, name: string): boolean {
  const def = Object.hasOwn(type.properties, name) ? type.properties[name] : undefined;
  return !!def && !name.startsWith('$') && !def.readOnly && CELL_KINDS.has(def.kind);
}

/** The properties of `type` a file may set, in their declared order. */
export const importableProperties = (type: ItemTypeDef): string[] => Object.keys(type.properties).filter((p) => isImportable(type, p));

const UPPERCASE = /^[A-Z][A-Z0-9_]*$/;

/**
 * Every registered import kind by name. A kind that is not uppercase, one registered twice, or one
 * whose type, key or columns do not fit throws (spec 001 §5): the server stops at start, naming it.
 */
export function importKindTable(
  sources: readonly ImportKindSource[],
  typeOf: (name: string) => ItemTypeDef | undefined,
): ReadonlyMap<string, RegisteredImportKind> {
  const table = new Map<string, RegisteredImportKind>();
  for (const source of sources) {
    for (const def of source.importKinds ?? []) {
      if (!UPPERCASE.test(def.kind)) throw new Error(`Import kind ${def.kind} is not uppercase (module ${source.name})`);
      const known = table.get(def.kind);
      if (known) throw new Error(`Import kind ${def.kind} is already registered: by module ${known.owner}, again by module ${source.name}`);
      const type = typeOf(def.type);
      if (!type) throw new Error(`Import kind ${def.kind} of module ${source.name} names the unknown item type ${def.type}`);
      if (def.reader) {
        // Its module's reader makes the records: no columns, no key (each record creates an item).
        if (def.key !== undefined || def.columns) throw new Error(`Import kind ${def.kind}: a kind with a reader has no key or columns`);
        if (def.reader.into !== undefined && !typeOf(def.reader.into))
          throw new Error(`Import kind ${def.kind} of module ${source.name} imports into the unknown item type ${def.reader.into}`);
        table.set(def.kind, { def, owner: source.name, columns: [] });
        continue;
      }
      if (def.key === undefined) throw new Error(`Import kind ${def.kind}: it names no key (nor a reader)`);
      const columns = def.columns ?? importableProperties(type);
      for (const c of columns)
        if (!isImportable(type, c)) throw new Error(`Import kind ${def.kind}: ${def.type}.${c} cannot be imported from a cell`);
      if (!columns.includes(def.key)) throw new Error(`Import kind ${def.kind}: its key ${def.key} is not one of its columns`);
      table.set(def.kind, { def, owner: source.name, columns });
    }
  }
  return table;
}
