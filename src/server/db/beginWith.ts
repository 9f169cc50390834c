import { quotedLiterals } from './literals';
import { replacePlaceholders } from './placeholders';

/**
 * The first statement of a transaction sent with its BEGIN in one message, as one simple query
 * (`BEGIN; …`), so a transaction costs one round trip to PostgreSQL fewer (issue 20: each round trip
 * is a write, a wake-up of the backend and a read, which is what an update spends its time on).
 *
 * The parameters become quoted literals (literals.ts). Answers null when that cannot be done
 * faithfully: a binary parameter, dollar quoting in the statement (where `$1` might be text), or
 * placeholders that do not match the parameters; the caller then sends BEGIN on its own.
 */
export function beginWith(sql: string, params: readonly unknown[]): string | null {
  if (sql.includes('$$')) return null;
  const literals = quotedLiterals(params);
  if (!literals) return null;
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
