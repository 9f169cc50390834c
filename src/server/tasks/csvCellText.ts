/** The text of one cell of a CSV export: a value as the person reads it on screen (labels, DD-MMM-YYYY dates). */
import { LOV_OTHER_MARKER } from '../../shared/constants';
import type { LovEntry } from '../../shared/items/LovEntry';
import { ownerOrgOf } from '../../shared/items/ownerOrgOf';
import type { Item, PropertyDef } from '../../shared/items/types';
import type { CsvExportColumn } from '../../shared/search/csvExportColumn';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const IMPRECISE = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/;
const two = (n: number) => String(n).padStart(2, '0');
const month = (m: number) => MONTHS[m - 1] ?? '';

/** `2024-05-01` -> `01-May-2024`; a date-time -> `01-May-2024 14:05` at `tzOffset` (minutes, as getTimezoneOffset). */
export function csvDate(value: string, withTime: boolean, tzOffset: number): string {
  const day = DAY.exec(value);
  if (day) return `${day[3]}-${month(+day[2]!)}-${day[1]}`;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  const d = new Date(ms - tzOffset * 60_000);
  const date = `${two(d.getUTCDate())}-${month(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  return withTime ? `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : date;
}

/** An imprecise date YYYY, YYYY-M or YYYY-M-D as YYYY, MMM-YYYY or DD-MMM-YYYY. */
function impreciseDate(value: string): string {
  const m = IMPRECISE.exec(value);
  if (!m) return value;
  if (m[2] === undefined) return m[1]!;
  if (m[3] === undefined) return `${month(+m[2])}-${m[1]}`;
  return `${two(+m[3])}-${month(+m[2])}-${m[1]}`;
}

/** The browser's label of `key` in `column` (own keys only: a key like `constructor` is no label), else the key. */
const labelIn = (column: CsvExportColumn, key: string): string =>
  column.values && Object.hasOwn(column.values, key) ? column.values[key]! : key;

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]);
const idOf = (v: unknown): string | null =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;

/** Rich text without its markup, its blocks on one line. */
function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Anything else as text: strings and numbers as they are, objects by their values. */
function anyText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(anyText).filter(Boolean).join('; ');
  if (typeof value === 'object') return Object.values(value).map(anyText).filter(Boolean).join(' ');
  return '';
}

/** What formatting a cell needs besides the item: the reader's lists, zone and locale. */
export interface CellContext {
  /** The values of each list a column draws from, by owner organisation (`_` for the site's own). */
  lists: Record<string, Record<string, LovEntry[]>>;
  tzOffset: number;
  locale: string;
}

function lovLabel(key: string, listName: string, item: Item, ctx: CellContext): string {
  const lists = ctx.lists[listName] ?? {};
  const owner = ownerOrgOf(item);
  const entry = (owner ? lists[owner]?.find((v) => v.key === key) : undefined) ?? lists._?.find((v) => v.key === key);
  return entry?.label ?? (key === LOV_OTHER_MARKER ? '' : key);
}

function translation(value: unknown, locale: string): string {
  if (typeof value !== 'object' || value === null) return anyText(value);
  const texts = value as Record<string, unknown>;
  const pick = texts[locale] ?? texts[locale.split('-')[0]!] ?? texts.en ?? Object.values(texts)[0];
  return anyText(pick);
}

/** A property's value as its read screen shows it. */
function propertyText(item: Item, column: CsvExportColumn, def: PropertyDef, ctx: CellContext): string {
  const value = item[column.key];
  if (value === null || value === undefined || value === '') return '';
  const named = (key: string) => labelIn(column, key);
  switch (def.kind) {
    case 'SEL':
      return list(value).map(String).map(named).join(', ');
    case 'LOV':
      return list(value)
        .map((k) => lovLabel(String(k), def.list ?? '', item, ctx))
        .filter(Boolean)
        .join(', ');
    case 'BOOL':
      return named(String(value === true));
    case 'REL':
      return list(value)
        .map(idOf)
        .filter((id): id is string => id !== null)
        .map((id) => (item.$labels && Object.hasOwn(item.$labels, id) ? item.$labels[id]! : named(id.split('-')[0] ?? '')))
        .join(', ');
    case 'DT':
      return csvDate(String(value), false, ctx.tzOffset);
    case 'DTM':
      return csvDate(String(value), true, ctx.tzOffset);
    case 'impreciseDate':
      return impreciseDate(String(value));
    case 'HTM':
      return plainText(String(value));
    case 'ATT':
      return list(value)
        .map((e) => (typeof e === 'object' && e !== null ? anyText((e as { originalName?: unknown }).originalName) : ''))
        .filter(Boolean)
        .join(', ');
    case 'translations':
      return translation(value, ctx.locale);
    default:
      return anyText(value);
  }
}

/** The text of `column` for `item`: its property `def`, else one of the columns every result has. */
export function csvCellText(item: Item, column: CsvExportColumn, def: PropertyDef | undefined, ctx: CellContext): string {
  if (def) return propertyText(item, column, def, ctx);
  if (column.key === 'label') return item.$labels?.[item.$id] ?? item.$id;
  if (column.key === 'type') return labelIn(column, item._t);
  if (column.key === 'created') return csvDate(item._c.ts, true, ctx.tzOffset);
  return '';
}

/** A value as data, for the export without columns that an import reads back: keys and ISO dates as stored, relations by their labels, lists joined by `; `. */
export function csvRawText(value: unknown, labels: Record<string, string>): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => csvRawText(v, labels)).join('; ');
  const id = idOf(value);
  if (id !== null) return Object.hasOwn(labels, id) ? labels[id]! : id;
  return JSON.stringify(value);
}
