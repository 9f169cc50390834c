/**
 * Every module's import readers by kind (src/server/imports/ImportReader.ts). A kind declaring a
 * reader that no module brings, a reader of a kind not declared with one, or two readers of a kind
 * stop the server at start.
 */
import type { RegisteredImportKind } from '../../shared/imports/importKindTable';
import type { ImportReader } from './ImportReader';

/** Who brings readers: a module's server part, by name. */
export interface ImportReaderSource {
  name: string;
  importReaders?: readonly ImportReader[];
}

/** The readers of `sources` by kind, checked against the registered `kinds`. */
export function importReaderTable(
  sources: readonly ImportReaderSource[],
  kinds: ReadonlyMap<string, RegisteredImportKind>,
): ReadonlyMap<string, ImportReader> {
  const table = new Map<string, ImportReader>();
  for (const source of sources) {
    for (const reader of source.importReaders ?? []) {
      const kind = kinds.get(reader.kind);
      if (!kind?.def.reader)
        throw new Error(`Module ${source.name} brings a reader of ${reader.kind}, which no module declares with a reader`);
      if (table.has(reader.kind)) throw new Error(`Import kind ${reader.kind} has two readers (module ${source.name})`);
      table.set(reader.kind, reader);
    }
  }
  for (const kind of kinds.values())
    if (kind.def.reader && !table.has(kind.def.kind))
      throw new Error(`Import kind ${kind.def.kind} declares a reader its module does not bring`);
  return table;
}

let installed: ReadonlyMap<string, ImportReader> = new Map();

/** Keeps the readers of the modules' server parts (the server's start, installImports). */
export function installImportReaders(table: ReadonlyMap<string, ImportReader>): void {
  installed = table;
}

/** The reader of import kind `kind`, if one was installed. */
export const importReaderOf = (kind: string): ImportReader | undefined => installed.get(kind);
