import { buildImportKinds } from '../../shared/imports/importKinds';
import type { ItemStore } from '../store/ItemStore';
import type { ImportReader } from './ImportReader';
import { taskKinds } from '../tasks/taskKinds';
import { importReaderTable, installImportReaders, type ImportReaderSource } from './importReaders';
import { importKindValidator, importTask } from './importTask';
import { keyIndex } from './keyIndexes';

/**
 * Imports (docs/modules.md, "Imports and exports"): checks every module's import kinds (a kind not
 * uppercase or registered twice stops the start, spec 001 §5), keeps the modules' file readers,
 * checks the kind of each Import item, and offers the task that runs them, `act/import/async`.
 */
export function installImports(items: ItemStore, modules: readonly ImportReaderSource[]): void {
  installImportReaders(checkImportKinds(modules));
  items.addValidator(importKindValidator);
  taskKinds.register(importTask);
}

/**
 * Builds the import kinds now, so a faulty one stops the start before the database opens; a key that
 * cannot be indexed too (keyIndexes.ts), and a reader missing or of no such kind (importReaders.ts).
 * Answers the modules' readers by kind.
 */
export function checkImportKinds(modules: readonly ImportReaderSource[]): ReadonlyMap<string, ImportReader> {
  const kinds = buildImportKinds();
  for (const kind of kinds.values()) if (!kind.def.reader) keyIndex(kind);
  return importReaderTable(modules, kinds);
}
