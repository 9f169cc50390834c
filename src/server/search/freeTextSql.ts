import { parseFreeText } from '../../shared/search';
import { prefixQuery } from './filterSql';
import type { SearchFields } from './SearchFields';
import { badValue } from './searchValues';
import type { SqlParams } from './SqlParams';

/** Free text as SQL: the condition, and the text-search query to rank by (null when none). */
export interface FreeTextSql {
  sql: string;
  tsquery: string | null;
}

/**
 * Compiles free text (spec 000 §5) over table alias `i` against the stored `search_text`: words
 * match as prefixes, "phrases" in order, [raw] as a PostgreSQL text-search query, every part
 * required. Pure digits match the type index or that number in the item. A token like
 * `contact-12` naming a registered type finds that item as well as whatever the rest finds.
 * Text under `minText` characters matches nothing, as the search bar asks the user to keep typing
 * (a short number still looks up a type index).
 */
export function freeTextSql(value: unknown, params: SqlParams, fields: SearchFields, minText: number): FreeTextSql {
  if (typeof value !== 'string') return badValue('q', 'text');
  if (value.trim().length < minText && !/^\d+$/.test(value.trim())) return { sql: 'FALSE', tsquery: null };
  const parsed = parseFreeText(value);
  const ids: string[] = [];
  for (const token of parsed.ids) {
    const [type, index] = token.split('-') as [string, string];
    const def = fields.typeNamed(type);
    if (def) ids.push(`${def.name}-${Number(index)}`);
    else parsed.words.push(token);
  }
  const queries: string[] = [];
  const words = prefixQuery(parsed.words.join(' '));
  if (words) queries.push(`to_tsquery('simple'::regconfig, ${params.add(words, 'text')})`);
  for (const phrase of parsed.phrases) queries.push(`phraseto_tsquery('simple'::regconfig, ${params.add(phrase, 'text')})`);
  for (const raw of parsed.raw) queries.push(`to_tsquery('simple'::regconfig, ${params.add(raw, 'text')})`);
  const tsquery = queries.length ? `(${queries.join(' && ')})` : null;
  const conds: string[] = [];
  if (tsquery) conds.push(`i.search_text @@ ${tsquery}`);
  for (const n of parsed.numbers) {
    conds.push(`(i.idx = ${params.add(n, 'bigint')} OR i.search_text @@ to_tsquery('simple'::regconfig, ${params.add(n, 'text')}))`);
  }
  const rest = conds.length ? conds.join(' AND ') : null;
  const byId = ids.length ? `i.id = ANY(${params.add(ids, 'text[]')})` : null;
  const sql = byId && rest ? `(${byId} OR (${rest}))` : (byId ?? (rest ? `(${rest})` : 'FALSE'));
  return { sql, tsquery };
}
