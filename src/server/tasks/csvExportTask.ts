import { writeFile } from 'node:fs/promises';
import * as yup from 'yup';
import type { Item } from '../../shared/items/types';
import { itemTypes } from '../../shared/itemTypes';
import { searchQuerySchema, type SearchQuery } from '../../shared/search';
import { SearchService } from '../search/SearchService';
import { TaskError } from './TaskError';
import type { TaskKind } from './TaskKind';

/** Most rows one export writes (as many as a results view holds). */
export const CSV_EXPORT_MAX = 10_000;
/** The name of the file the export leaves. */
export const CSV_EXPORT_NAME = 'search-results.csv';
/** Rows read and presented at a time. */
const CHUNK = 500;

const body = yup
  .object({
    /** The `search/ids` query of the results; its sort is kept, its facets and max are not needed. */
    query: yup
      .mixed<SearchQuery>()
      .required()
      .test('query', 'query must be a search/ids query', (v) => searchQuerySchema().isValidSync(v)),
    /** The results' item type: its default headers become columns. */
    itemTypeName: yup.string().max(100),
  })
  .noUnknown()
  .strict();

// A cell that starts like a formula would run in a spreadsheet: it is written as text.
const FORMULA = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a comma, quote or line break, formulas defused. */
export function csvField(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A property value as text: relations by their labels, lists joined, other objects as JSON. */
function cellText(value: unknown, labels: Record<string, string>): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => cellText(v, labels)).join('; ');
  const id = (value as { id?: unknown }).id;
  if (typeof id === 'string') return labels[id] ?? id;
  return JSON.stringify(value);
}

function row(item: Item, headers: readonly string[]): string {
  const type = itemTypes.get(item._t);
  const label = item.$labels?.[item.$id] ?? type?.label(item) ?? item.$id;
  const cells = [item.$id, item._t, label, item._c?.ts ?? '', ...headers.map((h) => cellText(item[h], item.$labels ?? {}))];
  return cells.map(csvField).join(',');
}

/**
 * `act/csvExport/async` with `{query, itemTypeName?}`: the results of the search (at most 10,000,
 * in the query's order, only what the user may read) as `search-results.csv`: id, type, label,
 * creation time, then the type's default headers. No results at all fails with errors.nothingToExport.
 */
export const csvExportTask: TaskKind = {
  name: 'csvExport',
  body,
  async run({ caller, services, signal, progress, resultPath }, input) {
    const { query, itemTypeName } = body.validateSync(input);
    const search = new SearchService(services.db, itemTypes, (c, i) => services.items.labels(c, i));
    const { facets: _facets, labels: _labels, ...rest } = query;
    const { ids } = await search.search(caller, { ...rest, max: CSV_EXPORT_MAX });
    if (ids.length === 0) throw new TaskError('errors.nothingToExport', 'The search found nothing to export');
    const headers = (itemTypeName ? itemTypes.get(itemTypeName)?.defaultHeaders : undefined) ?? [];
    const lines = [['id', 'type', 'label', 'created', ...headers].map(csvField).join(',')];
    for (let n = 0; n < ids.length; n += CHUNK) {
      if (signal.aborted) throw signal.reason;
      const chunk = ids.slice(n, n + CHUNK);
      const items = await services.items.presentMany(caller, await services.items.findReadable(caller, chunk));
      const byId = new Map(items.map((item) => [item.$id, item]));
      for (const id of chunk) {
        const item = byId.get(id);
        if (item) lines.push(row(item, headers));
      }
      progress(((n + chunk.length) / ids.length) * 100);
    }
    // A byte order mark, so spreadsheet programs read the file as UTF-8.
    await writeFile(await resultPath(CSV_EXPORT_NAME), `\uFEFF${lines.join('\r\n')}\r\n`);
    return { file: { name: CSV_EXPORT_NAME, type: 'text/csv; charset=utf-8' } };
  },
};
