/** Reading an import file: cells to values by property kind, the header to columns, CSV and XLSX rows. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BadFileError, cellText, formatOf, readRows, type FileRow } from '../../src/server/imports/readRows';
import { cellValue, mapColumns, rowBody, undefused } from '../../src/server/imports/rowValues';
import type { ItemTypeDef } from '../../src/shared/items/types';
import { xlsxFile } from '../support/xlsxFile';

const Note: ItemTypeDef = {
  name: 'Note',
  defaultIcon: 'list',
  defaultAccess: 'PRIVATE',
  properties: {
    title: { kind: 'textField' },
    count: { kind: 'NUM' },
    done: { kind: 'BOOL' },
    tags: { kind: 'SEL', options: ['A', 'B'], multiple: true },
  },
  label: (d) => String(d.title ?? ''),
};

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'kk-import-rows-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rowsOf(name: string, content: string | Buffer): Promise<FileRow[]> {
  const path = join(dir, name);
  writeFileSync(path, content);
  const out: FileRow[] = [];
  for await (const row of readRows(path, 'CSV', () => undefined, new AbortController().signal)) out.push(row);
  return out;
}

test('cells become values by kind; an empty cell is null; a cell the export defused reads as written', () => {
  expect(cellValue(Note.properties.count!, ' 12.5 ')).toEqual({ value: 12.5 });
  expect(cellValue(Note.properties.count!, '12 apples')).toEqual({ reason: 'errors.number.float' });
  expect(cellValue(Note.properties.done!, 'Yes')).toEqual({ value: true });
  expect(cellValue(Note.properties.done!, '0')).toEqual({ value: false });
  expect(cellValue(Note.properties.done!, 'perhaps')).toEqual({ reason: 'errors.invalidValue' });
  expect(cellValue(Note.properties.tags!, 'A; B')).toEqual({ value: ['A', 'B'] });
  expect(cellValue(Note.properties.title!, '  ')).toEqual({ value: null });
  expect(undefused("'=SUM(A1)")).toBe('=SUM(A1)');
  expect(undefused("'plain")).toBe("'plain");
});

test('the header maps columns to properties, skips the export columns, and reports what does not fit', () => {
  const map = mapColumns(['id', 'title', 'count', 'colour', 'count'], ['title', 'count', 'done'], ['id', 'label'], 'title');
  expect(map.props).toEqual([null, 'title', 'count', null, 'count']);
  expect(map.problems).toEqual([
    { line: 1, field: 'colour', reason: 'errors.import.unknownColumn' },
    { line: 1, field: 'count', reason: 'errors.import.columnTwice' },
  ]);
  expect(mapColumns(['count'], ['title', 'count'], [], 'title').problems).toEqual([
    { line: 1, field: 'title', reason: 'errors.import.noKeyColumn' },
  ]);
  const ok = mapColumns(['title', 'count'], ['title', 'count'], [], 'title');
  expect(rowBody(Note, ok, 2, ['Heron', '3'])).toEqual({ body: { title: 'Heron', count: 3 }, problems: [] });
  expect(rowBody(Note, ok, 3, ['Heron'])).toEqual({ body: null, problems: [{ line: 3, field: '', reason: 'errors.import.columnCount' }] });
  expect(rowBody(Note, ok, 4, ['Heron', 'x'])).toEqual({
    body: null,
    problems: [{ line: 4, field: 'count', reason: 'errors.number.float' }],
  });
});

test('CSV: a byte order mark, quotes, CRLF and blank lines; a broken quote stops at its line', async () => {
  const rows = await rowsOf('a.csv', '\uFEFFtitle,count\r\n"Heron, grey",1\r\n\r\n"Say ""hi""",2\r\n');
  expect(rows).toEqual([
    { line: 1, cells: ['title', 'count'] },
    { line: 2, cells: ['Heron, grey', '1'] },
    { line: 3, cells: ['Say "hi"', '2'] },
  ]);
  await expect(rowsOf('b.csv', 'title\nok\n"open\n')).rejects.toBeInstanceOf(BadFileError);
});

test('formats by name or detected type; spreadsheet cells as text', () => {
  expect(formatOf('Entries.XLSX', 'application/octet-stream')).toBe('XLSX');
  expect(formatOf('entries.csv', 'application/octet-stream')).toBe('CSV');
  expect(formatOf('entries', 'text/plain')).toBe('CSV');
  expect(formatOf('photo.png', 'image/png')).toBeNull();
  expect(cellText(new Date(Date.UTC(2026, 2, 4)))).toBe('2026-03-04');
  expect(cellText(new Date(Date.UTC(2026, 2, 4, 10, 30)))).toBe('2026-03-04T10:30:00.000Z');
  expect(cellText(null)).toBe('');
  expect(cellText(3.5)).toBe('3.5');
  expect(cellText(true)).toBe('true');
});

test('XLSX: the first sheet, cells as text, rows of empty cells skipped; a file that is no workbook is refused', async () => {
  const path = join(dir, 'a.xlsx');
  writeFileSync(
    path,
    await xlsxFile([
      ['title', 'count'],
      ['Heron', 3],
      ['Swan & cygnet', 2.5],
    ]),
  );
  const rows: FileRow[] = [];
  for await (const row of readRows(path, 'XLSX', () => undefined, new AbortController().signal)) rows.push(row);
  expect(rows).toEqual([
    { line: 1, cells: ['title', 'count'] },
    { line: 2, cells: ['Heron', '3'] },
    { line: 3, cells: ['Swan & cygnet', '2.5'] },
  ]);
  writeFileSync(join(dir, 'b.xlsx'), 'not a zip');
  const read = async (): Promise<number> => {
    let n = 0;
    for await (const row of readRows(join(dir, 'b.xlsx'), 'XLSX', () => undefined, new AbortController().signal)) n += row.line;
    return n;
  };
  await expect(read()).rejects.toBeInstanceOf(BadFileError);
});
