import * as yup from 'yup';
import { SEARCH_MAX_ALL } from '../constants';
import { lazy } from '../lazy';
import { searchLimits } from './searchLimits';
import { searchQueryProblem } from './searchQueryProblem';

/** Most ids a query may restrict itself to. */
export const SEARCH_MAX_IDS = searchLimits.ids;
/** Deepest nesting of `subs` and `subsShould`. */
export const SEARCH_MAX_DEPTH = searchLimits.depth;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isClause = (v: unknown): boolean => v === undefined || isObject(v) || (Array.isArray(v) && v.every((f) => isObject(f)));

function groupOk(v: unknown, depth: number): boolean {
  if (!isObject(v)) return false;
  if (depth > SEARCH_MAX_DEPTH) return false;
  if (![v.must, v.should, v.mustNot].every(isClause)) return false;
  if (v.minShould !== undefined && !(Number.isInteger(v.minShould) && (v.minShould as number) >= 0)) return false;
  for (const subs of [v.subs, v.subsShould]) {
    if (subs === undefined) continue;
    if (!Array.isArray(subs) || !subs.every((s) => groupOk(s, depth + 1))) return false;
  }
  return true;
}

/** Shape of the body of `search/ids` (values inside conditions are checked by the server per key). */
export const searchQuerySchema = lazy(() =>
  yup
    .mixed<Record<string, unknown>>()
    .test('query', 'search/ids needs a query object', (v) => isObject(v))
    .test(
      'groups',
      `must, should and mustNot are objects or lists of filters; subs nest at most ${SEARCH_MAX_DEPTH} deep; minShould is a whole number`,
      (v) => groupOk(v, 0),
    )
    .test(
      'max',
      `max is a whole number from 0 to ${SEARCH_MAX_ALL}`,
      (v) => v?.max === undefined || (Number.isInteger(v.max) && (v.max as number) >= 0 && (v.max as number) <= SEARCH_MAX_ALL),
    )
    .test(
      'ids',
      `ids is a list of at most ${SEARCH_MAX_IDS} strings`,
      (v) => v?.ids === undefined || (Array.isArray(v.ids) && v.ids.length <= SEARCH_MAX_IDS && v.ids.every((x) => typeof x === 'string')),
    )
    .test(
      'sort',
      'sort is a list of {key, order: asc|desc}',
      (v) =>
        v?.sort === undefined ||
        (Array.isArray(v.sort) &&
          v.sort.every((s) => isObject(s) && typeof s.key === 'string' && (s.order === 'asc' || s.order === 'desc'))),
    )
    .test(
      'facets',
      'facets is a list of keys or {key, kind?, limit?, ranges?}',
      (v) =>
        v?.facets === undefined ||
        (Array.isArray(v.facets) && v.facets.every((f) => typeof f === 'string' || (isObject(f) && typeof f.key === 'string'))),
    )
    .test('labels', 'labels is a boolean', (v) => v?.labels === undefined || typeof v.labels === 'boolean')
    .test(
      'tzOffset',
      'tzOffset is minutes from -900 to 900',
      (v) => v?.tzOffset === undefined || (Number.isInteger(v.tzOffset) && Math.abs(v.tzOffset as number) <= 900),
    )
    // Sizes and counts last: the message names the bound that was passed (issue 19, finding 1).
    .test('bounds', 'the query is within the search limits', (v, ctx) => {
      const problem = searchQueryProblem(v);
      return problem === null || ctx.createError({ message: problem });
    }),
);
