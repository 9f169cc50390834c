/** The columns a CSV export writes: those the person sees in the results, with the labels the browser shows. */

/**
 * One column of an export: `label`, `type`, `created` or a property of the results' type, its
 * heading as the person reads it, and the browser's labels for the values it stores (SEL options,
 * `true`/`false` of a yes/no, item type names for the type column, and for a relation the text of
 * an item the reader may not see, keyed by its type). List values and related items' names the
 * server looks up itself, in `locale` and as the reader may see them.
 */
export interface CsvExportColumn {
  key: string;
  title: string;
  values?: Record<string, string>;
}

/** Limits of an export's columns, checked by the server. */
export const CSV_EXPORT_LIMITS = {
  columns: 40,
  keyLength: 100,
  titleLength: 200,
  values: 500,
  valueLength: 300,
} as const;

/** The columns every result has, whatever its type. */
export const CSV_COMMON_COLUMNS = ['label', 'type', 'created'] as const;
