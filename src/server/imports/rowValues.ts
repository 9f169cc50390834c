import type { ImportProblem } from '../../shared/items/platformTypes/Import';
import type { ItemData, ItemTypeDef, PropertyDef } from '../../shared/items/types';

/** How the CSV export joins the values of a property that holds several (src/server/tasks/csvExportTask.ts). */
export const LIST_SEPARATOR = '; ';

// The export writes a cell that starts like a formula with a quote before it, so no spreadsheet runs it.
const DEFUSED = /^'[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

/** A cell as its text was before the export defused it. */
export const undefused = (cell: string): string => (DEFUSED.test(cell) ? cell.slice(1) : cell);

/** The value of one cell for a property: a value, null for an empty cell, or the message key of why it is none. */
export function cellValue(def: PropertyDef, raw: string): { value: unknown } | { reason: string } {
  const cell = undefused(raw);
  if (cell.trim() === '') return { value: null };
  switch (def.kind) {
    case 'NUM': {
      const text = cell.trim();
      return NUMBER.test(text) ? { value: Number(text) } : { reason: 'errors.number.float' };
    }
    case 'BOOL': {
      const text = cell.trim().toLowerCase();
      if (TRUE.has(text)) return { value: true };
      if (FALSE.has(text)) return { value: false };
      return { reason: 'errors.invalidValue' };
    }
    case 'SEL':
    case 'LOV':
      return { value: def.multiple ? cell.split(LIST_SEPARATOR).map((v) => v.trim()) : cell.trim() };
    case 'DT':
    case 'DTM':
      return { value: cell.trim() };
    default:
      return { value: cell };
  }
}

/** Which property each column sets (null for a column the import skips), and the header's problems. */
export interface ColumnMap {
  props: (string | null)[];
  problems: ImportProblem[];
}

/**
 * Reads the header row: each column names a property of the kind's columns, or one of the export's
 * own columns (skipped). Anything else, a property named twice, or no key column is a problem of line 1.
 */
export function mapColumns(header: readonly string[], columns: readonly string[], skipped: readonly string[], key: string): ColumnMap {
  const props: (string | null)[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  header.forEach((raw, i) => {
    const name = raw.trim();
    if (skipped.includes(name)) return void props.push(null);
    if (!columns.includes(name)) {
      problems.push({ line: 1, field: name || `#${i + 1}`, reason: 'errors.import.unknownColumn' });
      return void props.push(null);
    }
    if (seen.has(name)) problems.push({ line: 1, field: name, reason: 'errors.import.columnTwice' });
    seen.add(name);
    props.push(name);
  });
  if (!seen.has(key)) problems.push({ line: 1, field: key, reason: 'errors.import.noKeyColumn' });
  return { props, problems };
}

/** A row as an item body: the properties its columns set (null where a cell is empty), or its problems. */
export function rowBody(
  type: ItemTypeDef,
  map: ColumnMap,
  line: number,
  cells: readonly string[],
): { body: ItemData; problems: [] } | { body: null; problems: ImportProblem[] } {
  if (cells.length !== map.props.length) return { body: null, problems: [{ line, field: '', reason: 'errors.import.columnCount' }] };
  const body: ItemData = {};
  const problems: ImportProblem[] = [];
  map.props.forEach((prop, i) => {
    if (prop === null) return;
    const out = cellValue(type.properties[prop]!, cells[i]!);
    if ('reason' in out) problems.push({ line, field: prop, reason: out.reason });
    else body[prop] = out.value;
  });
  return problems.length ? { body: null, problems } : { body, problems: [] };
}
