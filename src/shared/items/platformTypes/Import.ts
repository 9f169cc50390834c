import type { ItemData, ItemTypeDef, PropertyDef } from '../types';

/** Where an import is (set by the server alone): not yet run, previewed by a dry run, running, or ended. */
export const IMPORT_STATUSES = ['NEW', 'PREVIEWED', 'RUNNING', 'DONE', 'FAILED', 'KILLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Most problems an Import keeps in its report; the counts still say how many rows failed. */
export const IMPORT_REPORT_MAX = 1000;
/** Rows a dry run shows as its preview. */
export const IMPORT_PREVIEW_ROWS = 10;

/** One problem of a row: its line in the file (the header is line 1), the column and the message key of the reason. */
export interface ImportProblem {
  line: number;
  field: string;
  reason: string;
}

/** What a dry run shows: the columns it read and the first rows, as the file says them. */
export interface ImportPreview {
  columns: string[];
  rows: string[][];
}

const COUNT: PropertyDef = { kind: 'NUM', number: 'INTEGER', readOnly: true };

/**
 * An import of a CSV or XLSX file (spec 001 §3 "Import: label, kind (uppercase)"): its kind says what
 * the rows become (src/shared/imports/ImportKindDef.ts). Its file and everything after are the
 * server's: the task that runs it keeps on it the last run's status, counts, preview and report, so
 * the report of every row that failed (line, field, reason) stays with the import.
 */
export const ImportType: ItemTypeDef = {
  name: 'Import',
  defaultIcon: 'attachment',
  defaultAccess: 'PRIVATE',
  excludeGeneralSearch: true,
  properties: {
    label: { kind: 'textField', required: true, notBlank: true, maxLength: 200, sortable: true },
    // Chosen, by its label, on the Import's screen (src/client/import/): a run without one is refused (errors.import.unknownKind).
    kind: { kind: 'textField', maxLength: 100, internal: true },
    // What a kind with a reader imports into (ImportKindDef.reader.into), chosen on the Import's screen.
    into: { kind: 'REL', internal: true, related: false },
    file: { kind: 'REL', relTypes: ['Attachment'], readOnly: true },
    status: { kind: 'SEL', options: IMPORT_STATUSES, readOnly: true },
    dryRun: { kind: 'BOOL', readOnly: true },
    /** The key of the task of its last run. */
    task: { kind: 'textField', maxLength: 100, readOnly: true, internal: true },
    rows: COUNT,
    created: COUNT,
    updated: COUNT,
    /** Rows that found their item already as they say it. */
    unchanged: COUNT,
    failed: COUNT,
    finished: { kind: 'DTM', readOnly: true },
    preview: { kind: 'object', readOnly: true, internal: true },
    report: {
      kind: 'list',
      readOnly: true,
      internal: true,
      maxItems: IMPORT_REPORT_MAX,
      of: {
        line: { kind: 'NUM', number: 'NATURAL', required: true },
        field: { kind: 'textField', maxLength: 200 },
        reason: { kind: 'textField', required: true, maxLength: 200 },
      },
    },
  },
  label: (item: ItemData) => (typeof item.label === 'string' ? item.label.trim() : ''),
  listItem: { title: 'label', subtitle: 'kind', icon: 'attachment' },
  defaultHeaders: ['label', 'kind', 'status'],
};
