/**
 * Partial indexes of the dashboard's list cards: one per card (per branch of its `anyOf`), holding only
 * the live items of the card's type that meet its fixed conditions, ordered by its past-due date or
 * by the column it is ordered by (created, updated). A card's search then reads its few thousand items from that index alone, its other
 * conditions proven by the index's own: the overdue responses of 60,000 (3,840 of them) were each read
 * from the table and their JSON tested four times over, 40 ms a search on PostgreSQL; the index gives
 * them in 5 ms (docs/decisions.md).
 *
 * The predicate is written by the search's own filter compiler with its values as literals, so it is
 * the same expression, clause for clause, as the card's search: the planner uses an index only when
 * the query's conditions imply the index's. `test/server/cardIndexes.test.ts` checks that it does.
 */
import { createHash } from 'node:crypto';
import type { CardConditions, CardDef } from '../../shared/dashboard/CardDef';
import { parseKey } from '../../shared/search';
import { filterSql } from './filterSql';
import type { SearchFields } from './SearchFields';
import { SqlParams } from './SqlParams';

/** The prefix of every card index's name: those no card asks for any more are dropped. */
export const CARD_INDEX_PREFIX = 'items_card_';

/** One card index: its name and the statement that makes it when missing. */
export interface CardIndex {
  name: string;
  sql: string;
}

/** A SQL literal of `value`, cast as a placeholder would be. */
function literal(value: unknown, cast?: string): string {
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const text = Array.isArray(value)
    ? `ARRAY[${value.map((v) => (typeof v === 'number' ? String(v) : quote(String(v)))).join(', ')}]`
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : quote(String(value));
  return cast ? `${text}::${cast}` : text;
}

/** Placeholders written as literals: a statement with no parameters (an index's predicate). */
class LiteralParams extends SqlParams {
  override add(value: unknown, cast?: string): string {
    return literal(value, cast);
  }
}

/** `sql` with the search's table alias `i.` taken off, outside its string literals. */
const unaliased = (sql: string): string =>
  sql
    .split(/('(?:[^']|'')*')/)
    .map((part, n) => (n % 2 === 1 ? part : part.replace(/\bi\./g, '')))
    .join('');

/** The fixed conditions of `c` as SQL over `items`, or null when one cannot be written (a relative date, the reader's own). */
function conditionsSql(c: CardConditions, fields: ReturnType<SearchFields['fieldsOf']>): string[] | null {
  const out: string[] = [];
  const params = new LiteralParams();
  for (const [negate, clause] of [
    [false, c.must],
    [true, c.mustNot],
  ] as const) {
    for (const [key, value] of Object.entries(clause ?? {})) {
      const parsed = parseKey(key);
      if (!parsed || parsed.kind === 'dr' || parsed.kind === 'tr' || parsed.kind === 'q' || parsed.kind === '_') return null;
      const r = filterSql({ ...parsed, value }, { params, fields, tzOffset: 0 });
      if ('ignored' in r) return null;
      const sql = unaliased(r.sql);
      out.push(negate ? `NOT coalesce(${sql}, false)` : sql);
    }
  }
  return out;
}

/** The index of one branch: by its past-due date, else by the column the card is ordered by (newest first by default). */
function branchIndex(card: CardDef, branch: CardConditions, fields: ReturnType<SearchFields['fieldsOf']>): CardIndex | null {
  const own = conditionsSql(card, fields);
  const more = branch === card ? [] : conditionsSql(branch, fields);
  if (!own || !more) return null;
  const where = [`type = ${literal(card.type)}`, 'deleted_at IS NULL', ...own, ...more];
  let key: string;
  if (branch.pastDue) {
    const value = `(data ->> ${literal(branch.pastDue, 'text')})`;
    // As the search compares a calendar date (compareDate): its text, when it reads as one.
    key = `${value} COLLATE "C"`;
    where.push(`${value} LIKE '____-__-__'`);
  } else {
    // Ordered by a column (created, updated): its items in that order, counted from the index alone.
    const column = fields.get(card.sort?.[0]?.key ?? 'created')?.column;
    if (!column || own.length + more.length === 0) return null;
    key = column;
  }
  const sql = `ON items (${key}) WHERE ${where.join(' AND ')}`;
  const name = `${CARD_INDEX_PREFIX}${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
  return { name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ${sql}` };
}

/** The indexes of `cards`' searches, each once: list cards, not the reader's own (`mine`), with fixed conditions. */
export function cardIndexes(cards: Iterable<CardDef>, fields: SearchFields): CardIndex[] {
  const byName = new Map<string, CardIndex>();
  for (const card of cards) {
    if (card.kind !== 'list' || card.mine || !fields.typeNamed(card.type)) continue;
    const map = fields.fieldsOf([card.type]);
    const branches = card.anyOf?.length ? card.anyOf : [card];
    for (const branch of branches) {
      const index = branchIndex(card, branch, map);
      if (index) byName.set(index.name, index);
    }
  }
  return [...byName.values()];
}
