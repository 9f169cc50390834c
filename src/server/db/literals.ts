import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

/**
 * Parameters as quoted SQL literals, for statements whose parameters go in their text (a BEGIN sent
 * with the first statement, beginWith.ts; the embedded database's reused plans, pgliteWorker.ts).
 * Each is first turned into the text pg would have sent for it (pg's own `prepareValue`) and then
 * quoted (`escapeLiteral`). A quoted literal is of type unknown, as an untyped parameter is, so
 * PostgreSQL resolves it the same way (`= ANY(…)`, `::jsonb`, a column's type). Answers null when
 * that cannot be done faithfully: a binary parameter.
 */
export function quotedLiterals(params: readonly unknown[]): string[] | null {
  const literals: string[] = [];
  for (const param of params) {
    const value: unknown = prepareValue(param);
    if (value === null || value === undefined) literals.push('NULL');
    else if (typeof value === 'string') literals.push(pg.escapeLiteral(value));
    else return null;
  }
  return literals;
}
