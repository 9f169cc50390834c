import type { PropertyKind } from '../../shared/items/types';
import type { Filter } from '../../shared/search';
import type { SearchField } from './SearchFields';
import { badValue, boundsValue, dateRange, numberRange, scalarList, stringList } from './searchValues';
import type { SqlParams } from './SqlParams';

/** What a condition needs besides its filter. */
export interface FilterContext {
  params: SqlParams;
  fields: ReadonlyMap<string, SearchField>;
  tzOffset: number;
}

/** A condition's SQL, or why it was ignored. */
export type FilterResult = { sql: string } | { ignored: string };

const TEXT: readonly PropertyKind[] = ['textField', 'SEL', 'LOV', 'HTM', 'labelFunc'];
const DATES: readonly PropertyKind[] = ['DT', 'DTM', 'impreciseDate'];

/** Which property kinds each prefix applies to (spec 000 §3: other combinations are ignored). */
const KINDS_FOR: Record<string, readonly PropertyKind[] | 'any'> = {
  ft: [...TEXT, 'REL'],
  // On a relation: the wildcard matches the related items' ids (`fw-context: Consultation-*`, of one type).
  fw: [...TEXT, 'REL'],
  t: [...TEXT, 'REL', 'NUM', 'BOOL', ...DATES],
  m: [...TEXT, 'translations', 'list', 'ARR'],
  mp: [...TEXT, 'translations', 'list', 'ARR'],
  dr: DATES,
  tr: DATES,
  fb: ['BOOL'],
  nr: ['NUM'],
  gb: ['GEO'],
  fs: 'any',
};

const SEGMENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The jsonb value of a property over table alias `a` (the name is a parameter, never SQL text). */
export const jsonOf = (a: string, field: SearchField, params: SqlParams): string => `${a}.data -> ${params.add(field.name, 'text')}`;

/** A property or column as an instant (dates at midnight UTC); null where it holds none. */
export function instantOf(a: string, field: SearchField, params: SqlParams): string {
  if (field.column) return `${a}.${field.column}`;
  return `kk_search_instant(${a}.data ->> ${params.add(field.name, 'text')})`;
}

/** Whether every type stores `field` as a calendar date (YYYY-MM-DD), which compares as text. */
const isPlainDate = (field: SearchField): boolean => !field.column && field.kinds.size === 1 && field.kinds.has('DT');

/**
 * `x >= from` (or `x < to`, `x <= to`) for a date property or column against an ISO instant.
 * Calendar dates compare as text, much cheaper than parsing every row's value: an ISO instant
 * at midnight UTC is written as its bare date, which then equals the stored date, and any later
 * instant of that day sorts after it, as it should.
 */
export function compareDate(a: string, field: SearchField, op: '>=' | '<' | '<=', instant: string, params: SqlParams): string {
  if (!isPlainDate(field)) return `${instantOf(a, field, params)} ${op} ${params.add(instant, 'timestamptz')}`;
  const bound = instant.endsWith('T00:00:00.000Z') ? instant.slice(0, 10) : instant;
  const value = `(${a}.data ->> ${params.add(field.name, 'text')})`;
  return `(${value} ${op} ${params.add(bound, 'text')} COLLATE "C" AND ${value} LIKE '____-__-__')`;
}

/** A property or column as a number; null where it holds none. */
export function numberOf(a: string, field: SearchField, params: SqlParams): string {
  if (field.column) return `${a}.${field.column}`;
  const p = params.add(field.name, 'text');
  return `(CASE WHEN jsonb_typeof(${a}.data -> ${p}) = 'number' THEN (${a}.data ->> ${p})::numeric END)`;
}

/** Whether dates of `field` are instants (time stamps, date-times) rather than calendar dates. */
export const isInstantField = (field: SearchField): boolean => !!field.column || field.kinds.has('DTM');

/**
 * `i.data @> {prop: v}` (and `{prop: [v]}` where some type holds a list there): GIN-indexed
 * containment, for a plain value, an element of a list, or a relation's id.
 */
function contains(field: SearchField, path: readonly string[], values: readonly unknown[], rel: boolean, params: SqlParams): string {
  const ors: string[] = [];
  for (const v of values) {
    let inner: unknown = rel ? { id: v } : v;
    for (const seg of [...path].reverse()) inner = { [seg]: inner };
    if (field.single) ors.push(`i.data @> ${params.add(JSON.stringify({ [field.name]: inner }), 'jsonb')}`);
    if (field.multiple) ors.push(`i.data @> ${params.add(JSON.stringify({ [field.name]: [inner] }), 'jsonb')}`);
  }
  return `(${ors.join(' OR ')})`;
}

/** A LIKE pattern from a wildcard (`*` any run, `?` one character); LIKE's own characters are escaped. */
const likePattern = (wild: string): string =>
  wild
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');

/** A prefix text-search query of the words of `text` (each word quoted, so no operator gets through). */
export function prefixQuery(text: string): string {
  return text
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`)
    .join(' & ');
}

/**
 * A `fs` key's property and the path inside it: the longest leading part that names a property, so a
 * property whose name has a dot (`_wf.steps`) is found as itself (`fs-_wf.steps.state`).
 */
function splitPath(prop: string, fields: ReadonlyMap<string, SearchField>): string[] {
  const parts = prop.split('.');
  for (let n = parts.length; n > 1; n--) {
    const name = parts.slice(0, n).join('.');
    if (fields.has(name)) return [name, ...parts.slice(n)];
  }
  return parts;
}

/** The SQL of one filter with a property (every prefix but q, _, id and i), over table alias `i`. */
export function filterSql(filter: Filter, ctx: FilterContext): FilterResult {
  const key = `${filter.kind}-${filter.prop}`;
  const [name, ...path] = filter.kind === 'fs' ? splitPath(filter.prop, ctx.fields) : [filter.prop];
  const field = ctx.fields.get(name!);
  if (!field) return { ignored: `${key}: unknown property` };
  const allowed = KINDS_FOR[filter.kind];
  if (allowed !== 'any' && !(allowed ?? []).some((k) => field.kinds.has(k))) {
    return { ignored: `${key}: ${filter.kind} does not apply to a ${[...field.kinds].join('/')} property` };
  }
  if (!path.every((s) => SEGMENT.test(s))) return { ignored: `${key}: not a property path` };
  const { params } = ctx;
  const rel = field.kinds.has('REL') && path.length === 0;
  switch (filter.kind) {
    case 'ft':
    case 't':
    case 'fs': {
      const values = filter.kind === 'ft' ? stringList(key, filter.value) : scalarList(key, filter.value);
      if (field.column === 'idx') {
        if (!values.every((v) => Number.isInteger(Number(v)))) badValue(key, 'whole numbers');
        return { sql: `i.idx = ANY(${params.add(values.map(Number), 'bigint[]')})` };
      }
      if (field.column) {
        if (path.length > 0) return { ignored: `${key}: ${name} has no parts` };
        if (field.kinds.has('DTM')) return { ignored: `${key}: use dr or tr for ${name}` };
        return { sql: `i.${field.column} = ANY(${params.add(values.map(String), 'text[]')})` };
      }
      return { sql: contains(field, path, values, rel, params) };
    }
    case 'fw': {
      const patterns = stringList(key, filter.value).map((w) => params.add(likePattern(w), 'text'));
      if (field.column) return { sql: `(${patterns.map((p) => `i.${field.column} ILIKE ${p}`).join(' OR ')})` };
      if (field.kinds.has('REL')) {
        const j = jsonOf('i', field, params);
        return {
          sql: `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof(${j}) WHEN 'array' THEN ${j} WHEN 'object' THEN jsonb_build_array(${j}) ELSE '[]'::jsonb END) AS e(v)
          WHERE ${patterns.map((p) => `e.v->>'id' ILIKE ${p}`).join(' OR ')})`,
        };
      }
      if (!field.multiple) {
        const text = `i.data ->> ${params.add(field.name, 'text')}`;
        return { sql: `(${patterns.map((p) => `${text} ILIKE ${p}`).join(' OR ')})` };
      }
      const j = jsonOf('i', field, params);
      return {
        sql: `EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE jsonb_typeof(${j}) WHEN 'array' THEN ${j} ELSE jsonb_build_array(${j}) END) AS e(v)
          WHERE ${patterns.map((p) => `e.v ILIKE ${p}`).join(' OR ')})`,
      };
    }
    case 'm':
    case 'mp': {
      if (typeof filter.value !== 'string') badValue(key, 'text');
      const doc = field.column
        ? `to_tsvector('simple'::regconfig, i.${field.column})`
        : `to_tsvector('simple'::regconfig, ${jsonOf('i', field, params)})`;
      if (filter.kind === 'mp') return { sql: `${doc} @@ phraseto_tsquery('simple'::regconfig, ${params.add(filter.value, 'text')})` };
      const q = prefixQuery(filter.value);
      if (!q) return { ignored: `${key}: no words` };
      return { sql: `${doc} @@ to_tsquery('simple'::regconfig, ${params.add(q, 'text')})` };
    }
    case 'dr':
    case 'tr': {
      const instant = isInstantField(field);
      const r = dateRange(key, filter.value, { daysOnly: filter.kind === 'tr', tzOffset: instant ? ctx.tzOffset : 0 });
      const conds: string[] = [];
      if (r.from !== null) conds.push(compareDate('i', field, '>=', r.from, params));
      if (r.to !== null) conds.push(compareDate('i', field, r.toExclusive ? '<' : '<=', r.to, params));
      return { sql: conds.length ? `(${conds.join(' AND ')})` : `${instantOf('i', field, params)} IS NOT NULL` };
    }
    case 'nr': {
      const r = numberRange(key, filter.value);
      const x = numberOf('i', field, params);
      const conds: string[] = [];
      if (r.from !== null) conds.push(`${x} >= ${params.add(r.from, 'numeric')}`);
      if (r.to !== null) conds.push(`${x} <= ${params.add(r.to, 'numeric')}`);
      return { sql: conds.length ? `(${conds.join(' AND ')})` : `${x} IS NOT NULL` };
    }
    case 'fb': {
      if (typeof filter.value !== 'boolean') badValue(key, 'true or false');
      // A missing flag counts as false, as a form shows it.
      const isTrue = `i.data @> ${params.add(JSON.stringify({ [field.name]: true }), 'jsonb')}`;
      return { sql: filter.value ? isTrue : `NOT (${isTrue})` };
    }
    case 'gb': {
      const [w, s, e, n] = boundsValue(key, filter.value);
      // The index (items_geo_{prop}) holds only the items that have the shape, hence the `?`.
      const prop = params.add(field.name, 'text');
      const box = `box(point(${params.add(w, 'float8')}, ${params.add(s, 'float8')}), point(${params.add(e, 'float8')}, ${params.add(n, 'float8')}))`;
      return { sql: `(i.data ? ${prop} AND kk_geo_box(i.data -> ${prop}) && ${box})` };
    }
    default:
      return { ignored: `${key}: unknown key` };
  }
}
