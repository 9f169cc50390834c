/**
 * A kind of import a module registers (spec 001 §3 "Import: label, kind (uppercase)"): the rows of a
 * CSV or XLSX file become items of `type`, created or updated by the value of the `key` column. The
 * file's layout is the one the CSV export writes (src/server/tasks/csvExportTask.ts): a header row
 * naming properties, one item a row; the export's own columns (id, type, label, created) are skipped.
 * A kind with a `reader` reads files of its own formats instead (docs/modules.md "Imports and exports").
 */
export interface ImportKindDef {
  /** Uppercase, registered once across the product (spec 001 §5). */
  kind: string;
  /** The item type its rows become. */
  type: string;
  /** The property whose value finds a row's item: a row whose key no item of the type has creates one. None for a kind with a reader (each record creates an item). */
  key?: string;
  /** The properties a file may name; left out, every property of the type an import can write (`importableProperties`). */
  columns?: readonly string[];
  /** Files of formats of its own, read by the module's server part (`ModuleServer.importReaders`) into records. */
  reader?: ImportReaderDecl;
}

/** What the browser knows of a kind whose module reads its files itself. */
export interface ImportReaderDecl {
  /** The file extensions (with the dot) and media types the Import's file picker offers. */
  accept: readonly string[];
  /**
   * The item type an Import of this kind goes into: the Import's `into` must name one the importer
   * may read (chosen on its screen), and the module's reader is given it. None: the kind has no target.
   */
  into?: string;
  /** The message key of the line the Import's screen shows about the files it reads (instead of the columns). */
  hint: string;
}
