/**
 * A column's sub-parameters `c{N}.{name}` (spec 000 §2 Routing: a per-column route parameter is carried in the
 * query string as c0, c1 and so on): more than one value a column keeps in the address, e.g. a results view's
 * facets, sort and display (machines/search/resultsAddress.ts). They belong to column N as `c{N}` does, so they
 * go when it closes.
 */
import { columnParam, type ParsedLocation } from './parseLocation';
import { formatLocation } from './formatLocation';

/** The prefix of column `index`'s sub-parameters. */
export const columnParamPrefix = (index: number): string => `${columnParam(index)}.`;

/** Column `index`'s sub-parameters in `query`, without their prefix, in order. */
export function columnParamsOf(query: ReadonlyArray<readonly [string, string]>, index: number): Array<[string, string]> {
  const prefix = columnParamPrefix(index);
  return query.filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]);
}

/** The location with column `index`'s sub-parameters replaced by `params` (its `c{N}` and every other parameter kept). */
export function withColumnParams(parsed: ParsedLocation, index: number, params: ReadonlyArray<readonly [string, string]>): string {
  const prefix = columnParamPrefix(index);
  const query: Array<[string, string]> = parsed.query.filter(([key]) => !key.startsWith(prefix));
  for (const [name, value] of params) query.push([`${prefix}${name}`, value]);
  return formatLocation(parsed.cells, query);
}

/** Whether two lists of sub-parameters say the same. */
export const sameColumnParams = (
  a: ReadonlyArray<readonly [string, string]> = [],
  b: ReadonlyArray<readonly [string, string]> = [],
): boolean => JSON.stringify(a) === JSON.stringify(b);
