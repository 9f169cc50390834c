import * as yup from 'yup';
import type { Item, PropertyDef } from '../../shared/items/types';
import { itemTypes } from '../../shared/itemTypes';
import { searchQuerySchema, type SearchQuery } from '../../shared/search';
import { LOV_LOCALE } from '../../shared/items/LovEntry';
import { CSV_COMMON_COLUMNS, CSV_EXPORT_LIMITS } from '../../shared/search/csvExportColumn';
import { listValues } from '../lov/listValues';
import { OpError } from '../OpError';
import { SearchService } from '../search/SearchService';
import { csvCellText, csvRawText, type CellContext } from './csvCellText';
import type { Principal } from '../policy/Principal';
import { TaskError } from './TaskError';
import type { TaskKind } from './TaskKind';

/** Most rows one export writes (as many as a results view holds). */
export const CSV_EXPORT_MAX = 10_000;
/** The name of the file the export leaves. */
export const CSV_EXPORT_NAME = 'search-results.csv';
/** Rows read and presented at a time. */
const CHUNK = 500;

const columnSchema = yup
  .object({
    key: yup.string().required().max(CSV_EXPORT_LIMITS.keyLength),
    title: yup.string().required().max(CSV_EXPORT_LIMITS.titleLength),
    values: yup.mixed<Record<string, string>>().test('values', 'values must map at most 500 keys to short texts', (v) => {
      if (v === undefined) return true;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
      const entries = Object.entries(v);
      return (
        entries.length <= CSV_EXPORT_LIMITS.values &&
        entries.every(
          ([k, t]) => k.length <= CSV_EXPORT_LIMITS.keyLength && typeof t === 'string' && t.length <= CSV_EXPORT_LIMITS.valueLength,
        )
      );
    }),
  })
  .noUnknown()
  .strict();

const schema = yup
  .object({
    /** The `search/ids` query of the results; its sort is kept, its facets and max are not needed. */
    query: yup
      .mixed<SearchQuery>()
      .required()
      .test('query', 'query must be a search/ids query', (v) => searchQuerySchema().isValidSync(v)),
    /** The results' item type: its properties may be columns; its default headers are the data columns when none are given. */
    itemTypeName: yup.string().max(100),
    /** The columns the person sees, in order (else the data columns an import reads back). */
    columns: yup.array(columnSchema.required()).min(1).max(CSV_EXPORT_LIMITS.columns),
    /** The reader's locale, for the labels of list values. */
    locale: yup.string().matches(LOV_LOCALE),
  })
  .noUnknown()
  .strict();

type Body = yup.InferType<typeof schema>;

/** The property a column shows, or null for the columns every result has; refuses what the reader may not see. */
function columnProperty(itemTypeName: string | undefined, key: string, admin = true): PropertyDef | null {
  const type = itemTypeName ? itemTypes.get(itemTypeName) : undefined;
  // A type's own property of that name (an organisation's `type`) comes before the common column.
  const def = type && Object.hasOwn(type.properties, key) ? type.properties[key] : undefined;
  if (!def && (CSV_COMMON_COLUMNS as readonly string[]).includes(key)) return null;
  if (!def) throw new OpError('parseRequestFailed', `${itemTypeName ?? 'a general search'} has no property ${key}`);
  // The app's own bookkeeping is never shown to a person, so it is not exported either.
  if (def.internal) throw new OpError('notAllowed', `${itemTypeName}.${key} is not shown to readers`);
  if (def.adminOnly && !admin) throw new OpError('notAllowed', `${itemTypeName}.${key} is exported for administrators only`);
  return def;
}

/** The type's default headers readers are shown: the data columns of an export without columns. */
function dataHeaders(itemTypeName: string | undefined, admin: boolean): string[] {
  const type = itemTypeName ? itemTypes.get(itemTypeName) : undefined;
  return (type?.defaultHeaders ?? []).filter(
    (k) => type?.properties[k] && !type.properties[k].internal && (admin || !type.properties[k].adminOnly),
  );
}

/** A row of the export without columns: id, type, label, creation time, then the headers' values as stored. */
function dataRow(item: Item, headers: readonly string[]): string {
  const labels = item.$labels ?? {};
  const label = labels[item.$id] ?? itemTypes.get(item._t)?.label(item) ?? item.$id;
  return [item.$id, item._t, label, item._c.ts, ...headers.map((h) => csvRawText(item[h], labels))].map(csvField).join(',');
}

// The body's shape, then each column against the type: a column the reader may not see refuses the export before it starts.
const body = {
  validateSync(value: unknown): Body {
    const checked = schema.validateSync(value);
    for (const column of checked.columns ?? []) columnProperty(checked.itemTypeName, column.key);
    return checked;
  },
};

// A cell that starts like a formula would run in a spreadsheet: it is written as text.
const FORMULA = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a comma, quote or line break, formulas defused. */
export function csvField(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * `act/csvExport/async` with `{query, itemTypeName?, columns?, locale?}`: the results of the search
 * (at most 10,000, in the query's order, only what the user may read) as `search-results.csv`.
 * With `columns` (the browser sends those the person sees) one column each, headed by its title, each
 * value as the screen shows it (list values and related items by their labels, dates DD-MMM-YYYY in
 * the reader's zone); a column of a property readers are never shown is refused (notAllowed).
 * Without, the data an import reads back: id, type, label, created, then the type's default headers
 * by property name with their stored values. No results at all fails with errors.nothingToExport.
 */
export const csvExportTask: TaskKind = {
  name: 'csvExport',
  body,
  // A column shown administrators alone (PropertyDef.adminOnly) refuses another's export before it starts.
  refuse(caller: Principal, input: unknown) {
    const { itemTypeName, columns } = body.validateSync(input);
    for (const column of columns ?? []) columnProperty(itemTypeName, column.key, caller.admin);
  },
  async run({ caller, services, signal, progress, writeResult }, input) {
    const { query, itemTypeName, columns, locale = 'en' } = body.validateSync(input);
    const admin = caller?.admin === true;
    const defs = (columns ?? []).map((c) => columnProperty(itemTypeName, c.key, admin) ?? undefined);
    const headers = dataHeaders(itemTypeName, admin);
    const search = new SearchService(services.db, itemTypes, (c, i) => services.items.labels(c, i));
    const { facets: _facets, labels: _labels, ...rest } = query;
    const { ids } = await search.search(caller, { ...rest, max: CSV_EXPORT_MAX });
    if (ids.length === 0) throw new TaskError('errors.nothingToExport', 'The search found nothing to export');
    const ctx: CellContext = { lists: {}, tzOffset: query.tzOffset ?? 0, locale };
    for (const def of defs) {
      if (def?.kind === 'LOV' && def.list && !ctx.lists[def.list])
        ctx.lists[def.list] = await listValues(services.db, caller, { locale, listName: def.list, includeArchived: true });
    }
    const row = (item: Item): string =>
      columns ? columns.map((c, i) => csvField(csvCellText(item, c, defs[i], ctx))).join(',') : dataRow(item, headers);
    const lines = [(columns ? columns.map((c) => c.title) : ['id', 'type', 'label', 'created', ...headers]).map(csvField).join(',')];
    for (let n = 0; n < ids.length; n += CHUNK) {
      if (signal.aborted) throw signal.reason;
      const chunk = ids.slice(n, n + CHUNK);
      const items = await services.items.presentMany(caller, await services.items.findReadable(caller, chunk));
      const byId = new Map(items.map((item) => [item.$id, item]));
      for (const id of chunk) {
        const item = byId.get(id);
        if (item) lines.push(row(item));
      }
      progress(((n + chunk.length) / ids.length) * 100);
    }
    // A byte order mark, so spreadsheet programs read the file as UTF-8.
    await writeResult(CSV_EXPORT_NAME, `\uFEFF${lines.join('\r\n')}\r\n`);
    return { file: { name: CSV_EXPORT_NAME, type: 'text/csv; charset=utf-8' } };
  },
};
