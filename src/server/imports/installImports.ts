import { buildImportKinds } from '../../shared/imports/importKinds';
import type { ItemStore } from '../store/ItemStore';
import { taskKinds } from '../tasks/taskKinds';
import { importKindValidator, importTask } from './importTask';
import { keyIndex } from './keyIndexes';

/**
 * Imports (docs/modules.md, "Imports and exports"): checks every module's import kinds (a kind not
 * uppercase or registered twice stops the start, spec 001 §5), checks the kind of each Import item,
 * and offers the task that runs them, `act/import/async`.
 */
export function installImports(items: ItemStore): void {
  checkImportKinds();
  items.addValidator(importKindValidator);
  taskKinds.register(importTask);
}

/** Builds the import kinds now, so a faulty one stops the start before the database opens; a key that cannot be indexed too (keyIndexes.ts). */
export function checkImportKinds(): void {
  for (const kind of buildImportKinds().values()) keyIndex(kind);
}
