import { parseKey, searchConstants, searchLimits } from '../../shared/search';
import type { Clause, FacetRequest, Filter, SearchGroup, SearchQuery } from '../../shared/search';
import { scopedReadPredicate } from '../policy/policy';
import type { Caller } from '../policy/Principal';
import { facetSql, type CompiledFacet } from './facetSql';
import { filterSql, numberOf } from './filterSql';
import { freeTextSql } from './freeTextSql';
import type { PropertyKind } from '../../shared/items/types';
import type { SearchField, SearchFields } from './SearchFields';
import { badValue, scalarList, stringList } from './searchValues';
import { SqlParams } from './SqlParams';
import { virtualSource } from './virtualSource';
import { withReaderContact } from '../../shared/search/readerContact';

/** A query compiled to one parameterised statement, and how to read its row. */
export interface CompiledSearch {
  sql: string;
  params: unknown[];
  facets: CompiledFacet[];
  /** What was not understood and left out (spec 000 §3: logged and ignored). */
  ignored: string[];
}

/** What compiling needs besides the query. */
export interface CompileOptions {
  caller: Caller;
  fields: SearchFields;
  now: Date;
}

/** Normalises a clause (keyed object or filter list) to filters; filters missing a part are dropped. */
function filtersOf(clause: Clause | undefined, ignored: string[]): Filter[] {
  if (!clause) return [];
  const raw: Partial<Filter>[] = Array.isArray(clause)
    ? clause
    : Object.entries(clause).map(([key, value]) => ({ ...(parseKey(key) ?? { kind: undefined, prop: key }), value }));
  const out: Filter[] = [];
  for (const f of raw) {
    const parsed = typeof f.kind === 'string' ? (parseKey(f.kind) ?? parseKey(`${f.kind}-${String(f.prop ?? '')}`)) : null;
    if (!parsed || f.value === undefined || f.value === null) {
      ignored.push(`${String(f.kind ?? '?')}-${String(f.prop ?? '')}: ${parsed ? 'no value' : 'unknown key'}`);
      continue;
    }
    out.push({ ...parsed, value: f.value });
  }
  return out;
}

/** Whether any condition of `group`, or of its groups, is about `prop`. */
function namesProperty(group: SearchGroup, prop: string, ignored: string[]): boolean {
  const clauses = [group.must, group.should, group.mustNot];
  if (clauses.some((c) => filtersOf(c, ignored.slice()).some((f) => f.prop === prop))) return true;
  return [...(group.subs ?? []), ...(group.subsShould ?? [])].some((g) => namesProperty(g, prop, ignored));
}

/** Types named by `_` in `must` along every all-of path: the query's scope. */
function scopeTypes(group: SearchGroup, fields: SearchFields, out: Set<string>): void {
  for (const f of filtersOf(group.must, [])) {
    if (f.kind !== '_') continue;
    for (const name of stringList('_', f.value)) {
      const def = fields.typeNamed(name);
      if (def) out.add(def.name);
    }
  }
  for (const sub of group.subs ?? []) scopeTypes(sub, fields, out);
}

/** The registered types `query` is narrowed to (by `_` in `must` along every all-of path); empty for a general search. */
export function searchScope(query: SearchQuery, fields: SearchFields): Set<string> {
  const scope = new Set<string>();
  scopeTypes(query, fields, scope);
  return scope;
}

/**
 * Compiles a search query to one statement: a `hits` CTE of every readable, undeleted match
 * (the permission predicate is part of its WHERE), then the total, the page of ids and labels,
 * and one sub-select per facet over the hits. Every value is a parameter; property names come
 * from the type registry's whitelist and reach SQL as parameters too.
 */
export function compileSearch(query: SearchQuery, options: CompileOptions): CompiledSearch {
  const { fields } = options;
  const params = new SqlParams();
  const ignored: string[] = [];
  const tzOffset = query.tzOffset ?? 0;
  const scope = new Set<string>();
  scopeTypes(query, fields, scope);
  const fieldMap = fields.fieldsOf(scope.size ? [...scope] : null);
  let rankQuery: string | null = null;

  const condition = (f: Filter, top: boolean): string | null => {
    switch (f.kind) {
      case 'q': {
        const ft = freeTextSql(f.value, params, fields, searchConstants.minText);
        if (top && ft.tsquery && rankQuery === null) rankQuery = ft.tsquery;
        return ft.sql;
      }
      case '_': {
        const names = stringList('_', f.value)
          .map((n) => fields.typeNamed(n)?.name)
          .filter((n): n is string => !!n);
        if (names.length === 0) {
          ignored.push('_: no registered type');
          return null;
        }
        return `i.type = ANY(${params.add(names, 'text[]')})`;
      }
      case 'id':
        return `i.id = ANY(${params.add(stringList('id', f.value), 'text[]')})`;
      case 'i': {
        const idx = scalarList('i', f.value).map(Number);
        if (!idx.every(Number.isSafeInteger)) badValue('i', 'whole numbers');
        return `i.idx = ANY(${params.add(idx, 'bigint[]')})`;
      }
      default: {
        // The reader's own person record (a card's "mine"), as the session knows it.
        const value = withReaderContact(f.value, options.caller?.contactId);
        if (value === null) return 'FALSE';
        const r = filterSql({ ...f, value }, { params, fields: fieldMap, tzOffset });
        if ('ignored' in r) {
          ignored.push(r.ignored);
          return null;
        }
        return r.sql;
      }
    }
  };

  const group = (g: SearchGroup, top: boolean): string | null => {
    const all: string[] = [];
    for (const f of filtersOf(g.must, ignored)) {
      const c = condition(f, top);
      if (c) all.push(c);
    }
    for (const f of filtersOf(g.mustNot, ignored)) {
      const c = condition(f, false);
      if (c) all.push(`NOT coalesce(${c}, false)`);
    }
    for (const sub of g.subs ?? []) {
      const c = group(sub, top);
      if (c) all.push(c);
    }
    const any: string[] = [];
    for (const f of filtersOf(g.should, ignored)) {
      const c = condition(f, false);
      if (c) any.push(c);
    }
    for (const sub of g.subsShould ?? []) any.push(group(sub, false) ?? 'TRUE');
    const min = Math.min(g.minShould ?? (any.length ? 1 : 0), any.length);
    if (min === 1) all.push(`(${any.join(' OR ')})`);
    else if (min > 1) all.push(`(${any.map((c) => `coalesce(${c}, false)::int`).join(' + ')}) >= ${params.add(min, 'int')}`);
    return all.length ? `(${all.join(' AND ')})` : null;
  };

  // Virtual types searched alone read from their own rows, permission-filtered inside; beside
  // stored types they are left out (their items are the Attachments such a search finds anyway).
  const virtual = [...scope].map((name) => fields.typeNamed(name)!).filter((def) => def.virtual);
  const viewOnly = virtual.length > 0 && virtual.length === scope.size;
  if (virtual.length > 0 && !viewOnly) ignored.push(`_: ${virtual.map((d) => d.name).join(', ')} only searched alone`);
  const from = viewOnly ? `${virtualSource(virtual, options.caller, params)} i` : 'items i';
  // The permission predicate of the types the top-level conditions allow (every hit, and every
  // facet's hits, is of one of them): a search of one type reads as that type's rule alone.
  const ownTypes = new Set<string>();
  for (const f of filtersOf(query.must, [])) {
    if (f.kind !== '_') continue;
    for (const name of stringList('_', f.value)) {
      const def = fields.typeNamed(name);
      if (def) ownTypes.add(def.name);
    }
  }
  const where = ['i.deleted_at IS NULL', viewOnly ? 'TRUE' : scopedReadPredicate(options.caller, params.values, [...ownTypes])];
  // General search: the registered types not marked excludeGeneralSearch (items of a type no
  // longer registered cannot be presented, so they are left out too).
  if (scope.size === 0) where.push(`i.type = ANY(${params.add(fields.generalTypes(), 'text[]')})`);
  if (query.ids) where.push(`i.id = ANY(${params.add(query.ids, 'text[]')})`);
  // Top-level groups that narrow by a facet are kept apart: that facet counts the hits without them.
  const narrowing = new Map<string, string[]>();
  const isNarrowing = (g: SearchGroup): boolean => typeof g.facet === 'string' && g.facet !== '';
  const cond = group({ ...query, subs: (query.subs ?? []).filter((g) => !isNarrowing(g)) }, true);
  if (cond) where.push(cond);
  for (const sub of (query.subs ?? []).filter(isNarrowing)) {
    const c = group(sub, true);
    if (c) narrowing.set(sub.facet!, [...(narrowing.get(sub.facet!) ?? []), c]);
  }
  // Items a type keeps out of results in some states (archived places) unless the query names the
  // property: they narrow as that property's facet would, so the facet still counts them.
  if (!viewOnly) {
    for (const name of scope.size ? [...scope] : fields.generalTypes()) {
      const hidden = fields.typeNamed(name)?.hiddenStates;
      if (!hidden || namesProperty(query, hidden.property, ignored)) continue;
      const value = `i.data ->> ${params.add(hidden.property, 'text')}`;
      const c = `NOT (i.type = ${params.add(name, 'text')} AND coalesce(${value} = ANY(${params.add([...hidden.values], 'text[]')}), false))`;
      narrowing.set(hidden.property, [...(narrowing.get(hidden.property) ?? []), c]);
    }
  }
  const narrowed = (except: string | null): string[] => [...narrowing].filter(([key]) => key !== except).flatMap(([, conds]) => conds);

  const facets: CompiledFacet[] = [];
  const facetHits: { name: string; where: string[] }[] = [];
  for (const req of query.facets ?? []) {
    const request = typeof req === 'string' ? { key: req } : (req as FacetRequest);
    if (fieldMap.get(request.key)?.adminOnly && !options.caller?.admin) {
      ignored.push(`facet ${request.key}: administrators only`);
      continue;
    }
    let source = 'hits';
    if (narrowing.has(request.key)) {
      source = `hits_${facetHits.length}`;
      facetHits.push({ name: source, where: [...where, ...narrowed(request.key)] });
    }
    const r = facetSql(request, fieldMap, params, options.now, tzOffset, source);
    if ('ignored' in r) ignored.push(r.ignored);
    else facets.push(r);
  }
  const order = orderBy(query, fieldMap, params, rankQuery !== null, ignored);
  const needsData = facets.some((f) => f.needsData) || order.needsData;
  const score = rankQuery && order.needsScore ? `ts_rank(i.search_text, ${rankQuery})` : '0::real';
  // The spec's "all" answers one bounded page; the total still counts every hit.
  const max = Math.min(query.max ?? searchConstants.defaultMax, searchLimits.page);

  // A search of a few types carries of an item's data only what the facets and the order read: the
  // rest (descriptions, notes: most of its size) would be copied for every hit, spill to disk and
  // make each facet's reading slower. (Removing properties costs less than building an object of
  // those kept; a general search, over every type's properties, keeps the data whole.)
  const dataKeys = new Set([...facets.filter((f) => f.needsData).map((f) => f.key), ...order.dataKeys]);
  const unread = scope.size ? [...fieldMap.values()].filter((f) => !f.column && !dataKeys.has(f.name)).map((f) => f.name) : [];
  // Without facets or free text, the hits are read twice (their count, their page), each planned on
  // its own, rather than every hit being copied aside: the count reads no more than its filter needs,
  // and the page follows the index of its order and stops at its limit. On 3,840 overdue responses of
  // 60,000 a card's query took 7 ms instead of 40 (PostgreSQL, with the card's index). Twice is worth
  // it when the reader's rule costs nothing per row (an administrator, a responder), or when the page
  // is the newest first; a rule read per row (a proponent's, through the consultations' communities)
  // is better tested once, as the hits are copied aside.
  const readsAll = where[1] === 'TRUE';
  const inline = facets.length === 0 && rankQuery === null && !viewOnly && (readsAll || order.sql.startsWith('h.created_at '));
  const data = !needsData
    ? 'NULL::jsonb AS data'
    : !inline && unread.length && unread.length <= MAX_UNREAD
      ? `i.data - ${params.add(unread, 'text[]')} AS data`
      : // Inlined, the page's order reads the item's own data, as the date indexes are written.
        'i.data';
  const columns = `i.id, i.type, i.idx, i.label, i.created_at, i.updated_at, i.created_by, ${data}`;
  const others = facetHits
    .map((h) => `,\n  ${h.name} AS MATERIALIZED (SELECT ${columns}, 0::real AS score FROM ${from} WHERE ${h.where.join('\n      AND ')})`)
    .join('');
  const sql = `WITH hits AS ${inline ? 'NOT ' : ''}MATERIALIZED (
    SELECT ${columns}, ${score} AS score
    FROM ${from} WHERE ${[...where, ...narrowed(null)].join('\n      AND ')}
  )${others}
  SELECT (SELECT count(*) FROM hits)::int AS total,
    (SELECT coalesce(json_agg(json_build_array(p.id, p.label)), '[]'::json)
       FROM (SELECT h.id, h.label FROM hits h ORDER BY ${order.sql} LIMIT ${params.add(max, 'bigint')}) p) AS page${facets.map((f, n) => `,\n    ${f.sql} AS f${n}`).join('')}`;
  return { sql, params: params.values, facets, ignored };
}

/** Most properties a search's hits leave out of their data (each costs a comparison per property of every hit). */
const MAX_UNREAD = 64;

/** The item columns that always hold a value. */
const NOT_NULL: ReadonlySet<string> = new Set(['created_at', 'updated_at', 'idx', 'label']);

/** ORDER BY over the hits: the asked keys that are sortable, then newest first and id for a stable order. */
function orderBy(query: SearchQuery, fields: ReadonlyMap<string, SearchField>, params: SqlParams, hasRank: boolean, ignored: string[]) {
  const parts: string[] = [];
  let needsData = false;
  let needsScore = false;
  const dataKeys: string[] = [];
  const asked = query.sort ?? (hasRank ? [{ key: 'score', order: 'desc' as const }] : searchConstants.defaultSort);
  for (const s of asked) {
    const dir = s.order === 'asc' ? 'ASC' : 'DESC';
    if (s.key === 'score') {
      if (!hasRank) continue;
      needsScore = true;
      parts.push(`h.score ${dir}`);
      continue;
    }
    if (s.key === 'type') {
      parts.push(`h.type ${dir}`);
      continue;
    }
    const field = fields.get(s.key);
    if (!field || !field.sortable) {
      ignored.push(`sort ${s.key}: not a sortable property`);
      continue;
    }
    // A column never empty sorts as its index does (a NULLS LAST would keep the index from giving the order).
    if (field.column) parts.push(`h.${field.column} ${dir}${NOT_NULL.has(field.column) ? '' : ' NULLS LAST'}`);
    else {
      needsData = true;
      dataKeys.push(field.name);
      // Numbers sort as numbers, and a value that is not one sorts with the missing ones. Calendar
      // dates (YYYY-MM-DD) sort as their text, byte by byte: in the same order as their JSON values,
      // several times faster (a page of 10,000 consultations by requested response date).
      const only = (kind: PropertyKind) => field.kinds.size === 1 && field.kinds.has(kind);
      const value = only('NUM')
        ? numberOf('h', field, params)
        : only('DT')
          ? `(h.data ->> ${params.add(field.name, 'text')}) COLLATE "C"`
          : `h.data -> ${params.add(field.name, 'text')}`;
      parts.push(`${value} ${dir} NULLS LAST`);
    }
  }
  parts.push('h.created_at DESC', 'h.id');
  return { sql: parts.join(', '), needsData, needsScore, dataKeys };
}
