/**
 * A kind of import a module registers (spec 001 §3 "Import: label, kind (uppercase)"): the rows of a
 * CSV or XLSX file become items of `type`, created or updated by the value of the `key` column. The
 * file's layout is the one the CSV export writes (src/server/tasks/csvExportTask.ts): a header row
 * naming properties, one item a row; the export's own columns (id, type, label, created) are skipped.
 */
export interface ImportKindDef {
  /** Uppercase, registered once across the product (spec 001 §5). */
  kind: string;
  /** The item type its rows become. */
  type: string;
  /** The property whose value finds a row's item: a row whose key no item of the type has creates one. */
  key: string;
  /** The properties a file may name; left out, every property of the type an import can write (`importableProperties`). */
  columns?: readonly string[];
}
