import type { Clause, SearchQuery, SearchReply } from '../../shared/search';
import { searchQueryProblem } from '../../shared/search/searchQueryProblem';
import type { Database } from '../db/Database';
import { OpError } from '../OpError';
import type { Caller } from '../policy/Principal';
import { compileSearch } from './compileSearch';
import { facetBuckets } from './facetSql';
import { SearchFields, type TypeRegistryLike } from './SearchFields';

/** Labels of the items among `ids` that the caller may read (the item store answers this). */
export type LabelLookup = (caller: Caller, ids: readonly string[]) => Promise<Record<string, string>>;

interface SearchRow {
  total: number;
  page: [string, string][] | string;
  [facet: string]: unknown;
}

/** PostgreSQL's SQLSTATE for a syntax error, which a malformed [raw] text query raises. */
const SYNTAX_ERROR = '42601';

/** Runs search queries: compiles, runs the one statement, and shapes the reply of `search/ids`. */
/** Item ids, as a relation facet's terms are. */
const ITEM_ID = /^[A-Z][A-Za-z0-9]*-[1-9][0-9]*$/;

/** The values of a clause: a keyed record's values, or a filter list's. */
const clauseValues = (clause: Clause | undefined): unknown[] =>
  !clause ? [] : Array.isArray(clause) ? clause.map((f) => f.value) : Object.values(clause);

/**
 * The item ids chosen in the facet `key` (its top-level `subs` group): a chosen bucket the answer no
 * longer counts still needs its label, so that the browser can show it as applied with 0 hits.
 */
function chosenIds(query: SearchQuery, key: string): string[] {
  const ids: string[] = [];
  for (const group of query.subs ?? []) {
    if (group.facet !== key) continue;
    const values = [group.must, group.should].flatMap(clauseValues).flat();
    for (const v of values) if (typeof v === 'string' && ITEM_ID.test(v)) ids.push(v);
  }
  return ids;
}

export class SearchService {
  private readonly fields: SearchFields;

  constructor(
    private readonly db: Database,
    registry: TypeRegistryLike,
    private readonly labelsOf: LabelLookup,
    private readonly warn: (message: string) => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.fields = new SearchFields(registry);
  }

  /** Answers the ids, labels, total and facets of `query` as `caller` may see them. */
  async search(caller: Caller, query: SearchQuery): Promise<SearchReply> {
    // The socket's schema checks this too; tasks and server code reach here without it.
    const problem = searchQueryProblem(query);
    if (problem) throw new OpError('parseRequestFailed', `search: ${problem}`);
    const compiled = compileSearch(query, { caller, fields: this.fields, now: this.now() });
    if (compiled.ignored.length) this.warn(`search: ignored ${compiled.ignored.join('; ')}`);
    let row: SearchRow;
    try {
      row = (await this.db.query<SearchRow>(compiled.sql, compiled.params)).rows[0]!;
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === SYNTAX_ERROR) throw new OpError('parseRequestFailed', `search: ${(e as Error).message}`);
      throw e;
    }
    const page = (typeof row.page === 'string' ? JSON.parse(row.page) : row.page) as [string, string][];
    const reply: SearchReply = { ids: page.map(([id]) => id), labels: {}, total: Number(row.total), facets: {} };
    const idTerms: string[] = [];
    compiled.facets.forEach((f, n) => {
      const buckets = facetBuckets(f, row[`f${n}`]);
      reply.facets[f.key] = buckets;
      if (f.idTerms) idTerms.push(...buckets.map((b) => b.key), ...chosenIds(query, f.key));
    });
    if (query.labels) {
      for (const [id, label] of page) reply.labels[id] = label;
      const more = idTerms.filter((id) => !(id in reply.labels));
      if (more.length) Object.assign(reply.labels, await this.labelsOf(caller, more));
    }
    if (compiled.ignored.length) reply.ignored = compiled.ignored;
    return reply;
  }
}
