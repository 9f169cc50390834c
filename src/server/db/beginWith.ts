import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { replacePlaceholders } from './placeholders';

/**
 * The first statement of a transaction sent with its BEGIN in one message, as one simple query
 * (`BEGIN; …`), so a transaction costs one round trip to PostgreSQL fewer (issue 20: each round trip
 * is a write, a wake-up of the backend and a read, which is what an update spends its time on).
 *
 * The parameters become quoted literals: each is first turned into the text the driver would have
 * sent for it (pg's own `prepareValue`) and then quoted (pg's `escapeLiteral`). A quoted literal is
 * of type unknown, as an untyped parameter is, so PostgreSQL resolves it the same way (`= ANY(…)`,
 * `::jsonb`, a column's type). Answers null when that cannot be done faithfully: a binary
 * parameter, dollar quoting in the statement (where `$1` might be text), or placeholders that do
 * not match the parameters; the caller then sends BEGIN on its own.
 */
export function beginWith(sql: string, params: readonly unknown[]): string | null {
  if (sql.includes('$$')) return null;
  const literals: string[] = [];
  for (const param of params) {
    const value: unknown = prepareValue(param);
    if (value === null || value === undefined) literals.push('NULL');
    else if (typeof value === 'string') literals.push(pg.escapeLiteral(value));
    else return null;
  }
  let unmatched = false;
  const used = new Set<number>();
  const inlined = replacePlaceholders(sql, (n) => {
    const literal = literals[n - 1];
    if (literal === undefined) unmatched = true;
    used.add(n);
    return literal ?? '';
  });
  if (unmatched || used.size !== params.length) return null;
  return `BEGIN; ${inlined}`;
}
