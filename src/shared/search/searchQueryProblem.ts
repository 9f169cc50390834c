import { parseFreeText } from './parseFreeText';
import { searchLimits as L } from './searchLimits';

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A text-search operator of a [raw] query: and, or, not, followed-by and distance. */
const RAW_OPERATOR = /&|\||!|<(?:-|\d+)>/g;
const WILDCARD = /[*?]/g;

/** Running totals over the whole query, and the first bound it broke. */
class Tally {
  conditions = 0;
  values = 0;
  groups = 0;
}

/** The problem of one condition's value, counted into `tally`; null when within bounds. */
function valueProblem(key: string, value: unknown, tally: Tally): string | null {
  const kind = key.split('-', 1)[0];
  if (kind === 'q' || kind === 'm' || kind === 'mp') {
    if (typeof value !== 'string') return null; // the compiler refuses the type
    if (value.length > L.textLength) return `${key}: free text takes at most ${L.textLength} characters`;
    tally.values += 1;
    if (kind !== 'q') return null;
    const text = parseFreeText(value);
    const terms = text.words.length + text.phrases.length + text.raw.length + text.ids.length + text.numbers.length;
    if (terms > L.textTerms) return `${key}: free text takes at most ${L.textTerms} words, phrases and numbers`;
    const operators = text.raw.reduce((n, raw) => n + (raw.match(RAW_OPERATOR)?.length ?? 0), 0);
    if (operators > L.rawOperators) return `${key}: a [raw] text query takes at most ${L.rawOperators} operators`;
    return null;
  }
  const list = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [value];
  const most = kind === 'id' ? L.ids : kind === 'fw' ? L.wildcardPatterns : L.values;
  if (list.length > most) return `${key}: a condition lists at most ${most} values`;
  tally.values += list.length;
  for (const v of list) {
    if (typeof v !== 'string') continue;
    if (kind === 'fw') {
      if (v.length > L.wildcardLength) return `${key}: a wildcard pattern takes at most ${L.wildcardLength} characters`;
      if ((v.match(WILDCARD)?.length ?? 0) > L.wildcards) return `${key}: a wildcard pattern takes at most ${L.wildcards} wildcards`;
    } else if (v.length > L.valueLength) return `${key}: a value takes at most ${L.valueLength} characters`;
  }
  return null;
}

/** The problem of one clause (keyed object or filter list); null when within bounds. */
function clauseProblem(name: string, clause: unknown, tally: Tally): string | null {
  if (clause === undefined) return null;
  const conditions: [string, unknown][] = Array.isArray(clause)
    ? clause.map((f): [string, unknown] => (isObject(f) ? [`${String(f.kind)}-${String(f.prop ?? '')}`, f.value] : ['?', f]))
    : isObject(clause)
      ? Object.entries(clause)
      : [];
  if (conditions.length > L.clauseConditions) return `${name}: a clause takes at most ${L.clauseConditions} conditions`;
  tally.conditions += conditions.length;
  if (tally.conditions > L.conditions) return `search: at most ${L.conditions} conditions in the whole query`;
  for (const [key, value] of conditions) {
    if (key.length > L.keyLength) return `${name}: a key takes at most ${L.keyLength} characters`;
    const problem = valueProblem(key, value, tally);
    if (problem) return problem;
    if (tally.values > L.totalValues) return `search: at most ${L.totalValues} values in the whole query`;
  }
  return null;
}

function groupProblem(group: unknown, depth: number, tally: Tally): string | null {
  if (!isObject(group)) return null;
  if (depth > L.depth) return `search: subs nest at most ${L.depth} deep`;
  tally.groups += 1;
  if (tally.groups > L.groups) return `search: at most ${L.groups} groups in the whole query`;
  for (const name of ['must', 'should', 'mustNot'] as const) {
    const problem = clauseProblem(name, group[name], tally);
    if (problem) return problem;
  }
  for (const name of ['subs', 'subsShould'] as const) {
    const subs = group[name];
    if (!Array.isArray(subs)) continue;
    if (subs.length > L.subGroups) return `${name}: at most ${L.subGroups} groups`;
    for (const sub of subs) {
      const problem = groupProblem(sub, depth + 1, tally);
      if (problem) return problem;
    }
  }
  return null;
}

function facetProblem(facets: unknown): string | null {
  if (!Array.isArray(facets)) return null;
  if (facets.length > L.facets) return `facets: at most ${L.facets} facets`;
  for (const f of facets) {
    const key = typeof f === 'string' ? f : isObject(f) ? f.key : undefined;
    if (typeof key === 'string' && key.length > L.keyLength) return `facets: a key takes at most ${L.keyLength} characters`;
    if (!isObject(f)) continue;
    if (f.limit !== undefined && !(Number.isInteger(f.limit) && (f.limit as number) >= 1 && (f.limit as number) <= L.facetLimit)) {
      return `facets: limit is a whole number from 1 to ${L.facetLimit}`;
    }
    if (f.ranges !== undefined) {
      const ok =
        Array.isArray(f.ranges) &&
        f.ranges.every(
          (r) => Array.isArray(r) && r.length === 2 && r.every((x) => x === null || (typeof x === 'number' && Number.isFinite(x))),
        );
      if (!ok) return 'facets: ranges are [from, to] pairs of numbers or null';
      if ((f.ranges as unknown[]).length > L.facetRanges) return `facets: at most ${L.facetRanges} ranges`;
    }
  }
  return null;
}

/**
 * What puts a search query over the bounds of `searchLimits`, naming the bound, or null when it is
 * within them. Checks only sizes and counts; the shape is the schema's, the values the compiler's.
 */
export function searchQueryProblem(query: unknown): string | null {
  if (!isObject(query)) return null;
  const tally = new Tally();
  const max = query.max;
  if (typeof max === 'number' && max > L.page && max !== L.all)
    return `max: at most ${L.page}, or ${L.all} for all (which answers ${L.page} at most)`;
  if (Array.isArray(query.ids)) {
    if (query.ids.length > L.ids) return `ids: at most ${L.ids}`;
    if (query.ids.some((id) => typeof id === 'string' && id.length > L.valueLength))
      return `ids: an id takes at most ${L.valueLength} characters`;
    tally.values += query.ids.length;
  }
  if (Array.isArray(query.sort)) {
    if (query.sort.length > L.sortKeys) return `sort: at most ${L.sortKeys} sort keys`;
    if (query.sort.some((s) => isObject(s) && typeof s.key === 'string' && s.key.length > L.keyLength))
      return `sort: a key takes at most ${L.keyLength} characters`;
  }
  return facetProblem(query.facets) ?? groupProblem(query, 0, tally);
}
