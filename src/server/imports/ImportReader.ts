/**
 * The reader contract of imports (docs/modules.md "Imports and exports"): a module whose import kind
 * declares a `reader` (src/shared/imports/ImportKindDef.ts) brings, in its server part
 * (`ModuleServer.importReaders`), the code that turns an uploaded file into records. The framework
 * writes them as it writes rows (ImportRun): batches, a savepoint each, dry run, preview, report,
 * the importer's rights (canCreate) and kill; each record creates an item of the kind's type.
 */
import type { ImportProblem } from '../../shared/items/platformTypes/Import';
import type { ItemData } from '../../shared/items/types';
import type { Principal } from '../policy/Principal';
import type { Services } from '../services';
import type { ItemRecord } from '../store/ItemRecord';

/** One record of a file: what its line (or feature number) becomes, or why it cannot. */
export interface ImportRecord {
  /** Its place in the file, from 1, as the report names it (a feature's number, a CSV file's line). */
  line: number;
  /** The item it creates (the kind's type; properties read-only to users may be set), or null when it could not be read. */
  body: ItemData | null;
  /** Why it could not be read (with a null body). */
  problems: readonly ImportProblem[];
  /** Its row in a dry run's preview, one cell per preview column. */
  cells: readonly string[];
}

/** The item a whole file becomes before its records (the spatial module's GISCollection): created once, named by every record. */
export interface ImportHead {
  type: string;
  body: ItemData;
  /** The property of each record that holds the head's relation (set by the framework: `{id}`). */
  property: string;
}

/** A file as its reader reads it. */
export interface ImportFileRead {
  /** The columns of the preview. */
  columns: readonly string[];
  head?: ImportHead;
  records: AsyncIterable<ImportRecord> | Iterable<ImportRecord>;
}

/** What a reader is given: the stored file (a local path), the Import and its target, and who runs it. */
export interface ImportReadContext {
  importId: string;
  /** The item the Import goes into (its `into`), read and checked readable by the framework; null for a kind without a target. */
  into: ItemRecord | null;
  file: { path: string; originalName: string; filetype: string };
  caller: Principal;
  services: Services;
  signal: AbortSignal;
  /** Tells the share of the file read, 0 to 1. */
  progress: (share: number) => void;
}

/** A module's reader of one import kind. */
export interface ImportReader {
  /** The kind it reads (declared with a `reader` in the module's model). */
  kind: string;
  /**
   * Reads the file. A file it cannot read at all throws TaskError (errors.import.fileType,
   * errors.import.badFile...): the run fails with that reason, nothing written.
   */
  read(context: ImportReadContext): Promise<ImportFileRead>;
}
