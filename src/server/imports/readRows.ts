import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { TaskError } from '../tasks/TaskError';

/** One row of a file: its line as a spreadsheet numbers it (the header is line 1) and its cells as text. */
export interface FileRow {
  line: number;
  cells: string[];
}

/** The file formats an import reads. */
export type ImportFormat = 'CSV' | 'XLSX';

/** A file whose content cannot be read as its format says (an open quote, not a workbook...). */
export class BadFileError extends TaskError {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super('errors.import.badFile', message);
  }
}

/** The format of an uploaded file, by its name and its detected type; null for one an import cannot read. */
export function formatOf(originalName: string, filetype: string): ImportFormat | null {
  const name = originalName.toLowerCase();
  if (name.endsWith('.xlsx') || filetype === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'XLSX';
  if (name.endsWith('.csv') || filetype.startsWith('text/csv') || filetype.startsWith('text/plain')) return 'CSV';
  return null;
}

/** A spreadsheet's cell as text: dates as YYYY-MM-DD (or an ISO time when they hold one), others as they print. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return String(value);
}

/**
 * The rows of a CSV file, streamed: csv-parse reads it a chunk at a time (a byte order mark and CRLF
 * or LF line ends alike), so memory stays flat however long the file. `onBytes` is told how far it read.
 */
async function* csvRows(path: string, onBytes: (read: number) => void, signal: AbortSignal): AsyncGenerator<FileRow> {
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  const source = createReadStream(path, { signal });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(counter).pipe(parser);
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      onBytes(read);
      yield { line, cells: record };
    }
  } catch (e) {
    if (e instanceof CsvError) throw new BadFileError(line + 1, e.message);
    throw e;
  } finally {
    source.destroy();
  }
}

/** The rows of the first sheet of an XLSX workbook (read-excel-file reads the sheet whole: see docs/decisions.md). */
async function* xlsxRows(path: string, onRows: (done: number, total: number) => void): AsyncGenerator<FileRow> {
  const { readSheet } = await import('read-excel-file/node');
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(path, { trim: false })) as unknown[][];
  } catch (e) {
    throw new BadFileError(1, e instanceof Error ? e.message : String(e));
  }
  for (let i = 0; i < sheet.length; i++) {
    const cells = sheet[i]!.map(cellText);
    onRows(i + 1, sheet.length);
    // A row of empty cells is no row, as in a CSV file.
    if (cells.every((c) => c === '')) continue;
    yield { line: i + 1, cells };
  }
}

/**
 * The rows of the file at `path` in `format`, header first; `progress` is told the share read, 0 to 1.
 * A file that cannot be read throws BadFileError with the line it stopped at.
 */
export async function* readRows(
  path: string,
  format: ImportFormat,
  progress: (share: number) => void,
  signal: AbortSignal,
): AsyncGenerator<FileRow> {
  if (format === 'XLSX') {
    yield* xlsxRows(path, (done, total) => progress(total ? done / total : 1));
    return;
  }
  const size = (await stat(path)).size;
  yield* csvRows(path, (read) => progress(size ? read / size : 1), signal);
}
